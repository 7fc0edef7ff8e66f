import ArgumentParser
import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

@testable import deeplink

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

    @Test func failsOnARouteKeyThatCanNeverMatch() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("never-\(UUID()).json")
        try #"{"routes": {"products/*": {"class": "A"}}}"#.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let failure = await #expect(throws: CommandFailure.self) { try await CheckCommand.parse(["--config", file.path]).render() }
        #expect(failure?.message.contains("(route-never-matches)") == true)
        #expect(failure?.message.hasSuffix("1 error, 0 warnings") == true)
    }

    @Test func failsOnWarningsWhenStrict() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("strict-\(UUID()).json")
        try #"{"routes": {"a/:x": {"class": "A"}, "a/:y": {"class": "B"}}}"#.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let failure = await #expect(throws: CommandFailure.self) { try await CheckCommand.parse(["--config", file.path, "--strict"]).render() }
        // Not "OK" next to a failed step in a CI log.
        #expect(failure?.message.hasSuffix("failed (--strict), 2 routes, 1 warning") == true, "\(failure?.message ?? "")")
        let json = await #expect(throws: CommandFailure.self) { try await CheckCommand.parse(["--config", file.path, "--strict", "--json"]).render() }
        let report = try #require(try JSONValue(parsing: json?.message ?? "").objectValue)
        #expect(report["valid"] == true)
        #expect(report["passed"] == false)
        let passing = try await CheckCommand.parse(["--config", Fixtures.shopConfig.path, "--strict"]).render()
        #expect(passing.hasSuffix("OK, 12 routes, 0 warnings"), "\(passing)")
        let lenient = try await CheckCommand.parse(["--config", file.path, "--json"]).render()
        #expect(try JSONValue(parsing: lenient).objectValue?["passed"] == true)
    }

    @Test func printsLintWarningsButSucceeds() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID()).json")
        try #"{"routes": {"a/:x": {"class": "A"}, "a/:y": {"class": "B"}}}"#.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try await CheckCommand.parse(["--config", file.path]).render()
        #expect(output.contains("warning: \(file.path):1:37: routes[\"a/:y\"]: route a/:y can never win"))
        #expect(output.contains("(shadowed-route)"))
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
