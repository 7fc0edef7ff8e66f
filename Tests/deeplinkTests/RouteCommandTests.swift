import ArgumentParser
import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

@testable import deeplink

struct RouteCommandTests {
    let config = Fixtures.shopConfig.path

    /// The result's JSON; the exit status is 1 exactly when the outcome is rejected or none.
    func routeJSON(_ arguments: [String]) async throws -> [String: JSONValue] {
        let command = try RouteCommand.parse(["--config", config, "--json"] + arguments)
        let report = try await CommandReport { try await command.render() }
        let object = try #require(try JSONValue(parsing: report.output).objectValue)
        #expect(report.status == (["rejected", "none"].contains(object["outcome"]?.stringValue) ? 1 : 0))
        return object
    }

    @Test func printsTheDocumentedJSONForAMatch() async throws {
        let object = try await routeJSON(["shop://sales/3?utm_source=mail"])
        #expect(object == [
            "url": "shop://sales/3?utm_source=mail", "outcome": "matched", "route": "sales/:saleId",
            "class": "SaleViewController", "identifier": "saleViewController", "storyboard": "Sale_iPhone",
            "params": ["saleId": "3", "utm_source": "mail"], "handlers": ["logAnalytics"], "trail": [], "reason": nil,
            "origin": "userTap", "coordinator": nil,
            "plan": [
                ["route": "sales", "class": "SaleListViewController", "identifier": "saleListViewController", "storyboard": "Main_iPhone", "params": [:]],
                ["route": "sales/:saleId", "class": "SaleViewController", "identifier": "saleViewController", "storyboard": "Sale_iPhone",
                    "params": ["saleId": "3", "utm_source": "mail"]],
            ],
        ])
    }

    @Test func printsTheDefaultRoutesDestinationWithEmptyParameters() async throws {
        let object = try await routeJSON(["--idiom", "iPad", "shop://nowhere/1?x=2"])
        #expect(object["outcome"] == "default")
        #expect(object["route"] == .null)
        #expect(object["class"] == "HomeViewController")
        #expect(object["storyboard"] == "Main_iPad")
        #expect(object["params"] == [:])
        #expect(object["trail"] == [
            ["path": "nowhere/1", "reason": "no route matches"], ["path": "nowhere", "reason": "no route matches"],
        ])
    }

    @Test func printsARejectionWithItsReason() async throws {
        let object = try await routeJSON(["mail://sales/3"])
        #expect(object["outcome"] == "rejected")
        #expect(object["reason"] == "scheme mail is not one of the app's schemes (shop)")
    }

    @Test func treatsEveryHandlerAsRegistered() async throws {
        let object = try await routeJSON(["--signed-in", "shop://addToCart/12?quantity=3"])
        #expect(object["handlers"] == ["logAnalytics", "addProductToCart"])
        #expect(object["class"] == .null)
    }

    @Test func printsReadableTextByDefault() async throws {
        let output = try await RouteCommand.parse(["--config", config, "shop://sales/abc"]).render()
        #expect(output.contains("outcome:    matched"))
        #expect(output.contains("sales/abc: route sales/:saleId: parameter saleId \"abc\" does not match [0-9]+"))
    }

    @Test func failsWithTheConfigsErrors() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID()).json")
        try #"{"routes": {"a/:x/:x": {"class": "A"}}}"#.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let command = try RouteCommand.parse(["--config", file.path, "shop://a"])
        let failure = await #expect(throws: CommandFailure.self) { try await command.render() }
        #expect(failure?.message == #"error: \#(file.path):1:13: routes["a/:x/:x"]: parameter :x is used twice in route "a/:x/:x" (duplicate-parameter)"#)
        #expect(failure?.exitCode == 1)
    }

    @Test func asksForSignInAndRefusesOriginsAsTheConfigSays() async throws {
        let gated = try await routeJSON(["shop://account/orders/AB-123456"])
        #expect(gated["outcome"] == "signInRequired")
        #expect(gated["handlers"] == [])
        let signedIn = try await routeJSON(["--signed-in", "shop://account/orders/AB-123456"])
        #expect(signedIn["outcome"] == "matched")
        let refused = try await routeJSON(["--signed-in", "--origin", "webView", "shop://account/orders/AB-123456"])
        #expect(refused["outcome"] == "rejected")
        #expect(refused["reason"] == "route account/orders/:orderId may not be opened from origin webView")
    }

    @Test func rejectsAnUnknownIdiomAsAUsageError() {
        #expect(throws: (any Error).self) { try RouteCommand.parse(["--config", config, "--idiom", "watch", "shop://a"]) }
    }
}

