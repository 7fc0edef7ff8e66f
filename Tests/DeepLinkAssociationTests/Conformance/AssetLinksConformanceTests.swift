// In Conformance/: tables from the platforms' documentation, across parsing and checking, not one source folder.
import DeepLinkCore
import Foundation
import Testing

@testable import DeepLinkAssociation

/// The Digital Asset Links rules issue 11 lists, one name per rule.
enum AssetLinksRuleName: String, Sendable {
    case partialLists = "partial lists"
    case webSite = "web site syntax"
    case include
    case fingerprints
}

/// One statement list, one app asked about, and Google's answer, with the test group it comes from.
struct AssetLinksCheckCase: Sendable, CustomTestStringConvertible {
    let rule: AssetLinksRuleName
    let name: String
    let list: String
    let package: String
    let fingerprint: String
    let linked: Bool
    let reportsErrors: Bool
    let source: PlatformSource

    var testDescription: String { "[\(rule.rawValue)] \(name) → \(linked ? "linked" : "not linked")" }
}

/// One value of a statement and whether Google reads it as well-formed.
struct AssetLinksSyntaxCase: Sendable, CustomTestStringConvertible {
    let rule: AssetLinksRuleName
    let value: String
    let list: String
    /// The error code Google's answer maps to, or `nil` when the value is well-formed.
    let error: String?
    let source: PlatformSource

    var testDescription: String { "[\(rule.rawValue)] \(value) → \(error ?? "well-formed")" }
}

private let site = "https://source.digitalassetlinks.org"
private let certificate = "10:39:38:EE:45:37:E5:9E:8E:E7:92:F6:54:50:4F:B8:34:6F:C6:B3:46:D0:BB:C4:41:5F:C3:39:FC:FC:8E:C1"
private let otherCertificate = "FF:FF:FF:FF:FF:FF:FF:FF:FF:FF:FF:FF:FF:FF:FF:FF:34:6F:C6:B3:46:D0:BB:C4:41:5F:C3:39:FC:FC:8E:C1"

private func androidStatement(_ package: String, _ fingerprints: [String]) -> String {
    let list = fingerprints.map { "\"\($0)\"" }.joined(separator: ", ")
    return #"{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "#
        + #""package_name": "\#(package)", "sha256_cert_fingerprints": [\#(list)]}}"#
}

private let webStatement =
    #"{"relation": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "web", "site": "https://target.digitalassetlinks.org"}}"#

private func webSite(_ site: String, _ error: String?, _ source: PlatformSource) -> AssetLinksSyntaxCase {
    let list = #"[{"relation": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "web", "site": "\#(site)"}}]"#
    return AssetLinksSyntaxCase(rule: .webSite, value: site, list: list, error: error, source: source)
}

