import DeepLinkCore
import Foundation
import Testing

struct ConfigLinterTests {
    @Test func warnsAboutARouteThatAnEarlierRouteAlwaysBeats() throws {
        let config = try DeepLinkConfig.parse(
            #"{"routes": {"items/:slug": {"class": "A"}, "items/:id": {"class": "B", "routeParameters": {"id": {"regex": "[0-9]+"}}}}}"#)
        let findings = ConfigLinter.lint(config)
        #expect(findings.map(\.code) == ["shadowed-route"])
        #expect(findings.first?.path.description == #"routes["items/:id"]"#)
        #expect(findings.first?.location?.line == 1)
    }

    @Test(arguments: [
        #"{"routes": {"items/:id": {"class": "B", "routeParameters": {"id": {"regex": "[0-9]+"}}}, "items/:slug": {"class": "A"}}}"#,
        #"{"routes": {"items/new": {"class": "New"}, "items/:id": {"class": "B"}}}"#,
        #"{"routes": {"items/:id": {"class": "A", "routeParameters": {"ref": {"required": true}}}, "items/:x": {"class": "B"}}}"#,
    ])
    func doesNotWarnWhenTheLaterRouteCanStillWin(json: String) throws {
        #expect(ConfigLinter.lint(try DeepLinkConfig.parse(json)).isEmpty)
    }

    @Test func namesTheRouteKeyAsWrittenInThePath() throws {
        let config = try DeepLinkConfig.parse(#"{"routes": {"/a/:x/": {"class": "A", "routeParameters": {"x": {"regex": "a^b"}}}}}"#)
        #expect(ConfigLinter.lint(config).first?.path.description == #"routes["/a/:x/"].routeParameters.x.regex"#)
    }

    @Test(arguments: [
        ("search?q=:q", "puts a query in the path"), ("products/*", "has no wildcards"), ("sales#top", "puts a fragment in the path"),
        ("shop:sales/:id", "starts with a scheme"),
    ])
    func reportsARouteKeyThatCanNeverMatchAsAnError(key: String, reason: String) throws {
        let config = try DeepLinkConfig.parse(#"{"schemes": ["shop"], "routes": {"KEY": {"class": "A"}}}"#.replacingOccurrences(of: "KEY", with: key))
        let finding = try #require(ConfigLinter.lint(config).first)
        #expect(finding.severity == .error)
        #expect(finding.code == "route-never-matches")
        #expect(finding.path == JSONPath.root.appending(key: "routes").appending(key: key))
        #expect(finding.message.contains(reason), "\(finding.message)")
    }

    @Test func warnsWhenTheEarlierRouteHasTheSameRegex() throws {
        let config = try DeepLinkConfig.parse(
            #"{"routes": {"a/:x": {"class": "A", "routeParameters": {"x": {"regex": "[0-9]+"}}}, "a/:y": {"class": "B", "routeParameters": {"y": {"regex": "[0-9]+"}}}}}"#)
        #expect(ConfigLinter.lint(config).map(\.code) == ["shadowed-route"])
    }

    @Test(arguments: ["[^\\d\\D]", "a^b", "(?!)x", "$a"])
    func warnsAboutARegexThatRejectsEveryValue(regex: String) throws {
        let json = #"{"routes": {"a/:x": {"class": "A", "routeParameters": {"x": {"regex": "REGEX"}}}}}"#
            .replacingOccurrences(of: "REGEX", with: regex.replacingOccurrences(of: "\\", with: "\\\\"))
        let findings = ConfigLinter.lint(try DeepLinkConfig.parse(json))
        #expect(findings.map(\.code) == ["regex-matches-nothing"], "\(regex)")
        #expect(findings.first?.path.description == #"routes["a/:x"].routeParameters.x.regex"#)
    }

    @Test func warnsAboutARegexThatMayBacktrackExponentially() throws {
        let json = #"{"routes": {"a/:x": {"class": "A", "routeParameters": {"x": {"regex": "(?=.)([a-z]+-?)+"}}}}}"#
        let findings = ConfigLinter.lint(try DeepLinkConfig.parse(json))
        #expect(findings.map(\.code) == ["regex-may-backtrack"])
        let linear = #"{"routes": {"a/:x": {"class": "A", "routeParameters": {"x": {"regex": "([a-z]+-?)+"}}}}}"#
        #expect(ConfigLinter.lint(try DeepLinkConfig.parse(linear)).isEmpty)
    }

    @Test(arguments: ["(red|green|blue)", "[0-9]{5}", "\\w+@\\w+", "(?i)sale", "[^!-\\~]", "(a|b)*c"])
    func acceptsARegexThatMatchesSomething(regex: String) throws {
        let json = #"{"routes": {"a/:x": {"class": "A", "routeParameters": {"x": {"regex": "REGEX"}}}}}"#
            .replacingOccurrences(of: "REGEX", with: regex.replacingOccurrences(of: "\\", with: "\\\\"))
        #expect(ConfigLinter.lint(try DeepLinkConfig.parse(json)).isEmpty, "\(regex)")
    }
}
