// In Conformance/: tables from the platforms' documentation, across parsing, patterns and matching, not one source folder.
import DeepLinkCore
import Foundation
import Testing

@testable import DeepLinkAssociation

/// The apple-app-site-association rules issue 11 lists, one name per rule, so a failing case
/// names the rule it breaks.
enum AASARuleName: String, Sendable {
    case appIDs = "appID+appIDs"
    case slashes
    case wildcards
    case query
    case settings
    case validation
}

/// One URL decided against one file, and what iOS decides, with where that is documented.
struct AASAMatchCase: Sendable, CustomTestStringConvertible {
    let rule: AASARuleName
    let file: String
    let url: String
    let appID: String
    let format: AASAFormat
    let decision: AASADecision
    let source: PlatformSource

    var testDescription: String {
        let rules = file.count <= 200 ? " in \(file)" : ""
        return "[\(rule.rawValue)] \(url) → \(decision.rawValue) (\(format.rawValue), \(appID))\(rules)"
    }
}

/// One file, and whether iOS accepts it, with the findings a careful author should see.
struct AASAValidationCase: Sendable, CustomTestStringConvertible {
    let name: String
    let file: String
    let errors: [String]
    let warnings: [String]
    let source: PlatformSource

    var testDescription: String { "[validation] \(name)" }
}

private let app = "ABCDE12345.com.example.app"

/// A file whose only entry names `app` with these `components`.
private func components(_ json: String, defaults: String? = nil) -> String {
    let fileDefaults = defaults.map { "\"defaults\": \($0), " } ?? ""
    return #"{"applinks": {\#(fileDefaults)"details": [{"appIDs": ["\#(app)"], "components": \#(json)}]}}"#
}

private func row(
    _ rule: AASARuleName, _ componentsJSON: String, _ url: String, _ decision: AASADecision, _ source: PlatformSource
) -> AASAMatchCase {
    AASAMatchCase(
        rule: rule, file: components(componentsJSON), url: url, appID: app, format: .components, decision: decision,
        source: source)
}

struct AASAConformanceTests {
    static let appIDCases: [AASAMatchCase] = {
        let both = #"{"applinks": {"details": [{"appID": "ABCDE12345.a.single", "appIDs": ["ABCDE12345.a.listed"], "#
            + #""components": [{"/": "/*"}], "paths": ["*"]}]}}"#
        let listOnlyWithPaths = #"{"applinks": {"apps": [], "details": [{"appIDs": ["ABCDE12345.a.listed"], "paths": ["*"]}]}}"#
        let singleOnly = #"{"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.a.single", "components": [{"/": "/*"}]}]}}"#
        func decide(_ file: String, _ appID: String, _ format: AASAFormat, _ decision: AASADecision) -> AASAMatchCase {
            // Apple's applinks.Details names both keys for the apps of an entry; issue 11 adds that
            // every system reads both, whichever rules it follows.
            AASAMatchCase(
                rule: .appIDs, file: file, url: "https://e.com/any", appID: appID, format: format, decision: decision,
                source: .appleDetails)
        }
        // An app ID that does not look like TEAMID.bundle.id is kept and compared as text.
        let unusual = #"{"applinks": {"details": [{"appIDs": ["abc.com.x"], "components": [{"/": "/*"}]}]}}"#
        func asText(_ appID: String, _ decision: AASADecision) -> AASAMatchCase {
            AASAMatchCase(
                rule: .appIDs, file: unusual, url: "https://e.com/any", appID: appID, format: .components, decision: decision, source: .issue28)
        }
        return [
            asText("abc.com.x", .match), asText("ABC.com.x", .noMatch), asText("ABCDE12345.com.x", .noMatch),
            // From iOS 13, appIDs replaces appID: the single app ID beside the list names no app.
            AASAMatchCase(
                rule: .appIDs, file: both, url: "https://e.com/any", appID: "ABCDE12345.a.single", format: .components, decision: .noMatch,
                source: .issue42),
            decide(both, "ABCDE12345.a.listed", .components, .match),
            decide(both, "ABCDE12345.a.single", .legacyPaths, .match),
            decide(both, "ABCDE12345.a.listed", .legacyPaths, .match),
            decide(listOnlyWithPaths, "ABCDE12345.a.listed", .legacyPaths, .match),
            decide(listOnlyWithPaths, "ABCDE12345.a.listed", .components, .match),
            decide(singleOnly, "ABCDE12345.a.single", .components, .match),
            decide(singleOnly, "ABCDE12345.a.other", .components, .noMatch),
        ]
    }()