struct CheckCommandTests {
    @Test func passesTheShopExample() async throws {
        let output = try await CheckCommand.parse(["--config", Fixtures.shopConfig.path]).render()
        #expect(output.hasSuffix("OK, 12 routes, 0 warnings"))
    }

    @Test func reportsABadDeferredSectionWithItsFileLineAndPath() async throws {
        let text = try String(contentsOf: Fixtures.shopConfig, encoding: .utf8)
            .replacingOccurrences(of: #""tokenLifetimeHours": 24"#, with: #""tokenLifetimeHours": "a day""#)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("deferred-\(UUID()).json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let failure = await #expect(throws: CommandFailure.self) { try await CheckCommand.parse(["--config", file.path]).render() }
        let line = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("a day") }) + 1
        #expect(failure?.message.contains("error: \(file.path):\(line):") == true, "\(failure?.message ?? "")")
        #expect(failure?.message.contains("deferred.tokenLifetimeHours") == true)
    }

    @Test func reportsABadServerSectionWithItsFileLineAndPath() async throws {
        let text = try String(contentsOf: Fixtures.shopConfig, encoding: .utf8)
            .replacingOccurrences(of: #""publicHost": "go.shop.example.com""#, with: #""publicHost": "https://go.shop.example.com""#)
            .replacingOccurrences(of: #""maxPageSize": 100"#, with: #""maxPageSze": 100"#)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("server-\(UUID()).json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let failure = await #expect(throws: CommandFailure.self) { try await CheckCommand.parse(["--config", file.path]).render() }
        #expect(failure?.isVerdict == true)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let hostLine = try #require(lines.firstIndex { $0.contains("https://go.shop") }) + 1
        let pageLine = try #require(lines.firstIndex { $0.contains("maxPageSze") }) + 1
        #expect(failure?.message.contains("error: \(file.path):\(hostLine):") == true, "\(failure?.message ?? "")")
        #expect(failure?.message.contains("server.publicHost: \"https://go.shop.example.com\" is not a host name") == true)
        #expect(failure?.message.contains("error: \(file.path):\(pageLine):") == true)
        #expect(failure?.message.contains(#"server.limits.maxPageSze: unknown key "maxPageSze"; did you mean "maxPageSize"?"#) == true)
    }

    @Test func reportsErrorsAndWarningsWithPathsAndFailsOnErrors() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID()).json")
        try "{\n  \"routez\": 1,\n  \"routes\": {\"a\": {\"class\": \"A\", \"routeParameters\": {\"x\": {\"regex\": \"(\"}}}}\n}"
            .write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let failure = await #expect(throws: CommandFailure.self) {
            try await CheckCommand.parse(["--config", file.path, "--json"]).render()
        }
        let report = try #require(try JSONValue(parsing: failure?.message ?? "").objectValue)
        #expect(report["valid"] == false)
        #expect(report["errors"] == 1)
        #expect(report["warnings"] == 1)
        guard case .array(let diagnostics) = report["diagnostics"] else {
            Issue.record("diagnostics must be an array")
            return
        }
        #expect(diagnostics.first?.objectValue?["code"] == "invalid-regex")
        #expect(diagnostics.first?.objectValue?["line"] == 3)
        #expect(diagnostics.first?.objectValue?["path"] == #"routes.a.routeParameters.x.regex"#)
        #expect(diagnostics.last?.objectValue?["code"] == "unknown-key")
    }

    @Test func printsLintWarningsButSucceeds() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID()).json")
        try #"{"routes": {"a/:x": {"class": "A"}, "a/:y": {"class": "B"}}}"#.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try await CheckCommand.parse(["--config", file.path]).render()
        #expect(output.contains("warning: \(file.path):1:37: routes[\"a/:y\"]: route a/:y can never win"))
        #expect(output.contains("[shadowed-route]"))
        #expect(output.hasSuffix("OK, 2 routes, 1 warning"))
    }
}

struct CheckCommandCoverageTests {
    @Test func failsWhenTheAppsSectionIsInvalid() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("apps-\(UUID()).json")
        try #"{"hosts": ["shop.example.com"], "routes": {"a": {"class": "A"}}, "apps": {"ios": [{"appID": "bad"}]}}"#
            .write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let failure = await #expect(throws: CommandFailure.self) {
            try await CheckCommand.parse(["--config", file.path]).render()
        }
        #expect(failure?.message.contains("apps.ios[0].appID") == true, "\(failure?.message ?? "")")
    }
}
