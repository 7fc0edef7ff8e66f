// In Conformance/: tables from the Bolts sources, across metadata, navigation and inbound links, not one source folder.
import DeepLinkAppLinks
import DeepLinkCore
import Foundation
import Testing

/// Where a case's expected answer comes from: the Bolts sources that define App Links
/// behaviour in practice, or issue 11 where no public source was found.
enum BoltsSource: String, Sendable {
    case webViewResolverIOS =
        "BoltsFramework/Bolts-ObjC Bolts/iOS/BFWebViewAppLinkResolver.m: parseALData and appLinkFromALData"
    case webViewResolverAndroid =
        "BoltsFramework/Bolts-Android bolts-applinks/src/main/java/bolts/WebViewAppLinkResolver.java: parseAlData and makeAppLinkFromAlData"
    case inboundURL = "BoltsFramework/Bolts-ObjC Bolts/iOS/BFURL.m: initWithURL reads al_applink_data"
    case issue11 = "issue 11's rule (no public platform text found)"
}

/// One page's `al:*` tags and the targets Bolts builds from them.
struct BoltsGroupingCase: Sendable, CustomTestStringConvertible {
    let name: String
    let tags: [(String, String)]
    let ios: [IOSAppLinkTarget]
    let iphone: [IOSAppLinkTarget]
    let android: [AndroidAppLinkTarget]
    let webURL: String
    let source: BoltsSource

    var testDescription: String { "[grouping] \(name)" }
}

/// One incoming `al_applink_data` object and what Bolts keeps of it.
struct BoltsInboundCase: Sendable, CustomTestStringConvertible {
    let name: String
    let json: String
    /// `nil` when the link data is not read at all.
    let targetURL: String?
    let extras: [String: JSONValue]
    let refererAppName: String?
    let userAgent: String?
    let source: BoltsSource

    var testDescription: String { "[extras] \(name)" }
}

private let pageURL = URL(string: "http://example.com/applinks")!

private func ios(_ url: String? = nil, store: String? = nil, name: String? = nil) -> IOSAppLinkTarget {
    IOSAppLinkTarget(url: url.flatMap { URL(string: $0) }, appStoreID: store, appName: name)
}

private func android(_ package: String? = nil, url: String? = nil, name: String? = nil) -> AndroidAppLinkTarget {
    AndroidAppLinkTarget(url: url.flatMap { URL(string: $0) }, packageName: package, appName: name)
}

private func grouping(
    _ name: String, _ tags: [(String, String)], ios: [IOSAppLinkTarget] = [], iphone: [IOSAppLinkTarget] = [],
    android: [AndroidAppLinkTarget] = [], webURL: String = "http://example.com/applinks",
    source: BoltsSource = .webViewResolverIOS
) -> BoltsGroupingCase {
    BoltsGroupingCase(name: name, tags: tags, ios: ios, iphone: iphone, android: android, webURL: webURL, source: source)
}

private func inbound(
    _ name: String, _ json: String, target: String? = "http://example.com/docs", extras: [String: JSONValue] = [:],
    referer: String? = nil, userAgent: String? = nil, source: BoltsSource
) -> BoltsInboundCase {
    BoltsInboundCase(
        name: name, json: json, targetURL: target, extras: extras, refererAppName: referer, userAgent: userAgent,
        source: source)
}

struct BoltsConformanceTests {
    // Bolts collects each property's values of a platform in page order, and the n-th values of
    // every property form the n-th target; a bare `al:ios` tag starts a new collection.
    static let groupingCases: [BoltsGroupingCase] = [
        grouping(
            "the protocol's single iOS target",
            [("al:ios:url", "example://applinks"), ("al:ios:app_store_id", "12345"), ("al:ios:app_name", "Example App")],
            ios: [ios("example://applinks", store: "12345", name: "Example App")]),
        grouping(
            "urls first, then names",
            [("al:ios:url", "a://x"), ("al:ios:url", "b://x"), ("al:ios:app_name", "A"), ("al:ios:app_name", "B")],
            ios: [ios("a://x", name: "A"), ios("b://x", name: "B")]),
        grouping(
            "names first, then urls",
            [("al:ios:app_name", "A"), ("al:ios:app_name", "B"), ("al:ios:url", "a://x"), ("al:ios:url", "b://x")],
            ios: [ios("a://x", name: "A"), ios("b://x", name: "B")]),
        grouping(
            "interleaved",
            [("al:ios:url", "a://x"), ("al:ios:app_name", "A"), ("al:ios:url", "b://x"), ("al:ios:app_name", "B")],
            ios: [ios("a://x", name: "A"), ios("b://x", name: "B")]),
        grouping(
            "two urls and one store id",
            [("al:ios:url", "a://x"), ("al:ios:url", "b://x"), ("al:ios:app_store_id", "1")],
            ios: [ios("a://x", store: "1"), ios("b://x")]),
        grouping(
            "a bare platform tag starts a new group",
            [("al:ios:url", "a://x"), ("al:ios", ""), ("al:ios:app_name", "B")], ios: [ios("a://x"), ios(name: "B")]),
        grouping(
            "iphone and ios are separate platforms",
            [("al:iphone:url", "phone://x"), ("al:ios:url", "any://x"), ("al:iphone:app_name", "Phone")],
            ios: [ios("any://x")], iphone: [ios("phone://x", name: "Phone")]),
        grouping(
            "three packages and two names",
            [
                ("al:android:package", "com.one"), ("al:android:package", "com.two"), ("al:android:package", "com.three"),
                ("al:android:app_name", "One"), ("al:android:app_name", "Two"),
            ],
            android: [android("com.one", name: "One"), android("com.two", name: "Two"), android("com.three")],
            source: .webViewResolverAndroid),
        grouping(
            "two packages and one url",
            [("al:android:package", "com.one"), ("al:android:package", "com.two"), ("al:android:url", "one://x")],
            android: [android("com.one", url: "one://x"), android("com.two")], source: .webViewResolverAndroid),
        grouping(
            "the first web url",
            [("al:web:url", "https://a.example/1"), ("al:web:url", "https://b.example/2")],
            webURL: "https://a.example/1", source: .webViewResolverAndroid),
    ]

