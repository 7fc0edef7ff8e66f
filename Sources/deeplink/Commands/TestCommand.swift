import ArgumentParser
import DeepLinkCore
import Foundation

/// `deeplink test`: runs a file of routing expectations against a config.
struct TestCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Check that links go where a cases file expects; prints each failure and 'N passed, N failed'.",
        discussion: """
            CASES is a JSON array of {"url", "origin"?, "signedIn"?, "idiom"?, "expect": {"outcome", \
            "route"?, "params"?, "plan"?}}. Every handler counts as registered and runs as a no-op. \
            Exits 1 when any case fails.
            """)

    @OptionGroup var configOptions: ConfigOptions

    @Flag(help: "Print {\"passed\", \"failed\", \"failures\": [{\"index\", \"url\", \"line\", \"differences\"}]} as JSON.")
    var json = false

    @Argument(help: "The cases file.")
    var cases: String

    /// The report; when a case fails, the report is the failure's message.
    func render() async throws(CommandFailure) -> String {
        let router = try configOptions.loadRouterWithAllHandlers()
        let testCases: [RouteTestCase]
        do {
            testCases = try RouteTestCase.load(contentsOf: URL(fileURLWithPath: cases))
        } catch {
            throw CommandFailure(configErrors: [error])
        }
        var lines: [String] = []
        var failures: [JSONValue] = []
        for (index, testCase) in testCases.enumerated() {
            let differences = await testCase.run(with: router)
            guard !differences.isEmpty else { continue }
            let place = testCase.location.map { "\(cases):\($0.line): " } ?? ""
            lines.append("FAIL \(place)[\(index)] \(testCase.request.url.absoluteString)")
            lines += differences.map { "    \($0)" }
            failures.append([
                "index": .number(Double(index)), "url": .string(testCase.request.url.absoluteString),
                "line": testCase.location.map { .number(Double($0.line)) } ?? .null, "differences": .array(differences.map(JSONValue.string)),
            ])
        }
        let passed = testCases.count - failures.count
        lines.append("\(passed) passed, \(failures.count) failed")
        let report = json
            ? JSONWriter.write(["passed": .number(Double(passed)), "failed": .number(Double(failures.count)), "failures": .array(failures)])
            : lines.joined(separator: "\n")
        guard failures.isEmpty else { throw .verdict(report) }
        return report
    }
}
