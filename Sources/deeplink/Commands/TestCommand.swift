import ArgumentParser
import DeepLinkCore
import Foundation

/// `deeplink test`: runs a file of routing expectations against a config.
struct TestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Check that links go where a cases file expects; prints each failure and 'N passed, N failed'.",
        discussion: """
            CASES is a JSON array of {"url", "origin"?, "signedIn"?, "idiom"?, "expect": {"outcome", \\
            "route"?, "params"?, "plan"?}}. Every handler counts as registered and runs as a no-op. \\
            Exits non-zero when any case fails.
            """)

    @OptionGroup var configOptions: ConfigOptions

    @Argument(help: "The cases file.")
    var cases: String

    func run() async throws {
        try await runReporting(render)
    }

    /// The report; when a case fails, the report is the failure's message.
    func render() async throws(CommandFailure) -> String {
        let router = try configOptions.loadRouterWithAllHandlers()
        let testCases: [RouteTestCase]
        do {
            testCases = try RouteTestCase.load(contentsOf: URL(fileURLWithPath: cases))
        } catch {
            throw CommandFailure("error: \(error.description)")
        }
        var lines: [String] = []
        var failed = 0
        for (index, testCase) in testCases.enumerated() {
            let differences = await testCase.run(with: router)
            guard !differences.isEmpty else { continue }
            failed += 1
            let place = testCase.location.map { "\(cases):\($0.line): " } ?? ""
            lines.append("FAIL \(place)[\(index)] \(testCase.request.url.absoluteString)")
            lines += differences.map { "    \($0)" }
        }
        lines.append("\(testCases.count - failed) passed, \(failed) failed")
        let report = lines.joined(separator: "\n")
        guard failed == 0 else { throw CommandFailure(report) }
        return report
    }
}