    @Test(arguments: groupingCases)
    func groupsRepeatedPropertiesAsBoltsDoes(_ row: BoltsGroupingCase) {
        let tags = row.tags.map { HTMLMetaTag(property: $0.0, content: $0.1) }
        let metadata = AppLinkMetadata(tags: tags, pageURL: pageURL)
        #expect(metadata.ios == row.ios, "expected per \(row.source.rawValue)")
        #expect(metadata.iphone == row.iphone)
        #expect(metadata.android == row.android)
        #expect(metadata.web.url.absoluteString == row.webURL)
    }

    static let inboundCases: [BoltsInboundCase] = [
        inbound(
            "extras is an array", #"{"target_url": "http://example.com/docs", "version": "1.0", "extras": []}"#,
            source: .inboundURL),
        inbound(
            "extras is a string", #"{"target_url": "http://example.com/docs", "extras": "t0kEn"}"#, source: .inboundURL),
        inbound(
            "extras is an object", #"{"target_url": "http://example.com/docs", "extras": {"k": "v"}}"#, extras: ["k": "v"],
            source: .inboundURL),
        inbound(
            "extras is a number beside a referer",
            #"{"target_url": "http://example.com/docs", "extras": 7, "referer_app_link": {"url": "ref://back", "app_name": "Ref"}}"#,
            referer: "Ref", source: .inboundURL),
        inbound(
            "user_agent is not a string", #"{"target_url": "http://example.com/docs", "user_agent": ["Bolts"]}"#,
            source: .issue11),
        inbound(
            "referer_app_link is not an object", #"{"target_url": "http://example.com/docs", "referer_app_link": "x"}"#,
            source: .issue11),
        inbound(
            "a referer member of the wrong type",
            #"{"target_url": "http://example.com/docs", "referer_app_link": {"app_name": 7, "url": "ref://back"}}"#,
            source: .issue11),
        inbound(
            "another protocol version", #"{"target_url": "http://example.com/docs", "version": "2.0", "extras": {"k": "v"}}"#,
            target: nil, source: .inboundURL),
    ]

    @Test(arguments: inboundCases)
    func keepsTheLinkWhenAnOptionalMemberIsMalformed(_ row: BoltsInboundCase) throws {
        let encoded = try #require(row.json.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let url = try #require(URL(string: "example://docs?al_applink_data=\(encoded)"))
        let appLink = InboundAppLink.read(from: url).appLink
        #expect(appLink?.targetURL.absoluteString == row.targetURL, "expected per \(row.source.rawValue)")
        guard let appLink else { return }
        #expect(appLink.extras == row.extras)
        #expect(appLink.referer?.appName == row.refererAppName)
        #expect(appLink.data.userAgent == row.userAgent)
    }

    @Test func decodedJSONCarriesEveryMemberIncludingExtensionProperties() throws {
        let json = #"{"target_url": "http://example.com/docs", "campaign_ids": "ABcDEfghI7GUC4gMdFoX1y", "ref": {"a": 1}}"#
        let encoded = try #require(json.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let output = InboundAppLink.read(from: try #require(URL(string: "example://docs?al_applink_data=\(encoded)")))
            .jsonValue.objectValue
        // Issue 11: `applinks decode --json` prints every member, extension properties included.
        #expect(output?["other_properties"] == ["campaign_ids": "ABcDEfghI7GUC4gMdFoX1y", "ref": ["a": 1]])
    }
}
