import Crypto
import DeepLinkCore
import DeepLinkServiceTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// What each visitor sees on a link's page, in the config's language and branding.
struct PageRendererTests {
    static let windowsChrome = VisitorTests.windowsChrome
    static let androidInAppBrowser = VisitorTests.androidInAppBrowser

    /// A link with both stores (the Play package is the config's) and, unless told, no web fallback.
    func create(_ server: ServerHarness, webURL: String? = nil) async throws -> String {
        let code = "p\(UUID().uuidString.prefix(8))"
        let fallback = webURL.map { #", "webURL": "\#($0)""# } ?? ""
        _ = try await server.createLink(
            #"{"code": "\#(code)", "deepLink": "shop://sales/42", "fallbacks": {"appStoreID": "123456789"\#(fallback)}, "preview": {"title": "Spring sale"}}"#)
        return code
    }

    @Test func iPhonesSeeTheAppStoreAndNeverGooglePlay() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let html = try await server.open("/\(try await create(server))", userAgent: ServerHarness.iPhone).text
            #expect(html.contains(#"data-store="apple">Download on the App Store</a>"#))
            #expect(!html.contains("Google Play"))
            #expect(!html.contains("store=google"))
            #expect(!html.contains("<svg"))
        }
    }

    /// A quote followed by a combining mark is one `Character` that is not `"`: escaping by
    /// `Character` (swift-mustache's own HTML type) let it end the `og:title` attribute.
    @Test func aQuoteFollowedByACombiningMarkIsEscapedAndCannotEndAnAttribute() async throws {
        try await ServerHarness.run(.sqlite) { server in
            _ = try await server.createLink(
                #"{"code": "marks", "deepLink": "shop://sales/42", "preview": {"title": "Sale\"\u0301 data-injected=1 \u0301<b>", "description": "A\u0301'\u0301&\u0301>"}}"#)
            let text = try await server.open("/marks", userAgent: ServerHarness.iPhone).text
            #expect(text.hasPrefix("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"))
            let html = Data(text.utf8)
            #expect(html.range(of: Data(#"content="Sale&quot;\#u{301} data-injected=1 \#u{301}&lt;b&gt;""#.utf8)) != nil)
            #expect(html.range(of: Data("<h1 dir=\"auto\">Sale&quot;\u{301} data-injected=1 \u{301}&lt;b&gt;</h1>".utf8)) != nil)
            #expect(html.range(of: Data("A\u{301}&#39;\u{301}&amp;\u{301}&gt;".utf8)) != nil)
            #expect(html.range(of: Data("\"\u{301}".utf8)) == nil)
            #expect(html.range(of: Data("<b>".utf8)) == nil)
        }
    }

    @Test func androidInAppBrowsersGetThePageWithGooglePlayAndNeverTheAppStore() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let code = try await create(server, webURL: "https://shop.example.com/sales/42")
            let response = try await server.open("/\(code)", userAgent: Self.androidInAppBrowser)
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains(#"<a class="button" href="intent://sales/42#Intent;scheme=shop;package=com.example.shop;"#))
            #expect(html.contains(#"data-store="google">Get it on Google Play</a>"#))
            #expect(html.contains(">Continue in the browser</a>"))
            #expect(!html.contains("App Store"))
            #expect(!html.contains("store=apple"))
        }
    }

