import ArgumentParser
import DeepLinkAssociation
import DeepLinkCore
import DeepLinkServer
import DeepLinkService
import Foundation

/// `deeplink check`: validates and lints a config.
struct CheckCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate and lint a config: errors and warnings with file, line and JSON path.",
        discussion: """
            Checks the config itself, routes that can never win, regexes that accept nothing, the apps, \
            deferred, pages and server sections, and whether the generated association files cover every \
            universal-link route. Exits 1 when there are errors (2 when the file cannot be read); warnings \
            alone exit 0, unless --strict.
            """)

    @OptionGroup var configOptions: ConfigOptions

    @Option(help: ArgumentHelp("A `deeplink test` cases file; warns about routes no case expects.", valueName: "file"))
    var cases: String?

    @Flag(help: "Print a JSON object with the diagnostics instead of text.")
    var json = false

    @Flag(help: "Fail on warnings too, not just errors.")
    var strict = false

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
            do {
                _ = try PageSettings.load(from: config)
            } catch {
                diagnostics.append(error.diagnostic)
            }
            diagnostics += ServerConfiguration.diagnose(config).errors.map(\.diagnostic)
            if let cases { diagnostics += try uncoveredRoutes(in: config, casesFile: cases) }
        }
        if report.config == nil, let unreadable = report.errors.first(where: { $0.code == .unreadableFile }) {
            throw CommandFailure(configErrors: [unreadable])
        }
        let output = DiagnosticsReport.render(
            diagnostics, file: configOptions.config, json: json, what: counted(report.config?.routes.count ?? 0, "route"), strict: strict)
        guard !diagnostics.contains(where: { strict || $0.severity == .error }) else { throw .verdict(output) }
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
        let known = Set(config.routes.map(\.pattern.normalized))
        let unknown = testCases.enumerated().compactMap { index, testCase -> Diagnostic? in
            guard let route = testCase.route ?? nil, !known.contains(route) else { return nil }
            return Diagnostic(
                severity: .warning, code: "case-names-unknown-route",
                message: "case [\(index)] expects route \(route), which the config does not have",
                path: JSONPath.root.appending(index: index), location: testCase.location, file: casesFile)
        }
        return unknown + config.routes.filter { !covered.contains($0.pattern.normalized) }.map { route in
            Diagnostic(
                severity: .warning, code: "route-without-test",
                message: "no case in \(casesFile) expects route \(route.pattern); add one",
                path: route.path, location: route.location,
                file: config.file)
        }
    }
}
