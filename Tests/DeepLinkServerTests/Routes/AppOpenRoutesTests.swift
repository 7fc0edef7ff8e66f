import DeepLinkCore
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// `POST /api/v1/opens`: an app opened by a tap on a short link asks for its deep link, and the
/// open is counted.
struct AppOpenRoutesTests {
    static let link = #"{"code": "spring", "deepLink": "shop://sales/42", "utm": {"source": "mail", "campaign": "spring"}, "campaign": "spring-2026", "fallbacks": {"webURL": "https://shop.example.com/sales/42"}}"#

    static func configuration(opensPerMinute: Int = 1000) throws -> ServerConfiguration {
        var configuration = try ServerHarness.configuration()
        configuration.publicHost = "go.shop.example.com"
        configuration.clientAddressHeader = "X-Forwarded-For"
        configuration.opensPerMinutePerAddress = opensPerMinute
        return configuration
    }

    static func open(_ server: ServerHarness, _ body: String, from address: String = "81.2.69.160") async throws -> TestResponse {
        try await server.client.execute(
            uri: "/api/v1/opens", method: .post,
            headers: [.contentType: "application/json", HTTPField.Name("X-Forwarded-For")!: address], body: ByteBuffer(string: body))
    }

    @Test(arguments: StoreBackend.available)
    func answersTheDeepLinkWithTheURLsUTMOverridesAndCountsTheOpen(backend: StoreBackend) async throws {
        try await ServerHarness.run(backend, configuration: try Self.configuration()) { server in
            _ = try await server.createLink(Self.link)
            let response = try await Self.open(
                server, #"{"url": "https://Go.Shop.Example.com/spring?utm_source=x&utm_medium=", "platform": "android"}"#)
            #expect(response.status == .ok, "\(response.text)")
            #expect(response.headers[.cacheControl] == "no-store")
            let answer = try #require(ShortLinkResolution(json: try JSONValue(parsing: response.text)))
            #expect(answer == ShortLinkResolution(
                code: "spring", deepLink: URL(string: "shop://sales/42")!, utm: ["source": "x", "campaign": "spring"], campaign: "spring"),
                "the campaign is the UTM campaign in effect; the older label beside it is the link's note")
            _ = try await Self.open(server, #"{"url": "https://go.shop.example.com/spring", "platform": "ios"}"#)
            let counts = try await server.store.deferredCounts(code: "spring", since: "2000-01-01")
            #expect(counts.map(\.opens).reduce(0, +) == 2)
            #expect(Set(counts.filter { $0.opens > 0 }.map(\.platform)) == [.android, .ios])
            let all = try await server.store.deferredCounts(code: nil, since: "2000-01-01")
            #expect(all.map(\.opens).reduce(0, +) == 2)
        }
    }

