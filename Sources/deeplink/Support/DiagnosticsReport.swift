import ArgumentParser
import DeepLinkCore

/// The text and JSON forms of a validation report, shared by `check` and the `validate` subcommands.
enum DiagnosticsReport {
    /// `severity: file:line:column: path: message [code]` lines and a summary (`file: OK, 0 warnings`,
    /// with `what` after `OK` when given), or the JSON object `{"valid", "passed", "errors", "warnings", "diagnostics"}`.
    /// - Parameter strict: Whether warnings fail the check (`check --strict`): a report with
    ///   warnings and no errors then says `failed (--strict)` instead of `OK`, and `passed` is false
    ///   while `valid` stays true.
    static func render(_ diagnostics: [Diagnostic], file: String, json: Bool, what: String? = nil, strict: Bool = false) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        let passed = errors == 0 && !(strict && warnings > 0)
        if json {
            return JSONWriter.write([
                "valid": .bool(errors == 0), "passed": .bool(passed), "errors": .number(Double(errors)), "warnings": .number(Double(warnings)),
                "diagnostics": .array(diagnostics.map(\.jsonValue)),
            ])
        }
        let lines = diagnostics.map { "\($0.severity.rawValue): \($0.description) (\($0.code))" }
        let verdict =
            errors > 0 ? counted(errors, "error") : [passed ? "OK" : "failed (--strict)", what].compactMap { $0 }.joined(separator: ", ")
        let summary = "\(file): \(verdict), \(counted(warnings, "warning"))"
        return (lines + [summary]).joined(separator: "\n")
    }
}

/// `--file` and `--json` of the `validate` subcommands.
struct ValidateOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The file to validate.", valueName: "file"))
    var file: String

    @Flag(help: "Print a JSON object with the diagnostics instead of text.")
    var json = false

    /// The report of `validate` applied to the file; a file with errors fails with the report as the message.
    func render(_ validate: (_ text: String, _ file: String) -> [Diagnostic]) throws(CommandFailure) -> String {
        let diagnostics = validate(try readTextFile(file, what: "the file"), file)
        let output = DiagnosticsReport.render(diagnostics, file: file, json: json)
        guard !diagnostics.contains(where: { $0.severity == .error }) else { throw .verdict(output) }
        return output
    }
}
