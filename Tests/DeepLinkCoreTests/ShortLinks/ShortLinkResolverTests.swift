import DeepLinkTesting
import Foundation
import Testing

@testable import DeepLinkCore

/// The app's side of a tap on a short link: the request it sends, the answers it reads, and what
/// each failure comes to. Nothing throws; every failure names the URL to open in the browser.
struct ShortLinkResolverTests {
    static let answer = #"{"code": "spring", "deepLink": "shop://sales/42", "utm": {"source": "x", "campaign": "spring"}, "campaign": "spring-2026"}"#
    static let url = URL(string: "https://go.shop.example.com/spring?utm_source=x")!

    func resolver(_ transport: FakeDeferredLinkTransport, clock: TestClock = TestClock()) -> ShortLinkResolver {
        ShortLinkResolver(linkDomains: ["Go.Shop.Example.com"], transport: transport, clock: clock)
    }

    @Test func sendsTheShortLinkAndThePlatformToTheLinkDomainsOpensEndpoint() async throws {
        let transport = FakeDeferredLinkTransport(answering: Self.answer)
        let outcome = await resolver(transport).resolve(Self.url)
        let expected = ShortLinkResolution(
            code: "spring", deepLink: URL(string: "shop://sales/42")!, utm: ["source": "x", "campaign": "spring"], campaign: "spring-2026")
        #expect(outcome == .resolved(expected))
        let sent = try #require(await transport.sent.first)
        #expect(sent.endpoint.absoluteString == "https://go.shop.example.com/api/v1/opens")
        #expect(try sent.json == ["url": "https://go.shop.example.com/spring?utm_source=x", "platform": "ios"])
    }

    @Test func sendsTheInstallsVisitorIdSoThePersonKeepsTheirVariant() async throws {
        let transport = FakeDeferredLinkTransport(answering: Self.answer)
        let id = "6F9619FF-8B86-D011-B42D-00C04FC964FF"
        _ = await ShortLinkResolver(linkDomains: ["go.shop.example.com"], transport: transport, visitorID: id, clock: TestClock()).resolve(Self.url)
        #expect(try await transport.sent.first?.json.objectValue?["visitorId"] == .string(id))
        // A value the server would refuse is not sent: the open still works.
        let other = FakeDeferredLinkTransport(answering: Self.answer)
        _ = await ShortLinkResolver(linkDomains: ["go.shop.example.com"], transport: other, visitorID: "short", clock: TestClock()).resolve(Self.url)
        #expect(try await other.sent.first?.json.objectValue?["visitorId"] == nil)
        let request = AppOpenRequest(url: Self.url.absoluteString, platform: .ios, visitorID: id)
        #expect(try AppOpenRequest(json: try JSONValue(parsing: String(decoding: request.body, as: UTF8.self))) == request)
    }

    /// A link that needs a newer app than the one running comes back as an update, not a route;
    /// the same or a newer app, or one whose version is not known, routes it.
    @Test(arguments: [("5.1", true), ("5.1.9", true), ("5.2", false), ("5.2.0", false), ("5.10", false), (nil, false)] as [(String?, Bool)])
    func anAppOlderThanTheLinksMinimumIsSentToTheStore(running: String?, updates: Bool) async throws {
        let answer = #"{"code": "spring", "deepLink": "shop://sales/42", "utm": {}, "campaign": null, "minAppVersion": "5.2", "storeURL": "https://apps.apple.com/app/id123"}"#
        let resolver = ShortLinkResolver(
            linkDomains: ["go.shop.example.com"], transport: FakeDeferredLinkTransport(answering: answer),
            appVersion: running.flatMap { AppVersion(marketingVersion: $0) }, clock: TestClock())
        let expected = ShortLinkResolution(
            code: "spring", deepLink: URL(string: "shop://sales/42")!, minAppVersion: AppVersion(marketingVersion: "5.2"),
            storeURL: URL(string: "https://apps.apple.com/app/id123"))
        #expect(await resolver.resolve(Self.url) == (updates ? .updateRequired(expected) : .resolved(expected)))
    }

    @Test func anAnswerWithoutAMinimumRoutesOnAnyVersion() async throws {
        let resolver = ShortLinkResolver(
            linkDomains: ["go.shop.example.com"], transport: FakeDeferredLinkTransport(answering: Self.answer),
            appVersion: AppVersion(marketingVersion: "0.1"), clock: TestClock())
        guard case .resolved(let resolution) = await resolver.resolve(Self.url) else { Issue.record("not resolved"); return }
        #expect(resolution.minAppVersion == nil && resolution.storeURL == nil)
    }

