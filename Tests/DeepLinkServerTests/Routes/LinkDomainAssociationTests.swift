import DeepLinkAssociation
import DeepLinkCore
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// The files a live server serves for each host, read with the project's matchers (iOS's, as
/// swcutil decides, and Android 15's dynamic rules): on the link domain a short code opens the
/// app and no path the server answers itself does; on the website hosts no server path opens
/// it either; a host that is neither gets no file.
@Suite(.serialized)
struct LinkDomainAssociationTests {
    static let appID = "ABCDE12345.com.example.shop"
    static let hosts = ["go.shop.example.com", "shop.example.com", "www.shop.example.com"]

    static func configuration() throws -> ServerConfiguration {
        var configuration = try ServerHarness.configuration()
        configuration.publicHost = "go.shop.example.com"
        return configuration
    }

    /// Every path the server's router answers but a short link's, with its parameters filled in,
    /// and the root with a Firebase long link's query.
    static func serverPaths() async throws -> [String] {
        let configuration = try configuration()
        return try await StoreBackend.sqlite.withStore { store in
            let logger = Logger(label: "test")
            let setup = try DeepLinkSetup(configuration: configuration)
            let router = try buildRouter(
                configuration: configuration, setup: setup, store: store, metrics: ServerMetrics(), cache: LinkCache(lifetime: .zero, clock: TestClock()),
                clicks: ClickCounter(store: store, interval: .seconds(60), logger: logger, clock: TestClock()),
                deferred: DeferredLinks(store: store, settings: setup.deferred, logger: logger, clock: TestClock()),
                access: AccessService(store: store, logger: logger), logger: logger)
            let paths = router.routes.map { "\($0.path)" }
            #expect(paths.contains("/{code}"))
            return Set(paths).subtracting(["/{code}"]).sorted().map { path in
                path.replacingOccurrences(of: "{code}", with: "spring").replacingOccurrences(of: "**", with: "a/b")
                    .replacingOccurrences(of: "*", with: "x").replacingOccurrences(of: "{id}", with: "3f9c0a1b2c4d")
            } + ["/?link=https%3A%2F%2Fshop.example.com%2Fsales%2F42&apn=com.example.shop", "/DASHBOARD", "/Healthz/"]
        }
    }

    @Test func aShortCodeOpensTheAppOnTheLinkDomainAndNoServerPathOpensItOnAnyHost() async throws {
        let serverPaths = try await Self.serverPaths()
        #expect(serverPaths.contains("/spring/install"))
        #expect(serverPaths.contains("/dashboard/links"))
        #expect(serverPaths.contains("/api/v1/opens") || serverPaths.contains("/api/v1/links"))
        try await ServerHarness.run(.sqlite, mode: .live, configuration: try Self.configuration()) { server in
            let port = try #require(server.client.port)
            try await TestClient.withClient(host: "localhost", port: port) { client in
                for host in Self.hosts {
                    let apple = try await client.execute(TestClient.Request("/.well-known/apple-app-site-association", method: .get, authority: host))
                    let android = try await client.execute(TestClient.Request("/.well-known/assetlinks.json", method: .get, authority: host))
                    #expect(apple.status == .ok && android.status == .ok, "\(host)")
                    let aasa = try AppleAppSiteAssociation.parse(String(buffer: try #require(apple.body)))
                    let statements = try AssetLinkStatementList.parse(String(buffer: try #require(android.body)))
                    func opens(_ path: String) throws -> (ios: Bool, android: Bool) {
                        let url = try #require(URL(string: "https://\(host)\(path)"))
                        return (aasa.match(url, appID: Self.appID).decision == .match, statements.androidOpensApp(for: url))
                    }
                    for path in serverPaths {
                        let decision = try opens(path)
                        #expect(!decision.ios, "iOS opens the app for \(host)\(path)")
                        #expect(!decision.android || path != path.lowercased(), "Android opens the app for \(host)\(path)")
                    }
                    if host == "go.shop.example.com" {
                        for code in ["/spring", "/p7", "/spring?utm_source=mail"] {
                            let decision = try opens(code)
                            #expect(decision.ios && decision.android, "\(code)")
                        }
                        #expect(statements.statements.map(\.target) == [.androidApp(package: "com.example.shop", sha256CertFingerprints: [
                            "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5",
                        ])])
                    } else {
                        #expect(try opens("/sales/42").ios, "the website keeps its routes: \(host)")
                    }
                }
                for host in ["evil.example", "127.0.0.1", "localhost:8080", "go.shop.example.com.evil.example"] {
                    for path in ["/.well-known/apple-app-site-association", "/.well-known/assetlinks.json", "/apple-app-site-association"] {
                        let response = try await client.execute(TestClient.Request(path, method: .get, authority: host))
                        #expect(response.status == .notFound, "\(host)\(path)")
                    }
                }
            }
        }
    }
}

