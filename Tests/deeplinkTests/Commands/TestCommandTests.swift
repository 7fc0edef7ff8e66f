import ArgumentParser
import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

@testable import deeplink

struct TestCommandTests {
    let config = Fixtures.shopConfig.path

    func temporaryFile(_ text: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cases-\(UUID()).json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func passesTheShopExamplesCases() async throws {
        let cases = Fixtures.repositoryRoot.appendingPathComponent("Examples/Shop/deeplink-tests.json").path
        let output = try await TestCommand.parse(["--config", config, cases]).render()
        #expect(output == "19 passed, 0 failed")
    }

    @Test func coversEveryRouteOfTheShopExample() async throws {
        let cases = Fixtures.repositoryRoot.appendingPathComponent("Examples/Shop/deeplink-tests.json").path
        let output = try await CheckCommand.parse(["--config", config, "--cases", cases]).render()
        #expect(output.hasSuffix("OK, 12 routes, 0 warnings"), "\(output)")
    }

    @Test func printsEachFailureWithAReadableDiffAndFails() async throws {
        let file = try temporaryFile("""
            [
              {"url": "shop://sales/3", "expect": {"outcome": "matched", "route": "sales/:saleId", "params": {"saleId": "3"}}},
              {"url": "shop://sales/4?utm_source=x", "expect": {"outcome": "default", "route": "sales", "params": {"saleId": "5", "ref": "a"}, "plan": ["sales/:saleId"]}}
            ]
            """)
        defer { try? FileManager.default.removeItem(at: file) }
        let failure = await #expect(throws: CommandFailure.self) { try await TestCommand.parse(["--config", config, file.path]).render() }
        #expect(failure?.message == """
            FAIL \(file.path):3: [1] shop://sales/4?utm_source=x
                outcome: expected default, got matched
                route: expected sales, got sales/:saleId
                params.ref: expected "a", got (absent)
                params.saleId: expected "5", got "4"
                params.utm_source: expected (absent), got "x"
                plan: expected sales/:saleId, got sales → sales/:saleId
            1 passed, 1 failed
            """)
    }

    @Test func printsTheFailuresAsOneJSONDocument() async throws {
        let file = try temporaryFile(#"[{"url": "shop://sales/3", "expect": {"outcome": "matched"}}, {"url": "shop://sales/4", "expect": {"outcome": "default"}}]"#)
        defer { try? FileManager.default.removeItem(at: file) }
        let report = try await CommandReport { try await TestCommand.parse(["--config", config, "--json", file.path]).render() }
        #expect(report.status == 1)
        #expect(
            try JSONValue(parsing: report.output) == [
                "passed": 1, "failed": 1,
                "failures": [["index": 1, "url": "shop://sales/4", "line": 1, "differences": ["outcome: expected default, got matched"]]],
            ])
    }

    @Test(arguments: [
        (#"[{"expect": {"outcome": "matched"}}]"#, "[0]: missing required key \"url\""),
        (#"[{"url": "shop://a", "origin": "email", "expect": {"outcome": "matched"}}]"#, "[0].origin: \"email\" is not one of userTap"),
        (#"[{"url": "shop://a", "expect": {"outcome": "great"}}]"#, "[0].expect.outcome: \"great\" is not one of matched"),
        ("[{\"url\": \"shop://a\",\n \"expect\": {\"outcome\": \"matched\", \"params\": {\"a\": 1}}}]", ":2:"),
        ("[", "invalid JSON"),
        (#"[{"url": "shop://a", "signedin": true, "expect": {"outcome": "matched"}}]"#, #"[0].signedin: unknown key "signedin"; did you mean "signedIn"?"#),
        (#"[{"url": "shop://a", "expect": {"outcome": "matched", "rout": "a"}}]"#, #"did you mean "route"?"#),
    ])
    func explainsABadCasesFileWithItsLineAndPath(text: String, message: String) async throws {
        let file = try temporaryFile(text)
        defer { try? FileManager.default.removeItem(at: file) }
        let failure = await #expect(throws: CommandFailure.self) { try await TestCommand.parse(["--config", config, file.path]).render() }
        #expect(failure?.message.contains(message) == true, "\(failure?.message ?? "")")
        #expect(failure?.message.contains(file.path) == true)
    }

    @Test func warnsAboutRoutesNoCaseCovers() async throws {
        let file = try temporaryFile(#"[{"url": "shop://sales", "expect": {"outcome": "matched", "route": "sales"}}, {"url": "shop://x", "expect": {"outcome": "matched", "route": "nope"}}]"#)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try await CheckCommand.parse(["--config", config, "--cases", file.path]).render()
        #expect(output.contains("(route-without-test)"))
        #expect(output.contains("no case in \(file.path) expects route sales/:saleId"))
        #expect(!output.contains("expects route sales;"))
        #expect(output.contains("case [1] expects route nope, which the config does not have"))
        #expect(output.hasSuffix("OK, 12 routes, 12 warnings"))
    }
}