    // Issue 11: leading and trailing slashes, any number, are insignificant on both sides.
    static let slashCases: [AASAMatchCase] =
        ["abc", "/abc", "//abc", "/abc/"].flatMap { pattern in
            ["https://e.com/abc", "https://e.com/abc/", "https://e.com/abc//"].map { url in
                row(.slashes, #"[{"/": "\#(pattern)"}]"#, url, .match, .issue11)
            }
        } + [
            row(.slashes, #"[{"/": "abc"}]"#, "https://e.com/abcd", .noMatch, .issue11),
            row(.slashes, #"[{"/": "abc"}]"#, "https://e.com/xabc", .noMatch, .issue11),
            row(.slashes, #"[{"/": "/"}]"#, "https://e.com", .match, .issue11),
            row(.slashes, #"[{"/": "/"}]"#, "https://e.com/", .match, .issue11),
            row(.slashes, #"[{"/": "/"}]"#, "https://e.com/a", .noMatch, .issue11),
            row(.slashes, #"[{"/": "/$(lang)/"}]"#, "https://e.com/en", .match, .issue11),
            row(.slashes, #"[{"/": "/a/b"}]"#, "https://e.com/a//b", .noMatch, .issue11),
        ]

    static let wildcardCases: [AASAMatchCase] = [
        // Apple's example: "/buy/*" matches any URL whose path starts with /buy/.
        row(.wildcards, #"[{"/": "/buy/*"}]"#, "https://e.com/buy/shoes", .match, .appleSupportingAssociatedDomains),
        row(.wildcards, #"[{"/": "/buy/*"}]"#, "https://e.com/buy/a/b/c", .match, .appleSupportingAssociatedDomains),
        row(.wildcards, #"[{"/": "/buy/*"}]"#, "https://e.com/buyer", .noMatch, .appleSupportingAssociatedDomains),
        // A trailing * matches zero characters, and the slash before it is insignificant.
        row(.wildcards, #"[{"/": "/buy/*"}]"#, "https://e.com/buy/", .match, .trailingStarObservation),
        row(.wildcards, #"[{"/": "/buy/*"}]"#, "https://e.com/buy", .match, .issue11),
        row(.wildcards, #"[{"/": "/a/*/b"}]"#, "https://e.com/a/b", .noMatch, .trailingStarObservation),
        // WWDC20: * matches zero or more characters, ? exactly one, ?* at least one.
        row(.wildcards, #"[{"/": "/a/*/b"}]"#, "https://e.com/a/x/y/b", .match, .wwdc20Session10098),
        row(.wildcards, #"[{"/": "/help/????"}]"#, "https://e.com/help/1234", .match, .wwdc20Session10098),
        row(.wildcards, #"[{"/": "/help/????"}]"#, "https://e.com/help/123", .noMatch, .wwdc20Session10098),
        row(.wildcards, #"[{"/": "/help/????"}]"#, "https://e.com/help/12345", .noMatch, .wwdc20Session10098),
        row(.wildcards, #"[{"/": "/p/?*"}]"#, "https://e.com/p/x", .match, .wwdc20Session10098),
        row(.wildcards, #"[{"/": "/p/?*"}]"#, "https://e.com/p/", .noMatch, .wwdc20Session10098),
        row(.wildcards, #"[{"/": "/p/?*"}]"#, "https://e.com/p", .noMatch, .wwdc20Session10098),
        // Apple: a key that is not given defaults to *, which matches everything.
        row(.wildcards, #"[{"/": "*"}]"#, "https://e.com/any/thing", .match, .appleComponents),
        row(.wildcards, ##"[{"#": "top"}]"##, "https://e.com/any/thing#top", .match, .appleComponents),
        // Issue 11: the whole component must match, and there are no escapes.
        row(.wildcards, #"[{"/": "/buy"}]"#, "https://e.com/buy/shoes", .noMatch, .issue11),
        row(.wildcards, #"[{"/": "/a\\*", "percentEncoded": false}]"#, "https://e.com/a%5Cb", .match, .issue11),
    ]

    static let queryCases: [AASAMatchCase] = {
        let apple = (try? AssociationFixtures.text("apple-documentation-example.json")) ?? ""
        func example(_ url: String, _ decision: AASADecision) -> AASAMatchCase {
            AASAMatchCase(
                rule: .query, file: apple, url: url, appID: app, format: .components, decision: decision,
                source: .appleSupportingAssociatedDomains)
        }
        return [
            example("https://www.example.com/help/article?articleNumber=1234", .match),
            example("https://www.example.com/help/article?articleNumber=123", .noMatch),
            example("https://www.example.com/help/article?utm=x&articleNumber=1234", .match),
            // Apple's Query page: a dictionary's keys are query item names, its values patterns.
            row(.query, #"[{"/": "/p", "?": {"productID": "12345"}}]"#, "https://e.com/p?productID=12345", .match, .appleQuery),
            row(.query, #"[{"/": "/p", "?": {"productID": "12345"}}]"#, "https://e.com/p?productID=1", .noMatch, .appleQuery),
            // WWDC19: absent items and items without a value count as the empty string.
            row(.query, #"[{"/": "/q", "?": {"ref": "*"}}]"#, "https://e.com/q", .match, .wwdc19Session717),
            row(.query, #"[{"/": "/q", "?": {"ref": "*"}}]"#, "https://e.com/q?x=1", .match, .wwdc19Session717),
            row(.query, #"[{"/": "/q", "?": {"ref": ""}}]"#, "https://e.com/q", .match, .wwdc19Session717),
            row(.query, #"[{"/": "/q", "?": {"ref": ""}}]"#, "https://e.com/q?ref", .match, .wwdc19Session717),
            row(.query, #"[{"/": "/q", "?": {"ref": ""}}]"#, "https://e.com/q?ref=x", .noMatch, .wwdc19Session717),
            row(.query, #"[{"/": "/q", "?": {"ref": "?*"}}]"#, "https://e.com/q", .noMatch, .wwdc19Session717),
            // WWDC19: every occurrence of a repeated name must match; every specified item must match.
            row(.query, #"[{"/": "/q", "?": {"id": "?"}}]"#, "https://e.com/q?id=1&id=22", .noMatch, .wwdc19Session717),
            row(.query, #"[{"/": "/q", "?": {"id": "?"}}]"#, "https://e.com/q?id=1&id=2", .match, .wwdc19Session717),
            row(.query, #"[{"/": "/q", "?": {"id": "?", "ref": "mail"}}]"#, "https://e.com/q?id=1", .noMatch, .wwdc19Session717),
            // Issue 11: a non-string value discards the whole dictionary; the rule matches any query.
            row(.query, #"[{"/": "/q", "?": {"a": "1", "b": 2}}]"#, "https://e.com/q?a=9", .match, .issue11),
            row(.query, #"[{"/": "/q", "?": {"a": ["1"]}}]"#, "https://e.com/q?a=9", .match, .issue11),
            row(.query, #"[{"/": "/q", "?": {"a": "1", "b": 2}}]"#, "https://e.com/r?a=1", .noMatch, .issue11),
            // Apple: "?" may be a pattern string, matched with the whole query.
            row(.query, #"[{"/": "/p", "?": "id=?*"}]"#, "https://e.com/p?id=7", .match, .appleComponents),
            row(.query, #"[{"/": "/p", "?": "id=?*"}]"#, "https://e.com/p?x=1&id=7", .noMatch, .appleComponents),
            row(.query, #"[{"/": "/p", "?": "*id=7*"}]"#, "https://e.com/p?x=1&id=7&y=2", .match, .appleComponents),
            row(.query, #"[{"/": "/p", "?": "id=?*"}]"#, "https://e.com/p", .noMatch, .appleComponents),
            row(.query, #"[{"/": "/p", "?": "q=a%20b"}]"#, "https://e.com/p?q=a%20b", .match, .issue11),
        ]
    }()

    static let settingsCases: [AASAMatchCase] = {
        let layered = #"{"applinks": {"defaults": {"caseSensitive": false}, "details": ["#
            + #"{"appIDs": ["ABCDE12345.a.file"], "components": [{"/": "/File/*"}]},"#
            + #"{"appIDs": ["ABCDE12345.a.app"], "defaults": {"caseSensitive": true}, "components": ["#
            + #"{"/": "/App/*"}, {"/": "/Rule/*", "caseSensitive": false}]}]}}"#
        func layer(_ url: String, _ appID: String, _ decision: AASADecision) -> AASAMatchCase {
            AASAMatchCase(
                rule: .settings, file: layered, url: url, appID: appID, format: .components, decision: decision,
                source: .appleDefaults)
        }
        let variables = (try? AssociationFixtures.text("apple-substitution-variables-example.json")) ?? ""
        func food(_ url: String, _ decision: AASADecision) -> AASAMatchCase {
            AASAMatchCase(
                rule: .settings, file: variables, url: url, appID: app, format: .components, decision: decision,
                source: .appleSubstitutionVariables)
        }
        let encodedOff = AASAMatchCase(
            rule: .settings, file: components(#"[{"/": "/menü/*"}]"#, defaults: #"{"percentEncoded": false}"#),
            url: "https://e.com/men%C3%BC/1", appID: app, format: .components, decision: .match, source: .wwdc20Session10098)
        return [
            layer("https://e.com/FILE/x", "ABCDE12345.a.file", .match),
            layer("https://e.com/app/x", "ABCDE12345.a.app", .noMatch),
            layer("https://e.com/App/x", "ABCDE12345.a.app", .match),
            layer("https://e.com/RULE/x", "ABCDE12345.a.app", .match),
            // WWDC20: patterns are case-sensitive and compared with the percent-encoded URL by default.
            row(.settings, #"[{"/": "/Buy/*"}]"#, "https://e.com/buy/x", .noMatch, .wwdc20Session10098),
            row(.settings, #"[{"/": "/sourdough/?*", "caseSensitive": false}]"#, "https://e.com/SourDough/x", .match,
                .wwdc20Session10098),
            row(.settings, #"[{"/": "/q", "?": {"Id": "ABC"}, "caseSensitive": false}]"#, "https://e.com/q?id=abc", .match,
                .wwdc20Session10098),
            row(.settings, #"[{"/": "/menü/*"}]"#, "https://e.com/men%C3%BC/1", .noMatch, .wwdc20Session10098),
            row(.settings, #"[{"/": "/menü/*", "percentEncoded": false}]"#, "https://e.com/men%C3%BC/1", .match,
                .wwdc20Session10098),
            encodedOff,
            food("https://example.com/en_US/pizza/", .match),
            food("https://example.com/fr_CA/sushi/", .match),
            food("https://example.com/en_US/taco/", .noMatch),
            food("https://example.com/EN_US/pizza/", .noMatch),
            row(.settings, #"[{"/": "/$(digit)$(digit)"}]"#, "https://e.com/42", .match, .appleSubstitutionVariables),
            row(.settings, #"[{"/": "/$(digit)$(digit)"}]"#, "https://e.com/4a", .noMatch, .appleSubstitutionVariables),
            row(.settings, #"[{"/": "/$(alpha)$(alnum)"}]"#, "https://e.com/Q7", .match, .appleSubstitutionVariables),
            row(.settings, #"[{"/": "/$(upper)"}]"#, "https://e.com/q", .noMatch, .appleSubstitutionVariables),
            row(.settings, #"[{"/": "/$(lower)"}]"#, "https://e.com/q", .match, .appleSubstitutionVariables),
            row(.settings, #"[{"/": "/$(xdigit)"}]"#, "https://e.com/f", .match, .appleSubstitutionVariables),
            row(.settings, #"[{"/": "/$(xdigit)"}]"#, "https://e.com/g", .noMatch, .appleSubstitutionVariables),
            row(.settings, #"[{"/": "/$(region)/*"}]"#, "https://e.com/CA/x", .match, .appleSubstitutionVariables),
            row(.settings, #"[{"/": "/$(lang)/*"}]"#, "https://e.com/zh/x", .match, .appleSubstitutionVariables),
            AASAMatchCase(
                rule: .settings,
                file: #"{"applinks": {"substitutionVariables": {"section": ["news", "sale-*"], "food": ["Pizza"]}, "#
                    + #""details": [{"appIDs": ["\#(app)"], "components": [{"/": "/$(section)/"}, "#
                    + #"{"/": "/eat/$(food)", "caseSensitive": false}]}]}}"#,
                url: "https://e.com/sale-spring/", appID: app, format: .components, decision: .match,
                source: .appleSubstitutionVariables),
            AASAMatchCase(
                rule: .settings,
                file: #"{"applinks": {"substitutionVariables": {"food": ["Pizza"]}, "#
                    + #""details": [{"appIDs": ["\#(app)"], "components": [{"/": "/eat/$(food)", "caseSensitive": false}]}]}}"#,
                url: "https://e.com/eat/PIZZA", appID: app, format: .components, decision: .match,
                source: .appleSubstitutionVariables),
        ]
    }()

    static let matchCases = appIDCases + slashCases + wildcardCases + queryCases + settingsCases

    @Test(arguments: matchCases)
    func decidesAsThePlatformDocumentsIt(_ row: AASAMatchCase) throws {
        let report = AppleAppSiteAssociation.validate(row.file)
        let file = try #require(report.file, "\(report.diagnostics)")
        let result = file.match(try #require(URL(string: row.url)), appID: row.appID, format: row.format)
        #expect(result.decision == row.decision, "\(result.reason) — expected per \(row.source.rawValue)")
    }

    static let validationCases: [AASAValidationCase] = [
        AASAValidationCase(
            name: "an entry with both appID and appIDs",
            file: #"{"applinks": {"details": [{"appID": "ABCDE12345.a.b", "appIDs": ["ABCDE12345.a.c"], "components": [{"/": "/*"}]}]}}"#,
            errors: [], warnings: ["app-id-ignored"], source: .issue42),
        AASAValidationCase(
            name: "an entry whose appID is also in its appIDs, as generate writes it for iOS 12 and later alike",
            file: #"{"applinks": {"details": [{"appID": "ABCDE12345.a.b", "appIDs": ["ABCDE12345.a.b"], "components": [{"/": "/*"}]}]}}"#,
            errors: [], warnings: [], source: .appleDetails),
        AASAValidationCase(
            name: "an empty app ID",
            file: #"{"applinks": {"details": [{"appIDs": [""], "components": [{"/": "/*"}]}]}}"#,
            errors: ["empty-app-id"], warnings: [], source: .issue42),
        AASAValidationCase(
            name: "an empty legacy appID",
            file: #"{"applinks": {"apps": [], "details": [{"appID": "", "paths": ["*"]}]}}"#,
            errors: ["empty-app-id"], warnings: [], source: .issue42),
        // WWDC19: iOS 13 ignores "paths" when "components" is present; keep "paths" for older systems.
        AASAValidationCase(
            name: "components and paths side by side",
            file: #"{"applinks": {"apps": [], "details": [{"appIDs": ["ABCDE12345.a.b"], "components": [{"/": "/*"}], "paths": ["*"]}]}}"#,
            errors: [], warnings: [], source: .wwdc19Session717),
        AASAValidationCase(
            name: "a non-empty legacy apps array",
            file: #"{"applinks": {"apps": ["ABCDE12345.a.b"], "details": [{"appIDs": ["ABCDE12345.a.b"], "components": [{"/": "/*"}]}]}}"#,
            errors: [], warnings: ["legacy-apps-not-empty"], source: .issue11),
        AASAValidationCase(
            name: "a rule shadowed by an earlier catch-all",
            file: components(#"[{"/": "*"}, {"/": "/buy/*"}]"#),
            errors: [], warnings: ["shadowed-rule"], source: .issue11),
        AASAValidationCase(
            name: "no applinks service, only webcredentials",
            file: #"{"webcredentials": {"apps": ["ABCDE12345.a.b"]}}"#, errors: [], warnings: [], source: .issue11),
        AASAValidationCase(
            name: "a query dictionary with a non-string value",
            file: components(#"[{"/": "/q", "?": {"a": "1", "b": 2}}]"#),
            errors: ["invalid-query-item"], warnings: [], source: .issue42),
        AASAValidationCase(
            name: "a query dictionary with an array value",
            file: components(#"[{"/": "/q", "?": {"a": ["1"]}}]"#),
            errors: ["invalid-query-item"], warnings: [], source: .issue42),
        AASAValidationCase(
            name: "a path pattern without its leading slash",
            file: components(#"[{"/": "buy/*"}]"#), errors: [], warnings: [], source: .issue11),
        AASAValidationCase(
            name: "an app ID that does not look like TEAMID.bundle.id",
            file: #"{"applinks": {"details": [{"appIDs": ["abc.com.x", "ABCDE12345.a.b"], "components": [{"/": "/*"}]}]}}"#,
            errors: [], warnings: ["invalid-app-id"], source: .issue28),
        AASAValidationCase(
            name: "a file with none of the known services", file: #"{}"#, errors: [], warnings: ["no-services"], source: .issue28),
        AASAValidationCase(
            name: "text that is not JSON", file: #"{"applinks": "#, errors: ["invalid-json"], warnings: [],
            source: .appleSupportingAssociatedDomains),
        AASAValidationCase(
            name: "a file over 128 KB",
            file: components(#"[{"/": "/*", "comment": "\#(String(repeating: "x", count: 130 * 1024))"}]"#),
            errors: ["file-too-large"], warnings: [], source: .branchSizeIncident),
    ]

    @Test(arguments: validationCases)
    func validatesAsThePlatformReadsIt(_ row: AASAValidationCase) {
        let report = AppleAppSiteAssociation.validate(row.file)
        #expect(report.errors.map(\.code) == row.errors, "expected per \(row.source.rawValue)")
        #expect(report.diagnostics.filter { $0.severity == .warning }.map(\.code) == row.warnings, "\(report.diagnostics)")
    }
}
