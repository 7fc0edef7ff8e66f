import ArgumentParser
import DeepLinkAssociation
import DeepLinkCore
import DeepLinkServer
import Foundation

/// `deeplink check`: validates and lints a config.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate and lint a config: errors and warnings with file, line and JSON path.",
        discussion: """
            Checks the config itself, routes that can never win, regexes that accept nothing, the apps, \
            deferred and server sections, and whether the generated association files cover every \
            universal-link route. Exits 1 when there are errors (2 when the file cannot be read); warnings \
            alone exit 0.
            """)

    @OptionGroup var configOptions: ConfigOptions

    @Option(help: ArgumentHelp("A `deeplink test` cases file; warns about routes no case expects.", valueName: "file"))
    var cases: String?

    @Flag(help: "Print a JSON object with the diagnostics instead of text.")
    var json = false

    func run() async throws {
        try await runReporting(json: json, render)
    }

    /// The command's output; a config with errors fails with the report as the message.
    func render() async throws(CommandFailure) -> String {
        let report = DeepLinkConfig.diagnose(contentsOf: configOptions.configURL)
        var diagnostics = report.diagnostics
        if let config = report.config {
            diagnostics += ConfigLinter.lint(config)
            diagnostics += AssociationCoverage.lint(config)
            do {
                _ = try DeferredLinkSettings.load(from: config)
            } catch {
                diagnostics.append(error.diagnostic)
            }
            diagnostics += ServerConfiguration.diagnose(config).errors.map(\.diagnostic)
            if let cases { diagnostics += try uncoveredRoutes(in: config, casesFile: cases) }
        }
        if report.config == nil, let unreadable = report.errors.first(where: { $0.code == .unreadableFile }) {
            throw CommandFailure(configErrors: [unreadable])
        }
        let output = json ? jsonReport(diagnostics) : textReport(diagnostics, routes: report.config?.routes.count)
        guard !diagnostics.contains(where: { $0.severity == .error }) else { throw .verdict(output) }
        return output
    }

    /// A warning for each route that no case expects to be matched.
    private func uncoveredRoutes(in config: DeepLinkConfig, casesFile: String) throws(CommandFailure) -> [Diagnostic] {
        let testCases: [RouteTestCase]
        do {
            testCases = try RouteTestCase.load(contentsOf: URL(fileURLWithPath: casesFile))
        } catch {
            throw CommandFailure(configErrors: [error])
        }
        let covered = Set(testCases.compactMap { $0.route ?? nil })
        let known = Set(config.routes.map(\.pattern.description))
        let unknown = testCases.enumerated().compactMap { index, testCase -> Diagnostic? in
            guard let route = testCase.route ?? nil, !known.contains(route) else { return nil }
            return Diagnostic(
                severity: .warning, code: "case-names-unknown-route",
                message: "case [\(index)] expects route \(route), which the config does not have",
                path: JSONPath.root.appending(index: index), location: testCase.location, file: casesFile)
        }
        return unknown + config.routes.filter { !covered.contains($0.pattern.description) }.map { route in
            Diagnostic(
                severity: .warning, code: "route-without-test",
                message: "no case in \(casesFile) expects route \(route.pattern); add one",
                path: JSONPath.root.appending(key: "routes").appending(key: route.pattern.description), location: route.location,
                file: config.file)
        }
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
