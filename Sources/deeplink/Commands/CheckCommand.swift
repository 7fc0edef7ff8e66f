import ArgumentParser
import DeepLinkAssociation
import DeepLinkCore
import Foundation

/// `deeplink check`: validates and lints a config.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate and lint a config: errors and warnings with file, line and JSON path.",
        discussion: """
            Checks the config itself, routes that can never win, regexes that accept nothing, the `apps` \
            section, and whether the generated association files cover every universal-link route. \
            Exits non-zero when there are errors; warnings alone exit 0.
            """)

    @OptionGroup var configOptions: ConfigOptions

    @Flag(help: "Print a JSON object with the diagnostics instead of text.")
    var json = false

    func run() async throws {
        try await runReporting(render)
    }

    /// The command's output; a config with errors fails with the report as the message.
    func render() async throws(CommandFailure) -> String {
        let report = DeepLinkConfig.diagnose(contentsOf: configOptions.configURL)
        var diagnostics = report.diagnostics
        if let config = report.config {
            diagnostics += ConfigLinter.lint(config)
            diagnostics += AssociationCoverage.lint(config)
        }
        let output = json ? jsonReport(diagnostics) : textReport(diagnostics, routes: report.config?.routes.count)
        guard !diagnostics.contains(where: { $0.severity == .error }) else { throw CommandFailure(output) }
        return output
    }

    private func jsonReport(_ diagnostics: [Diagnostic]) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        return JSONWriter.write(
            .object([
                "valid": .bool(errors == 0),
                "errors": .number(Double(errors)),
                "warnings": .number(Double(diagnostics.count - errors)),
                "diagnostics": .array(diagnostics.map(\.jsonValue)),
            ]))
    }

    private func textReport(_ diagnostics: [Diagnostic], routes: Int?) -> String {
        let lines = diagnostics.map { "\($0.severity.rawValue): \($0.description) [\($0.code)]" }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        let summary = errors > 0
            ? "\(configOptions.config): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
            : "\(configOptions.config): OK, \(routes ?? 0) routes, \(warnings) warning\(warnings == 1 ? "" : "s")"
        return (lines + [summary]).joined(separator: "\n")
    }
}
