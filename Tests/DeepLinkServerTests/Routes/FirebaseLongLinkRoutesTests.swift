import DeepLinkCore
import DeepLinkServiceTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// Firebase Dynamic Links long links on the link host resolve like stored links.
struct FirebaseLongLinkRoutesTests {
    static let deepLink = "https://shop.example.com/sales/42"
    static let query =
        "link=\(encoded(deepLink))&apn=com.example.shop&ibi=com.example.Shop&isi=123456789&efr=1&st=Spring&utm_source=fdl"

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    @Test(arguments: StoreBackend.available)
    func givesIPhonesTheLandingPageWithAStoreHopThatRecordsTheClick(backend: StoreBackend) async throws {
        try await ServerHarness.run(backend) { server in
            let page = try await server.open("/?\(Self.query)", userAgent: DeferredClaimRoutesTests.iPhone18)
            #expect(page.status == .ok)
            let html = page.text
            #expect(html.contains(#"<meta name="apple-itunes-app" content="app-id=123456789, app-argument=https://shop.example.com/sales/42">"#))
            #expect(html.contains("<title>Spring</title>"))
            let hop = try #require(html.firstMatch(of: /href="([^"]*deeplink_store=apple[^"]*)"/)?.1)
            let path = String(hop).replacingOccurrences(of: "&amp;", with: "&")
            let response = try await server.open(path, userAgent: DeferredClaimRoutesTests.iPhone18)
            #expect(response.status == .found)
            #expect(response.headers[.location] == "https://apps.apple.com/app/id123456789")
        }
    }

    @Test(arguments: StoreBackend.available)
    func sendsAndroidThroughTheStoreHopAndTheReferrerTokenClaimsTheLongLink(backend: StoreBackend) async throws {
        try await ServerHarness.run(backend) { server in
            let response = try await server.open("/?\(Self.query)", userAgent: ServerHarness.android)
            let location = try #require(response.headers[.location])
            #expect(location.hasPrefix("intent://shop.example.com/sales/42#Intent;scheme=https;package=com.example.shop;"))
            let fallback = try response.intentBrowserFallback()
            let hop = try #require(URLComponents(string: fallback))
            #expect(hop.host == "shop.example.com")
            #expect(hop.queryItems?.contains(URLQueryItem(name: "deeplink_store", value: "google")) == true)
            let referrer = try #require(try await server.followAndroidStoreHop(fallback).installReferrer)
            let token = try DeferredClaimRoutesTests.token(inReferrer: referrer)
            let answer = try await server.claim(#"{"token": "\#(token)"}"#).object()
            #expect(answer["match"] == "token")
            #expect(answer["deepLink"] == .string(Self.deepLink))
            #expect(answer["link"]?.objectValue?["code"] == .null)
            #expect(answer["link"]?.objectValue?["utm"]?.objectValue?["source"] == "fdl")
        }
    }

    @Test func sendsDesktopsToTheOtherPlatformFallbackOrTheLink() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let plain = try await server.open("/?\(Self.query)", userAgent: ServerHarness.desktop)
            #expect(plain.status == .found)
            // As Firebase passed a link's analytics parameters to ofl, the campaign goes along.
            #expect(plain.headers[.location] == Self.deepLink + "?utm_source=fdl")
            let other = try await server.open(
                "/?\(Self.query)&ofl=\(Self.encoded("https://www.shop.example.com/app"))", userAgent: ServerHarness.desktop)
            #expect(other.headers[.location] == "https://www.shop.example.com/app?utm_source=fdl")
        }
    }