/// The landing page's "Open in app" on iOS: a universal link across domains where the website
/// associates the deep link's route, so the installed app opens with no custom-scheme prompt.
struct OpenInAppLinkTests {
    static func setup(publicHost: String?) throws -> DeepLinkSetup {
        var configuration = try ServerHarness.configuration()
        configuration.publicHost = publicHost
        return try DeepLinkSetup(configuration: configuration)
    }

    @Test(arguments: [
        ("shop://sales/42", "https://shop.example.com/sales/42"),
        ("shop://sales/42?utm_source=mail", "https://shop.example.com/sales/42?utm_source=mail"),
        ("https://shop.example.com/products/7", "https://shop.example.com/products/7"),
        // Not among the website's universal links: the custom scheme is all there is.
        ("shop://checkout", "shop://checkout"),
        ("shop://addToCart/7", "shop://addToCart/7"),
    ])
    func onALinkDomainTheButtonIsTheWebsitesUniversalLinkWhereItHasOne(deepLink: String, expected: String) throws {
        #expect(try Self.setup(publicHost: "go.shop.example.com").openInAppURL(for: deepLink) == expected)
    }

    @Test func withShortLinksOnTheWebsitesOwnHostTheButtonKeepsTheCustomScheme() throws {
        #expect(try Self.setup(publicHost: nil).openInAppURL(for: "shop://sales/42") == "shop://sales/42")
    }

    @Test func anIPhonesLandingPageOnTheLinkDomainOpensTheAppThroughTheWebsite() async throws {
        try await ServerHarness.run(.sqlite, configuration: try LinkDomainAssociationTests.configuration()) { server in
            _ = try await server.createLink(#"{"code": "spring", "deepLink": "shop://sales/42"}"#)
            let page = try await server.open("/spring", userAgent: ServerHarness.iPhone).text
            #expect(page.contains(#"<a class="button" href="https://shop.example.com/sales/42">Open in app</a>"#), "\(page)")
            #expect(page.contains("app-argument=shop://sales/42"))
        }
    }
}

/// `GET /{code}?d=1` and the dashboard's link page show what happens on each device.
struct DeviceJourneyPageTests {
    @Test func theDebugParameterShowsEveryDevicesJourneyAndCountsNoClick() async throws {
        try await ServerHarness.run(.sqlite, configuration: try LinkDomainAssociationTests.configuration()) { server in
            _ = try await server.createLink(#"{"code": "spring", "deepLink": "shop://sales/42", "preview": {"title": "<b>Spring</b>"}}"#)
            let page = try await server.open("/spring?d=1&utm_source=x", userAgent: ServerHarness.iPhone)
            #expect(page.status == .ok)
            #expect(page.headers[.cacheControl] == "no-store")
            #expect(page.headers[HTTPField.Name("X-Robots-Tag")!] == "noindex")
            let html = page.text
            #expect(html.contains("<code>https://go.shop.example.com/spring?utm_source=x</code>"), "\(html)")
            #expect(html.contains("<h2>iPhone, app installed</h2>"))
            #expect(html.contains("<h2>Android, app missing</h2>"))
            #expect(html.contains("route sales/:saleId → SaleViewController (saleId=42)"))
            #expect(html.contains("&lt;b&gt;Spring&lt;/b&gt;"))
            #expect(!html.contains("<b>Spring</b>"))
            #expect(!html.contains("<script"))
            let stats = try await server.api(.get, "/api/v1/links/spring/stats")
            #expect(try stats.object()["totalClicks"] == 0)
        }
    }

    @Test func aLinksDashboardPageShowsWhatHappensOnEachDevice() async throws {
        try await ServerHarness.run(.sqlite, configuration: try LinkDomainAssociationTests.configuration()) { server in
            _ = try await server.createLink(#"{"code": "spring", "deepLink": "shop://sales/42"}"#)
            let browser = try await DashboardBrowser.signIn(server)
            let html = try await browser.get("/dashboard/links/spring").text
            #expect(html.contains("What happens on each device"))
            #expect(html.contains("<summary><strong>iPhone, app installed</strong>: opens the app at the link&#39;s screen</summary>"), "\(html)")
            #expect(html.contains("<summary><strong>Android, app missing</strong>: installs the app, which opens at the link&#39;s screen</summary>"))
        }
    }
}