    @Test(arguments: [
        "https://go.shop.example.com/", "https://go.shop.example.com/spring/install", "https://go.shop.example.com/Dashboard",
        "https://shop.example.com/spring", "http://go.shop.example.com/spring", "shop://spring",
    ])
    func aURLThatIsNotAShortLinkOpensInTheBrowserWithoutAsking(url: String) async throws {
        let transport = FakeDeferredLinkTransport(answering: Self.answer)
        let link = try #require(URL(string: url))
        #expect(await resolver(transport).resolve(link) == .openInBrowser(link, reason: .notAShortLink))
        #expect(await transport.sent.isEmpty)
    }

    @Test func anUnknownCodeAndAnExpiredLinkOpenInTheBrowserTheExpiredOneAtItsWebFallback() async throws {
        let unknown = FakeDeferredLinkTransport(.json(#"{"error": {"code": "not-found", "message": "no link"}}"#, status: 404))
        #expect(await resolver(unknown).resolve(Self.url) == .openInBrowser(Self.url, reason: .unknownCode))
        let expired = FakeDeferredLinkTransport(
            .json(#"{"error": {"code": "link-expired", "message": "expired"}, "openInBrowser": "https://shop.example.com/sales"}"#, status: 410))
        #expect(await resolver(expired).resolve(Self.url) == .openInBrowser(URL(string: "https://shop.example.com/sales")!, reason: .expired))
        let notOurs = FakeDeferredLinkTransport(.json(#"{"error": {"code": "not-a-short-link", "message": "no"}}"#, status: 404))
        #expect(await resolver(notOurs).resolve(Self.url) == .openInBrowser(Self.url, reason: .notAShortLink))
    }

    @Test func aPasswordLinkOpensItsPageInTheBrowserAndDropsTheAnswerKeptFromBefore() async throws {
        let clock = TestClock()
        let transport = FakeDeferredLinkTransport(
            .json(Self.answer),
            .json(#"{"error": {"code": "password-required", "message": "asks for a password"}, "openInBrowser": "https://go.shop.example.com/spring"}"#, status: 403),
            .failure(URLError(.notConnectedToInternet)))
        let resolver = resolver(transport, clock: clock)
        guard case .resolved = await resolver.resolve(Self.url) else { Issue.record("the first tap resolves"); return }
        #expect(await resolver.resolve(Self.url) == .openInBrowser(URL(string: "https://go.shop.example.com/spring")!, reason: .passwordRequired))
        // Offline afterwards, the answer from before the password is not used.
        let offline = await resolver.resolve(Self.url)
        guard case .openInBrowser(Self.url, .unreachable) = offline else {
            Issue.record("a password link's old answer was used offline: \(offline)")
            return
        }
    }

    @Test func aTimeoutOrNoNetworkOpensTheBrowserUnlessTheLinkWasResolvedBefore() async throws {
        let clock = TestClock()
        let transport = FakeDeferredLinkTransport(.json(Self.answer), .failure(URLError(.timedOut)), .failure(URLError(.notConnectedToInternet)))
        let resolver = resolver(transport, clock: clock)
        let other = URL(string: "https://go.shop.example.com/autumn")!
        guard case .resolved(let first) = await resolver.resolve(Self.url) else { Issue.record("not resolved"); return }
        #expect(await resolver.resolve(Self.url) == .resolved(first), "a repeated tap works offline")
        #expect(await resolver.resolve(other) == .openInBrowser(other, reason: .unreachable(URLError(.notConnectedToInternet).localizedDescription)))
        clock.advance(by: .seconds(7 * 86_400))
        #expect(await resolver.resolve(Self.url) == .openInBrowser(Self.url, reason: .unreachable(URLError(.notConnectedToInternet).localizedDescription)))
        let timeouts = FakeDeferredLinkTransport(.failure(URLError(.timedOut)))
        #expect(await self.resolver(timeouts).resolve(Self.url) == .openInBrowser(Self.url, reason: .timedOut))
    }

    @Test func aRateLimitOrAServerErrorOrABodyThatIsNoAnswerOpensTheBrowser() async throws {
        let limited = FakeDeferredLinkTransport(.json(#"{"error": {"code": "rate-limited", "message": "slow"}}"#, status: 429, headers: ["Retry-After": "7"]))
        #expect(await resolver(limited).resolve(Self.url) == .openInBrowser(Self.url, reason: .rateLimited(retryAfter: 7)))
        let broken = FakeDeferredLinkTransport(.json(#"{"code": "spring"}"#))
        #expect(await resolver(broken).resolve(Self.url) == .openInBrowser(Self.url, reason: .badResponse(statusCode: 200)))
        let failing = FakeDeferredLinkTransport(.json("oops", status: 503))
        #expect(await resolver(failing).resolve(Self.url) == .openInBrowser(Self.url, reason: .badResponse(statusCode: 503)))
    }

    @Test func theRequestAndTheAnswerReadBackWhatTheyWrite() throws {
        let request = AppOpenRequest(url: Self.url.absoluteString, platform: .android)
        #expect(try AppOpenRequest(json: try JSONValue(parsing: String(decoding: request.body, as: UTF8.self))) == request)
        let resolution = ShortLinkResolution(code: "p7", deepLink: URL(string: "https://shop.example.com/sales/7")!, utm: ["medium": "email"])
        #expect(ShortLinkResolution(json: resolution.jsonValue) == resolution)
    }

    @Test(arguments: [
        (#"[]"#, nil as String?), (#"{"url": 3, "platform": "ios"}"#, "url"), (#"{"platform": "ios"}"#, "url"),
        (#"{"url": "https://go.shop.example.com/a", "platform": "windows"}"#, "platform"),
        (#"{"url": "https://go.shop.example.com/a", "platform": "ios", "token": "x"}"#, "token"),
        (#"{"url": "https://go.shop.example.com/a", "platform": "ios", "visitorId": "too-short"}"#, "visitorId"),
        (#"{"url": "https://go.shop.example.com/a", "platform": "ios", "visitorId": 12345678901234567}"#, "visitorId"),
    ])
    func aBodyThatIsNotAnOpenNamesTheField(body: String, field: String?) throws {
        #expect(throws: AppOpenRequest.ReadError.self) { try AppOpenRequest(json: try JSONValue(parsing: body)) }
        do {
            _ = try AppOpenRequest(json: try JSONValue(parsing: body))
        } catch let error as AppOpenRequest.ReadError {
            #expect(error.field == field)
        }
    }

    @Test func theConfigNamesItsLinkDomainOnceInTheServerSection() throws {
        let config = try DeepLinkConfig.load(contentsOf: Fixtures.shopConfig)
        #expect(config.linkDomains == ["go.shop.example.com"])
        #expect(try DeepLinkConfig.parse(#"{"routes": {"a": {"class": "A"}}}"#).linkDomains.isEmpty)
    }

    @Test func aShortLinkRoutesItsDeepLinkAsAUniversalLinkAndAnyOtherUniversalLinkRoutesAsItIs() async throws {
        let config = try DeepLinkConfig.load(contentsOf: Fixtures.shopConfig)
        var builder = RouterBuilder(config: config)
        builder.registerPassThroughHandlers()
        let router = try builder.build()
        let resolver = ShortLinkResolver(linkDomains: config.linkDomains, transport: FakeDeferredLinkTransport(answering: Self.answer), clock: TestClock())
        guard case .routed(let result, let resolution) = await router.route(universalLink: Self.url, resolver: resolver) else {
            Issue.record("not routed")
            return
        }
        #expect(resolution?.code == "spring")
        #expect(result.route?.description == "sales/:saleId")
        #expect(result.parameters["saleId"] == "42")
        #expect(result.origin == .universalLink)
        guard case .routed(let website, nil) = await router.route(universalLink: URL(string: "https://shop.example.com/sales/7")!, resolver: resolver)
        else {
            Issue.record("the website's link was not routed as it is")
            return
        }
        #expect(website.parameters["saleId"] == "7")
        let serverPath = URL(string: "https://go.shop.example.com/spring/install?store=google")!
        #expect(await router.route(universalLink: serverPath, resolver: resolver) == .openInBrowser(serverPath, reason: .notAShortLink))
    }

    @Test func aShortLinkToARouteBehindSignInWaitsForSignIn() async throws {
        let config = try DeepLinkConfig.load(contentsOf: Fixtures.shopConfig)
        var builder = RouterBuilder(config: config)
        builder.registerPassThroughHandlers()
        let session = SessionRouter(router: try builder.build())
        let answer = #"{"code": "order", "deepLink": "shop://account/orders/AB-123456", "utm": {}, "campaign": null}"#
        let resolver = ShortLinkResolver(linkDomains: config.linkDomains, transport: FakeDeferredLinkTransport(answering: answer), clock: TestClock())
        guard case .routed(let held, _) = await session.open(universalLink: URL(string: "https://go.shop.example.com/order")!, resolver: resolver) else {
            Issue.record("not routed")
            return
        }
        #expect(held.outcome == .signInRequired)
        let resumed = await session.signIn()
        #expect(resumed?.parameters["orderId"] == "AB-123456")
        #expect(resumed?.origin == .universalLink)
    }
}