    @Test func sendsAndroidToItsFallbackInsteadOfThePlayStore() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let response = try await server.open(
                "/?\(Self.query)&afl=\(Self.encoded("https://www.shop.example.com/android"))", userAgent: ServerHarness.android)
            let location = try #require(response.headers[.location])
            #expect(location.contains("S.browser_fallback_url=\(AndroidIntentURL.percentEncoded("https://www.shop.example.com/android"));"))
        }
    }

    @Test(arguments: [
        ("afl=\(encoded("https://evil.example/steal"))", "afl"),
        ("ifl=\(encoded("javascript:alert(1)"))", "ifl"),
        ("ofl=\(encoded("https://good.example@evil.example/"))", "ofl"),
        ("isi=abc", "isi"),
        ("apn=com.example.shop", "apn"),
    ])
    func refusesUnsafeOrUnknownParametersNamingThem(extra: String, parameter: String) async throws {
        let logs = LogRecorder()
        try await ServerHarness.run(.sqlite, logs: logs) { server in
            let response = try await server.open("/?\(Self.query)&\(extra)", userAgent: ServerHarness.iPhone)
            #expect(response.status == .badRequest)
            #expect(Self.loggedProblem(logs)?.hasPrefix("\(parameter): ") == true, "\(logs.all.map(\.message))")
            #expect(response.text.contains("<h1>This link is not valid</h1>"))
            #expect(!response.text.contains("\(parameter): "), "the page shows the developer's reason: \(response.text)")
            #expect(response.headers[.location] == nil)
        }
    }

    /// The reason the server logged for refusing a long link: what the page no longer shows.
    static func loggedProblem(_ logs: LogRecorder) -> String? {
        logs.all.last { $0.metadata["link.problem"] != nil }?.metadata["link.problem"]
    }

    @Test func ignoresParametersFirebaseDidNotDefineAndReadsPlusAsASpace() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let response = try await server.open(
                "/?\(Self.query)&gclid=abc123&sd=Up+to+50%25+off%2Bmore", userAgent: DeferredClaimRoutesTests.iPhone18)
            #expect(response.status == .ok)
            #expect(response.text.contains(#"<p dir="auto">Up to 50% off+more</p>"#), "\(response.text)")
        }
    }

    @Test func takesPreviewImagesOnlyFromAllowedHosts() async throws {
        let logs = LogRecorder()
        try await ServerHarness.run(.sqlite, logs: logs) { server in
            let foreign = try await server.open(
                "/?\(Self.query)&si=\(Self.encoded("https://images.evil.example/x.png"))", userAgent: ServerHarness.crawler)
            #expect(foreign.status == .badRequest)
            #expect(Self.loggedProblem(logs)?.hasPrefix("si: ") == true)
            let allowed = try await server.open(
                "/?\(Self.query)&si=\(Self.encoded("https://cdn.partner.example/x.png"))", userAgent: ServerHarness.crawler)
            #expect(allowed.status == .ok)
            #expect(allowed.text.contains(#"<meta property="og:image" content="https://cdn.partner.example/x.png">"#))
        }
    }

    @Test func longLinksCanBeTurnedOff() async throws {
        var configuration = try ServerHarness.configuration()
        configuration.firebaseLongLinks = false
        try await ServerHarness.run(.sqlite, configuration: configuration) { server in
            let response = try await server.open("/?\(Self.query)", userAgent: ServerHarness.iPhone)
            #expect(response.status == .notFound)
        }
    }

    @Test func keepsSpacesInUTMFieldsAsFirebaseReadThem() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let response = try await server.open("/?\(Self.query)&utm_campaign=spring+sale%2B", userAgent: ServerHarness.android)
            let play = try await server.followAndroidStoreHop(try response.intentBrowserFallback())
            let referrer = try #require(play.installReferrer)
            let token = try DeferredClaimRoutesTests.token(inReferrer: referrer)
            let answer = try await server.claim(#"{"token": "\#(token)"}"#).object()
            #expect(answer["link"]?.objectValue?["utm"]?.objectValue?["campaign"] == "spring sale+")
        }
    }

    @Test func refusesADeepLinkTheConfigDoesNotRoute() async throws {
        let logs = LogRecorder()
        try await ServerHarness.run(.sqlite, logs: logs) { server in
            let response = try await server.open("/?link=\(Self.encoded("https://evil.example/x"))", userAgent: ServerHarness.iPhone)
            #expect(response.status == .badRequest)
            #expect(Self.loggedProblem(logs)?.hasPrefix("link: ") == true)
        }
    }

    @Test(arguments: ["https://shop.example.com/cart?from=a\r\nLocation: https://evil.example/", "https://shop.example.com/cart?from=a b"])
    func refusesADeepLinkWithControlCharactersOrSpaces(deepLink: String) async throws {
        let logs = LogRecorder()
        try await ServerHarness.run(.sqlite, logs: logs) { server in
            let response = try await server.open("/?link=\(Self.encoded(deepLink))&apn=com.example.shop", userAgent: ServerHarness.android)
            #expect(response.status == .badRequest)
            #expect(response.headers[.location] == nil)
            #expect(Self.loggedProblem(logs)?.hasPrefix("link: deepLink contains U+") == true, "\(logs.all.map(\.metadata))")
        }
    }

    @Test(arguments: [
        ("apn=com.evil.malware", "apn: apn=com.evil.malware is not one of the config's Android packages (allowed: com.example.shop)"),
        ("isi=987654321&st=Free+money", "isi: isi=987654321 is not one of the config's App Store IDs (allowed: 123456789)"),
        ("ibi=com.evil.App", "ibi: ibi=com.evil.App is not one of the config's iOS bundle IDs (allowed: com.example.shop)"),
    ])
    func opensOnlyTheConfigsApps(app: String, problem: String) async throws {
        let logs = LogRecorder()
        try await ServerHarness.run(.sqlite, logs: logs) { server in
            for userAgent in [ServerHarness.android, ServerHarness.iPhone, ServerHarness.crawler] {
                let response = try await server.open("/?link=\(Self.encoded(Self.deepLink))&\(app)", userAgent: userAgent)
                #expect(response.status == .badRequest)
                #expect(response.headers[.location] == nil)
                #expect(Self.loggedProblem(logs)?.hasPrefix(problem) == true, "\(Self.loggedProblem(logs) ?? "nothing logged")")
            }
            let ownApps = try await server.open("/?link=\(Self.encoded(Self.deepLink))&apn=com.example.shop&ibi=com.example.Shop&isi=123456789", userAgent: ServerHarness.iPhone)
            #expect(ownApps.status == .ok)
        }
    }

    @Test func theRootWithoutALinkIsNotFound() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let response = try await server.open("/", userAgent: ServerHarness.iPhone)
            #expect(response.status == .notFound)
        }
    }
}