    @Test(arguments: [
        ("https://go.shop.example.com/autumn", "not-found"), ("https://shop.example.com/spring", "not-a-short-link"),
        ("https://go.shop.example.com/", "not-a-short-link"), ("https://go.shop.example.com/spring/install", "not-a-short-link"),
        ("https://go.shop.example.com/DASHBOARD", "not-a-short-link"), ("https://evil.example/spring", "not-a-short-link"),
    ])
    func aURLThatIsNoLiveShortLinkOfThisServerIsA404(url: String, code: String) async throws {
        try await ServerHarness.run(.sqlite, configuration: try Self.configuration()) { server in
            _ = try await server.createLink(Self.link)
            let response = try await Self.open(server, #"{"url": "\#(url)", "platform": "ios"}"#)
            #expect(response.status == .notFound)
            #expect(try response.object()["error"]?.objectValue?["code"] == .string(code), "\(response.text)")
            #expect(try await server.store.deferredCounts(code: "spring", since: "2000-01-01").map(\.opens).reduce(0, +) == 0)
        }
    }

    @Test func anExpiredLinkIsA410WithItsWebFallbackToOpenInstead() async throws {
        try await ServerHarness.run(.sqlite, configuration: try Self.configuration()) { server in
            _ = try await server.createLink(Self.link)
            var stored = try #require(try await server.store.link(code: "spring"))
            stored.expiresAt = Date().addingTimeInterval(-60)
            #expect(try await server.store.update(stored))
            let response = try await Self.open(server, #"{"url": "https://go.shop.example.com/spring", "platform": "ios"}"#)
            #expect(response.status == .gone)
            #expect(try response.object()["error"]?.objectValue?["code"] == "link-expired")
            #expect(try response.object()["openInBrowser"] == "https://shop.example.com/sales/42")
        }
    }

    @Test func anExpiredLinksExpiredURLIsWhereTheAppOpensTheBrowser() async throws {
        try await ServerHarness.run(.sqlite, configuration: try Self.configuration()) { server in
            _ = try await server.createLink(#"{"code": "spring", "deepLink": "shop://sales/42", "expiredURL": "https://shop.example.com/sales/next"}"#)
            var stored = try #require(try await server.store.link(code: "spring"))
            stored.expiresAt = Date().addingTimeInterval(-60)
            #expect(try await server.store.update(stored))
            let response = try await Self.open(server, #"{"url": "https://go.shop.example.com/spring", "platform": "android"}"#)
            #expect(response.status == .gone)
            #expect(try response.object()["openInBrowser"] == "https://shop.example.com/sales/next")
        }
    }

    /// The example config with `minAppVersion` on the route `sales/:saleId`.
    static func configurationWithRouteMinimum() throws -> ServerConfiguration {
        var configuration = try configuration()
        let text = try String(contentsOf: Fixtures.shopConfig, encoding: .utf8)
        let route = #""sales/:saleId": {"#
        try #require(text.contains(route))
        configuration.deepLinkConfig = try DeepLinkConfig.parse(
            text.replacingOccurrences(of: route, with: route + #" "minAppVersion": {"ios": "5.2", "android": "500"},"#), file: "min.json")
        try #require(configuration.deepLinkConfig.routes.contains { !$0.minAppVersion.isEmpty })
        return configuration
    }

    /// A link's `minAppVersion` and its route's: each platform's newer one is in the answer, with
    /// the store page an older install updates from; a link whose route names none answers null.
    @Test func theAnswerCarriesTheStricterOfTheLinksAndTheRoutesMinimumAppVersionAndTheStore() async throws {
        try await ServerHarness.run(.sqlite, configuration: try Self.configurationWithRouteMinimum()) { server in
            _ = try await server.createLink(#"{"code": "spring", "deepLink": "shop://sales/42", "minAppVersion": {"ios": "5.10"}}"#)
            _ = try await server.createLink(#"{"code": "cart", "deepLink": "shop://cart"}"#)
            let iPhone = try await Self.open(server, #"{"url": "https://go.shop.example.com/spring", "platform": "ios"}"#)
            #expect(iPhone.status == .ok, "\(iPhone.text)")
            let ios = try #require(ShortLinkResolution(json: try JSONValue(parsing: iPhone.text)))
            #expect(ios.minAppVersion?.description == "5.10", "the link's 5.10 is newer than the route's 5.2")
            #expect(ios.storeURL?.absoluteString == "https://apps.apple.com/app/id123456789")
            #expect(ios.needsUpdate(from: AppVersion(marketingVersion: "5.9")))
            #expect(!ios.needsUpdate(from: AppVersion(marketingVersion: "5.10.0")))

            let phone = try await Self.open(server, #"{"url": "https://go.shop.example.com/spring?utm_source=x", "platform": "android"}"#)
            let android = try #require(ShortLinkResolution(json: try JSONValue(parsing: phone.text)))
            #expect(android.minAppVersion?.description == "500", "the route's, the link naming none for Android")
            #expect(android.storeURL?.absoluteString.hasPrefix("https://play.google.com/store/apps/details?id=com.example.shop") == true)

            let cart = try await Self.open(server, #"{"url": "https://go.shop.example.com/cart", "platform": "ios"}"#)
            let object = try cart.object()
            #expect(object["minAppVersion"] == .null && object["storeURL"] == .null, "\(cart.text)")
        }
    }

    @Test func aBadMinimumAppVersionIsA400NamingEachPlatformsField() async throws {
        try await ServerHarness.run(.sqlite, configuration: try Self.configuration()) { server in
            let response = try await server.api(
                .post, "/api/v1/links", json: #"{"deepLink": "shop://cart", "minAppVersion": {"ios": "5.x", "android": "5.2"}}"#)
            #expect(response.status == .badRequest)
            let errors = try #require(try response.object()["error"]?.objectValue?["errors"]?.arrayValue)
            #expect(errors.compactMap { $0.objectValue?["field"]?.stringValue } == ["minAppVersion.ios", "minAppVersion.android"])
            let unknown = try await server.api(.post, "/api/v1/links", json: #"{"deepLink": "shop://cart", "minAppVersion": {"web": "1"}}"#)
            #expect(try unknown.object()["error"]?.objectValue?["field"] == "minAppVersion.web")
        }
    }

    @Test(arguments: [
        (#"{"url": "https://go.shop.example.com/spring"}"#, "platform"), (#"{"platform": "ios"}"#, "url"),
        (#"{"url": "not a url", "platform": "ios"}"#, "url"), (#"{"url": "ftp://go.shop.example.com/spring", "platform": "ios"}"#, "url"),
        (#"{"url": "https://go.shop.example.com/spring", "platform": "ios", "extra": 1}"#, "extra"),
    ])
    func aBadBodyIsA400NamingTheField(body: String, field: String) async throws {
        try await ServerHarness.run(.sqlite, configuration: try Self.configuration()) { server in
            let response = try await Self.open(server, body)
            #expect(response.status == .badRequest)
            #expect(try response.object()["error"]?.objectValue?["field"] == .string(field), "\(response.text)")
        }
    }

    @Test func aBodyWithSeveralBadFieldsNamesEachOfThemAtOnce() async throws {
        try await ServerHarness.run(.sqlite, configuration: try Self.configuration()) { server in
            let response = try await Self.open(server, #"{"url": 42, "platform": 7, "visitorId": "short"}"#)
            #expect(response.status == .badRequest)
            let error = try #require(try response.object()["error"]?.objectValue)
            #expect(error["code"] == "invalid-field")
            #expect(error["field"] == "url")
            let errors = try #require(error["errors"]?.arrayValue)
            #expect(errors.compactMap { $0.objectValue?["field"]?.stringValue } == ["url", "platform", "visitorId"], "\(response.text)")
            #expect(errors[0].objectValue?["message"]?.stringValue?.hasSuffix("a string, not a number") == true)
            #expect(errors[1].objectValue?["message"] == "platform must be ios or android, not a number")
        }
    }

    @Test func opensAreLimitedPerAddressAndNeedNoKey() async throws {
        try await ServerHarness.run(.sqlite, configuration: try Self.configuration(opensPerMinute: 2)) { server in
            _ = try await server.createLink(Self.link)
            let body = #"{"url": "https://go.shop.example.com/spring", "platform": "ios"}"#
            #expect(try await Self.open(server, body).status == .ok)
            #expect(try await Self.open(server, body).status == .ok)
            let limited = try await Self.open(server, body)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] != nil)
            #expect(try await Self.open(server, body, from: "81.2.69.161").status == .ok)
        }
    }
}

/// The app's resolver against a live server over real HTTP: a tap on
/// `https://go.shop.example.com/spring?utm_source=x` opens the app at `sales/:saleId` with
/// `saleId=42`, and the server counts the open.
@Suite(.serialized)
struct ShortLinkResolverEndToEndTests {
    /// Sends the resolver's requests to the live server over plain HTTP on loopback, where the
    /// link domain would be reached over https: the transport of the library, unchanged, with a
    /// timeout no loaded machine reaches (3 s was reached in CI, the whole suite on two cores).
    struct LoopbackTransport: DeferredLinkTransport {
        let port: Int
        let transport = URLSessionDeferredLinkTransport(timeout: 300)

        func post(_ body: Data, to endpoint: URL) async throws -> DeferredLinkTransportResponse {
            var components = try #require(URLComponents(url: endpoint, resolvingAgainstBaseURL: false))
            components.scheme = "http"
            components.host = "127.0.0.1"
            components.port = port
            return try await transport.post(body, to: try #require(components.url))
        }
    }

    @Test func aShortLinkResolvesThroughTheServerAndRoutesItsDeepLink() async throws {
        try await ServerHarness.run(.sqlite, mode: .live, configuration: try AppOpenRoutesTests.configuration()) { server in
            _ = try await server.createLink(AppOpenRoutesTests.link)
            let config = try DeepLinkConfig.load(contentsOf: Fixtures.shopConfig)
            var builder = RouterBuilder(config: config)
            builder.registerPassThroughHandlers()
            let router = try builder.build()
            let resolver = ShortLinkResolver(
                linkDomains: config.linkDomains, transport: LoopbackTransport(port: try #require(server.client.port)), clock: TestClock())
            let url = try #require(URL(string: "https://go.shop.example.com/spring?utm_source=x"))
            guard case .routed(let result, let resolution) = await router.route(universalLink: url, resolver: resolver) else {
                Issue.record("the short link did not route")
                return
            }
            #expect(result.route?.description == "sales/:saleId")
            #expect(result.parameters["saleId"] == "42")
            #expect(result.origin == .universalLink)
            #expect(resolution?.utm["source"] == "x")
            let stats = try await server.api(.get, "/api/v1/links/spring/stats")
            #expect(try stats.object()["opens"]?.objectValue?["total"] == 1, "\(stats.text)")

            let unknown = try #require(URL(string: "https://go.shop.example.com/autumn"))
            #expect(await router.route(universalLink: unknown, resolver: resolver) == .openInBrowser(unknown, reason: .unknownCode))
        }
    }

    @Test func withTheServerGoneATapOpensTheBrowserOrTheLastAnswer() async throws {
        let closed = try LoopbackListener.closedPort()
        let resolver = ShortLinkResolver(linkDomains: ["go.shop.example.com"], transport: LoopbackTransport(port: closed), clock: TestClock())
        let url = try #require(URL(string: "https://go.shop.example.com/spring"))
        let outcome = await resolver.resolve(url)
        guard case .openInBrowser(let fallback, let reason) = outcome, case .unreachable = reason else {
            Issue.record("an unreachable server did not open the browser: \(outcome)")
            return
        }
        #expect(fallback == url)
    }
}