private func include(_ url: String, _ error: String?, _ source: PlatformSource, extra: String = "") -> AssetLinksSyntaxCase {
    AssetLinksSyntaxCase(
        rule: .include, value: url + extra, list: #"[{"include": "\#(url)"\#(extra)}]"#, error: error, source: source)
}

private func fingerprint(_ text: String, _ error: String?, _ source: PlatformSource) -> AssetLinksSyntaxCase {
    AssetLinksSyntaxCase(
        rule: .fingerprints, value: text, list: "[\(androidStatement("org.digitalassetlinks.app", [text]))]", error: error,
        source: source)
}

struct AssetLinksConformanceTests {
    static let checkCases: [AssetLinksCheckCase] = [
        // comptest2003: a malformed statement ({}) is an error, and the valid statements still count.
        AssetLinksCheckCase(
            rule: .partialLists, name: "comptest2003 an empty statement beside a valid one",
            list: "[\(webStatement), {}, \(androidStatement("org.digitalassetlinks.comptest2003", [certificate]))]",
            package: "org.digitalassetlinks.comptest2003", fingerprint: certificate, linked: true, reportsErrors: true,
            source: .dalGeneral),
        AssetLinksCheckCase(
            rule: .partialLists, name: "a statement with an unknown namespace beside a valid one",
            list: #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "internets"}}, "#
                + "\(androidStatement("org.digitalassetlinks.app", [certificate]))]",
            package: "org.digitalassetlinks.app", fingerprint: certificate, linked: true, reportsErrors: true,
            source: .dalGeneral),
        AssetLinksCheckCase(
            rule: .partialLists, name: "comptest2001 valid statements", list: "[\(androidStatement("org.digitalassetlinks.comptest2001", [certificate])), \(webStatement)]",
            package: "org.digitalassetlinks.comptest2001", fingerprint: certificate, linked: true, reportsErrors: false,
            source: .dalGeneral),
        AssetLinksCheckCase(
            rule: .partialLists, name: "only an empty statement", list: "[{}]", package: "org.digitalassetlinks.app",
            fingerprint: certificate, linked: false, reportsErrors: true, source: .dalGeneral),
        // comptest4402: a target without fingerprints grants nothing.
        AssetLinksCheckCase(
            rule: .partialLists, name: "comptest4402 an app target without fingerprints",
            list: #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "org.digitalassetlinks.comptest4402"}}]"#,
            package: "org.digitalassetlinks.comptest4402", fingerprint: certificate, linked: false, reportsErrors: true,
            source: .dalCheckTarget),
        // comptest4401: the package and one of the listed certificates must match.
        AssetLinksCheckCase(
            rule: .partialLists, name: "comptest4401 the alternative certificate",
            list: "[\(androidStatement("org.digitalassetlinks.comptest4401", [certificate, otherCertificate]))]",
            package: "org.digitalassetlinks.comptest4401", fingerprint: otherCertificate, linked: true, reportsErrors: false,
            source: .dalCheckTarget),
        AssetLinksCheckCase(
            rule: .partialLists, name: "comptest4401 another package",
            list: "[\(androidStatement("org.digitalassetlinks.comptest4401", [certificate]))]",
            package: "org.digitalassetlinks.comptest4401.invalid", fingerprint: certificate, linked: false,
            reportsErrors: false, source: .dalCheckTarget),
        // comptest5002: an include that cannot be read does not invalidate the list's own statements.
        AssetLinksCheckCase(
            rule: .include, name: "comptest5002 an include beside a valid statement",
            list: #"[{"include": "https://source.digitalassetlinks.org/invalid_include.json"}, "#
                + "\(androidStatement("org.digitalassetlinks.comptest5002", [certificate]))]",
            package: "org.digitalassetlinks.comptest5002", fingerprint: certificate, linked: true, reportsErrors: false,
            source: .dalIncludes),
        // comptest2312 makes a lowercase fingerprint malformed, and comptest2003 skips malformed
        // statements: the uppercase one beside it does not link the app.
        AssetLinksCheckCase(
            rule: .fingerprints, name: "comptest2312 a lowercase fingerprint beside an uppercase one",
            list: "[\(androidStatement("org.digitalassetlinks.app", [certificate.lowercased(), otherCertificate]))]",
            package: "org.digitalassetlinks.app", fingerprint: otherCertificate, linked: false, reportsErrors: true,
            source: .dalAndroidTargets),
        AssetLinksCheckCase(
            rule: .fingerprints, name: "comptest2312 a lowercase fingerprint",
            list: "[\(androidStatement("org.digitalassetlinks.app", [certificate.lowercased()]))]",
            package: "org.digitalassetlinks.app", fingerprint: certificate, linked: false, reportsErrors: true,
            source: .dalAndroidTargets),
    ]

    @Test(arguments: checkCases)
    func checksAsGooglesServiceAnswers(_ row: AssetLinksCheckCase) throws {
        let report = AssetLinkStatementList.validate(row.list)
        let result = try report.check(site: site, package: row.package, fingerprint: row.fingerprint)
        #expect(result.linked == row.linked, "\(result.diagnostics) — expected per \(row.source.rawValue)")
        #expect(!report.errors.isEmpty == row.reportsErrors, "\(report.errors)")
        #expect(report.errors.allSatisfy(result.diagnostics.contains), "the check reports the file's errors")
        if let list = report.list {
            let alone = try list.check(site: site, package: row.package, fingerprint: row.fingerprint)
            #expect(alone.linked == row.linked, "the list alone answers as the report does")
        }
    }

    static let syntaxCases: [AssetLinksSyntaxCase] = [
        webSite("https://target.digitalassetlinks.org", nil, .dalWebTargets),
        webSite("https://target.digitalassetlinks.org.", nil, .dalWebTargets),
        webSite("HtTpS://target.digitalassetlinks.org", nil, .dalWebTargets),
        webSite("http://comptest2203.digitalassetlinks.org:8080", nil, .dalWebTargets),
        webSite("https://target.digitalassetlinks.org:443", nil, .dalCheckTarget),
        webSite("https://target.digitalassetlinks.org:999999", "invalid-site", .dalWebTargets),
        webSite("https://target.digitalassetlinks.org:0", "invalid-site", .issue11),
        webSite("https://target.digitalassetlinks.org:65536", "invalid-site", .issue11),
        webSite("https://target.digitalassetlinks.org:65535", nil, .issue11),
        webSite("mailto://user@digitalassetlinks.org", "invalid-site", .dalWebTargets),
        webSite("https://x:y@target.digitalassetlinks.org", "invalid-site", .dalWebTargets),
        webSite("https://x@target.digitalassetlinks.org", "invalid-site", .dalWebTargets),
        webSite("https://target.digitalassetlinks.org?bar", "invalid-site", .dalWebTargets),
        webSite("https://target.digitalassetlinks.org?", "invalid-site", .issue11),
        webSite("https://target.digitalassetlinks.org#bar", "invalid-site", .dalWebTargets),
        webSite("https://target.digitalassetlinks.org/", "invalid-site", .dalWebTargets),
        webSite("https://target.digitalassetlinks.org/XXX", "invalid-site", .dalWebTargets),
        webSite("https://target.digitalassetlinks.org/XXX/", "invalid-site", .dalWebTargets),
        webSite("https://target.digitalassetlinks.org/*", "invalid-site", .dalWebTargets),
        webSite("target.digitalassetlinks.org", "invalid-site", .dalWebTargets),
        webSite("https://", "invalid-site", .googleStatementSyntax),
        include("https://source.digitalassetlinks.org/valid_include.json", nil, .dalIncludes),
        include("http://include.digitalassetlinks.org/valid_include.json", "invalid-include", .dalIncludes),
        include("https:///valid_include.json", "invalid-include", .issue11),
        include("not a url", "invalid-include", .issue11),
        // comptest2004 and comptest2005: an include takes no standard field beside it, but may take others.
        include(
            "https://source.digitalassetlinks.org/includefile.json", nil, .dalGeneral, extra: #", "magicfield": {"foo": "bar"}"#),
        include(
            "https://source.digitalassetlinks.org/includefile.json", "include-with-statement", .dalGeneral,
            extra: #", "target": {"namespace": "web", "site": "https://target.digitalassetlinks.org"}"#),
        fingerprint(certificate, nil, .dalAndroidTargets),
        fingerprint(certificate.lowercased(), "lowercase-fingerprint", .dalAndroidTargets),
        fingerprint("", "invalid-fingerprint", .dalAndroidTargets),
        fingerprint("B A D", "invalid-fingerprint", .dalAndroidTargets),
        fingerprint("GG:HH" + certificate.dropFirst(5), "invalid-fingerprint", .dalAndroidTargets),
        fingerprint(String(certificate.dropFirst(3)), "invalid-fingerprint", .dalAndroidTargets),
    ]

    @Test(arguments: syntaxCases)
    func readsStatementsAsGooglesServiceParsesThem(_ row: AssetLinksSyntaxCase) {
        let report = AssetLinkStatementList.validate(row.list)
        let errors = report.errors.map(\.code)
        if let error = row.error {
            #expect(errors == [error], "expected per \(row.source.rawValue)")
        } else {
            #expect(errors.isEmpty, "\(report.errors) — expected well-formed per \(row.source.rawValue)")
        }
    }
}
