import DeepLinkCore
import Foundation
import Testing

@testable import DeepLinkAssociation

struct AppleAppSiteAssociationMatchingTests {
    /// Apple's example file from "Supporting associated domains", with the outcomes its comments describe.
    @Test(arguments: [
        ("https://www.example.com/buy/shoes", AASADecision.match, "applinks.details[0].components[1]"),
        ("https://www.example.com/buy/shoes#no_universal_links", .exclude, "applinks.details[0].components[0]"),
        ("https://www.example.com/help/website/faq", .exclude, "applinks.details[0].components[2]"),
        ("https://www.example.com/help/article?articleNumber=1234", .match, "applinks.details[0].components[3]"),
        ("https://www.example.com/help/article?utm=x&articleNumber=1234", .match, "applinks.details[0].components[3]"),
        ("https://www.example.com/help/article?articleNumber=123", .noMatch, nil),
        ("https://www.example.com/help/article", .noMatch, nil),
        ("https://www.example.com/about", .noMatch, nil),
        ("https://www.example.com/BUY/shoes", .noMatch, nil),
    ] as [(String, AASADecision, String?)])
    func appleDocumentationExampleDecidesAsItsCommentsSay(url: String, decision: AASADecision, rule: String?) throws {
        let file = try AssociationFixtures.association("apple-documentation-example.json")
        let result = file.match(try #require(URL(string: url)), appID: "ABCDE12345.com.example.app")
        #expect(result.decision == decision)
        #expect(result.rule?.jsonPath.description == rule)
    }

    @Test func everyAppIDOfAnEntrySharesItsRules() throws {
        let file = try AssociationFixtures.association("apple-documentation-example.json")
        let url = try #require(URL(string: "https://www.example.com/buy/hat"))
        #expect(file.match(url, appID: "ABCDE12345.com.example.app2").decision == .match)
        let other = file.match(url, appID: "ZZZZZ12345.com.example.other")
        #expect(other.decision == .noMatch)
        #expect(other.reason.contains("no details entry"))
    }

    @Test(arguments: [
        ("https://example.com/en_US/pizza/", AASADecision.match),
        ("https://example.com/fr_CA/sushi/", .match),
        ("https://example.com/en_US/taco/", .noMatch),
        ("https://example.com/EN_US/pizza/", .noMatch),
        ("https://example.com/en_US/pizza", .match),
    ])
    func substitutionVariablesExpandToTheirStrings(url: String, decision: AASADecision) throws {
        let file = try AssociationFixtures.association("apple-substitution-variables-example.json")
        #expect(file.match(try #require(URL(string: url)), appID: "ABCDE12345.com.example.app").decision == decision)
    }

    @Test(arguments: [
        ("https://developer.apple.com/wwdc/news/", "9JA89QQLNQ.com.apple.wwdc", AASADecision.match),
        ("https://developer.apple.com/videos/wwdc/2015/102", "9JA89QQLNQ.com.apple.wwdc", .match),
        ("https://developer.apple.com/videos/wwdc/2010/102", "9JA89QQLNQ.com.apple.wwdc", .exclude),
        ("https://developer.apple.com/videos/wwdc/2020/102", "9JA89QQLNQ.com.apple.wwdc", .noMatch),
        ("https://developer.apple.com/anything?q=1", "ABCD1234AB.com.apple.other", .match),
    ])
    func legacyPathsMatchInOrderWithNOTExclusions(url: String, appID: String, decision: AASADecision) throws {
        let file = try AssociationFixtures.association("legacy-paths-example.json")
        for format in AASAFormat.allCases {
            #expect(file.match(try #require(URL(string: url)), appID: appID, format: format).decision == decision)
        }
    }

    @Test func legacyPathsIgnoreTheQueryAndFragment() throws {
        let file = try AssociationFixtures.association("legacy-paths-example.json")
        let url = try #require(URL(string: "https://developer.apple.com/wwdc/news/?a=b#top"))
        #expect(file.match(url, appID: "9JA89QQLNQ.com.apple.wwdc").decision == .match)
    }

    @Test func theIOS9DetailsObjectShapeIsRead() throws {
        let file = try AssociationFixtures.association("ios9-details-object-example.json")
        let appID = "ABCDE12345.com.example.app"
        #expect(file.match(try #require(URL(string: "https://e.com/articles/1")), appID: appID).decision == .match)
        #expect(file.match(try #require(URL(string: "https://e.com/articles/drafts/1")), appID: appID).decision == .match)
        let first = file.details[0].paths?.first?.jsonPath.description
        #expect(first == "applinks.details[\"ABCDE12345.com.example.app\"].paths[0]")
    }

    @Test func componentsWinOverPathsFromIOS13AndPathsRemainForOlderSystems() throws {
        let file = try AssociationFixtures.association("mixed-components-and-paths.json")
        let appID = "ABCDE12345.com.example.app"
        let newURL = try #require(URL(string: "https://e.com/new/1"))
        let oldURL = try #require(URL(string: "https://e.com/old/1"))
        #expect(file.match(newURL, appID: appID).decision == .match)
        #expect(file.match(oldURL, appID: appID).decision == .noMatch)
        #expect(file.match(newURL, appID: appID, format: .legacyPaths).decision == .noMatch)
        #expect(file.match(oldURL, appID: appID, format: .legacyPaths).decision == .match)
    }

    @Test func caseSensitivityIsInheritedFromFileToAppToRule() throws {
        let text = """
            {"applinks": {"defaults": {"caseSensitive": false}, "details": [
              {"appIDs": ["ABCDE12345.a.b"], "components": [{"/": "/File/*"}]},
              {"appIDs": ["ABCDE12345.a.c"], "defaults": {"caseSensitive": true}, "components": [
                {"/": "/App/*"}, {"/": "/Rule/*", "caseSensitive": false}]}
            ]}}
            """
        let file = try AppleAppSiteAssociation.parse(text)
        func decide(_ path: String, _ appID: String) throws -> AASADecision {
            file.match(try #require(URL(string: "https://e.com\(path)")), appID: appID).decision
        }
        #expect(try decide("/FILE/x", "ABCDE12345.a.b") == .match)
        #expect(try decide("/app/x", "ABCDE12345.a.c") == .noMatch)
        #expect(try decide("/App/x", "ABCDE12345.a.c") == .match)
        #expect(try decide("/RULE/x", "ABCDE12345.a.c") == .match)
    }

    @Test func percentEncodedFalseComparesTheDecodedURL() throws {
        let text = """
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.a.b"], "components": [
              {"/": "/caf%C3%A9/*"}, {"/": "/menü/*", "percentEncoded": false},
              {"/": "/q", "?": {"name": "a b"}, "percentEncoded": false}]}]}}
            """
        let file = try AppleAppSiteAssociation.parse(text)
        func decide(_ url: String) throws -> AASADecision {
            file.match(try #require(URL(string: url)), appID: "ABCDE12345.a.b").decision
        }
        #expect(try decide("https://e.com/caf%C3%A9/1") == .match)
        #expect(try decide("https://e.com/men%C3%BC/1") == .match)
        #expect(try decide("https://e.com/q?name=a%20b") == .match)
        #expect(try decide("https://e.com/q?name=ab") == .noMatch)
    }

    @Test func aQueryStringPatternMatchesTheWholeQuery() throws {
        let text = """
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.a.b"], "components": [{"/": "/p", "?": "id=?*"}]}]}}
            """
        let file = try AppleAppSiteAssociation.parse(text)
        #expect(file.match(try #require(URL(string: "https://e.com/p?id=7")), appID: "ABCDE12345.a.b").decision == .match)
        #expect(file.match(try #require(URL(string: "https://e.com/p?id=")), appID: "ABCDE12345.a.b").decision == .noMatch)
        #expect(file.match(try #require(URL(string: "https://e.com/p")), appID: "ABCDE12345.a.b").decision == .noMatch)
    }

    @Test func theMatchNamesItsRuleInJSON() throws {
        let file = try AssociationFixtures.association("apple-documentation-example.json")
        let result = file.match(try #require(URL(string: "https://www.example.com/buy/x")), appID: "ABCDE12345.com.example.app")
        let json = result.jsonValue.objectValue
        #expect(json?["decision"] == "match")
        #expect(json?["rule"]?.objectValue?["path"] == "applinks.details[0].components[1]")
        #expect(json?["rule"]?.objectValue?["value"]?.objectValue?["/"] == "/buy/*")
    }

    @Test func aThousandRuleFileWithAdversarialPatternsMatchesQuickly() throws {
        var components: [String] = []
        for index in 0..<1_000 {
            components.append("{\"/\": \"*a*a*a*a*a*a*b\(index)\"}")
        }
        let text = """
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.a.b"], "components": [\(components.joined(separator: ","))]}]}}
            """
        let file = try AppleAppSiteAssociation.parse(text)
        let url = try #require(URL(string: "https://e.com/" + String(repeating: "a", count: 2_000)))
        let clock = ContinuousClock()
        var decision = AASADecision.match
        let elapsed = clock.measure { decision = file.match(url, appID: "ABCDE12345.a.b").decision }
        #expect(decision == .noMatch)
        #expect(elapsed < .seconds(20))
    }
}
