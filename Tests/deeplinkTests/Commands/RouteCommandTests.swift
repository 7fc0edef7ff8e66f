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
        let message = usageError(RouteCommand.self, ["--config", config, "--idiom", "watch", "shop://a"])
        #expect(message?.contains("'watch'") == true, "\(message ?? "no usage error")")
    }
}