    @Test func desktopsWithoutAWebFallbackGetTheShortLinksQRCode() async throws {
        var configuration = try ServerHarness.configuration()
        configuration.publicHost = "go.shop.example.com"
        try await ServerHarness.run(.sqlite, configuration: configuration) { server in
            let code = try await create(server)
            let response = try await server.open("/\(code)", userAgent: Self.windowsChrome)
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains(#"<section class="scan" data-platform="desktop">"#))
            #expect(html.contains("<title>QR code for https://go.shop.example.com/\(code)</title>"))
            #expect(html.contains("Open on your phone"))
            #expect(html.contains(#"Get the app: <a href="/\#(code)/install?store=apple">App Store</a> · <a href="/\#(code)/install?store=google">Google Play</a>"#))
            #expect(!html.contains("data-platform=\"ios\""))
            #expect(!html.contains("<script"))
        }
    }

    @Test func aDesktopPageOffersAPlatformsOwnFallbackWhereTheLinkHasOneInsteadOfItsStore() async throws {
        try await ServerHarness.run(.sqlite) { server in
            _ = try await server.createLink(
                #"{"code": "iosown", "deepLink": "shop://sales/42", "fallbacks": {"iosURL": "https://shop.example.com/iphone"}}"#)
            let ios = try await server.open("/iosown", userAgent: Self.windowsChrome).text
            #expect(
                ios.contains(#"Get the app: <a href="https://shop.example.com/iphone">iPhone app</a> · <a href="/iosown/install?store=google">Google Play</a>"#),
                "\(ios)")
            _ = try await server.createLink(
                #"{"code": "androidown", "deepLink": "shop://sales/42", "fallbacks": {"androidURL": "https://shop.example.com/android"}}"#)
            let android = try await server.open("/androidown", userAgent: Self.windowsChrome).text
            #expect(
                android.contains(#"<a href="/androidown/install?store=apple">App Store</a> · <a href="https://shop.example.com/android">Android app</a>"#),
                "\(android)")
        }
    }

    @Test func aMacsPageCarriesTheIPadsButtonsHiddenForItsScriptToShowOnATouchScreen() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let code = try await create(server)
            let response = try await server.open("/\(code)", userAgent: VisitorTests.macSafari)
            let html = response.text
            #expect(html.contains(#"<section class="scan" data-platform="desktop">"#))
            let iPad = try #require(html.firstMatch(of: /<section data-platform="ios" hidden>(.*?)<\/section>/.dotMatchesNewlines())?.1)
            #expect(iPad.contains(#"<a class="button" href="shop://sales/42">Open in app</a>"#))
            #expect(iPad.contains(#"data-store="apple">Download on the App Store</a>"#))
            #expect(!iPad.contains("Google Play"))
            let script = try #require(html.firstMatch(of: /<script>(.*)<\/script>/)?.1)
            #expect(String(script) == PageTemplates.platformScript)
            let digest = Data(SHA256.hash(data: Array(String(script).utf8))).base64EncodedString()
            #expect(try #require(response.headers[.contentSecurityPolicy]).contains("'sha256-\(digest)'"))
        }
    }

    @Test func pagesTakeTheirBrandingAndLanguageFromTheConfig() async throws {
        let configuration = try ServerHarness.configuration(
            pages: ##"{"appName": "Laden", "iconURL": "https://cdn.partner.example/icon.png", "themeColor": "#ff6a00", "language": "de"}"##)
        try await ServerHarness.run(.sqlite, configuration: configuration) { server in
            let html = try await server.open("/\(try await create(server))", userAgent: ServerHarness.iPhone).text
            #expect(html.contains(#"<html lang="de">"#))
            #expect(html.contains(##"<meta name="theme-color" content="#ff6a00">"##))
            #expect(html.contains(#"<img class="icon" src="https://cdn.partner.example/icon.png" alt=""><span>Laden</span>"#))
            #expect(html.contains(#"<link rel="apple-touch-icon" href="https://cdn.partner.example/icon.png">"#))
            #expect(html.contains(">In der App öffnen</a>"))
            #expect(html.contains(">Laden im App Store</a>"))
            let stylesheet = try #require(html.firstMatch(of: /href="(\/assets\/pages\.css\?v=[0-9a-f]+)"/)?.1)
            let css = try await server.open(String(stylesheet), userAgent: ServerHarness.iPhone).text
            #expect(css.contains("--theme:#ff6a00;"))
        }
    }

    @Test func problemPagesSpeakThePagesLanguageAndSendPeopleToTheWebsiteNotTheLinkDomain() async throws {
        var configuration = try ServerHarness.configuration(pages: #"{"language": "de"}"#)
        configuration.publicHost = "go.shop.example.com"
        try await ServerHarness.run(.sqlite, configuration: configuration) { server in
            let unknown = try await server.open("/no-such-link", userAgent: ServerHarness.iPhone)
            #expect(unknown.status == .notFound)
            #expect(unknown.text.contains("<h1>Link nicht gefunden</h1>"))
            #expect(unknown.text.contains(#"<a class="button" href="https://shop.example.com/">Weiter zu shop.example.com</a>"#))

            let code = try await create(server)
            var expired = try #require(try await server.store.link(code: code))
            expired.expiresAt = Date(timeIntervalSince1970: 1_769_860_800)  // 2026-01-31T12:00:00Z
            #expect(try await server.store.update(expired))
            let gone = try await server.open("/\(code)", userAgent: ServerHarness.iPhone)
            #expect(gone.status == .gone)
            #expect(gone.text.contains("<p>Dieser Link ist am 31. Januar 2026 abgelaufen und kann nicht mehr geöffnet werden.</p>"))
        }
    }

    @Test func pagesHaveNoInlineStyleAndTheirStylesheetIsCachedByVersion() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let page = try await server.open("/\(try await create(server))", userAgent: ServerHarness.iPhone)
            let policy = try #require(page.headers[.contentSecurityPolicy])
            #expect(!policy.contains("unsafe-inline"))
            #expect(policy.contains("style-src 'self';"))
            #expect(!page.text.contains("<style"))
            #expect(!page.text.contains("style="))

            let path = try #require(page.text.firstMatch(of: /<link rel="stylesheet" href="([^"]+)">/)?.1)
            let versioned = try await server.open(String(path), userAgent: ServerHarness.iPhone)
            #expect(versioned.status == .ok)
            #expect(versioned.headers[.contentType] == "text/css; charset=utf-8")
            #expect(versioned.headers[.cacheControl] == "public, max-age=31536000, immutable")
            let etag = try #require(versioned.headers[.eTag])
            let plain = try await server.open("/assets/pages.css", userAgent: ServerHarness.iPhone, headers: [.ifNoneMatch: etag])
            #expect(plain.status == .notModified)
            #expect(plain.headers[.cacheControl] == "public, max-age=300")
        }
    }

    @Test func theCodeAssetsIsReservedForTheStylesheet() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let response = try await server.api(.post, "/api/v1/links", json: #"{"code": "assets", "deepLink": "shop://cart"}"#)
            #expect(response.status == .badRequest)
            #expect(try response.error().field == "code")
        }
    }
}
