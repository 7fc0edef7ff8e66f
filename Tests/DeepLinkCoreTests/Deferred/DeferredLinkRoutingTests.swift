import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

/// Routing a claimed deferred link through the example shop's config.
struct DeferredLinkRoutingTests {
    func makeShopRouter() throws -> Router {
        try makeRouter(String(contentsOf: Fixtures.shopConfig, encoding: .utf8))
    }

    func claim(_ deepLink: String) throws -> DeferredLinkClaim {
        DeferredLinkClaim(
            deepLink: try url(deepLink), match: .token, code: "summer", campaign: "summer-2026",
            utm: .init(source: "mail", medium: "email"))
    }

    @Test func routesAClaimWithTheDeferredOrigin() async throws {
        let result = try await makeShopRouter().route(try claim("shop://sales/3"), idiom: .pad)
        #expect(result.outcome == .matched)
        #expect(result.origin == .deferred)
        #expect(result.route?.description == "sales/:saleId")
        #expect(result.className == "SaleViewController")
        #expect(result.storyboard == "Sale_iPad")
        #expect(result.parameters == ["saleId": "3"])
        #expect(result.handlers == ["logAnalytics"])
        #expect(result.plan.map(\.className) == ["SaleListViewController", "SaleViewController"])
    }

    @Test func keepsTheQueryParametersOfTheDeepLink() async throws {
        let result = try await makeShopRouter().route(try claim("https://shop.example.com/products/42?utm_source=mail&variant=RED"))
        #expect(result.outcome == .matched)
        #expect(result.route?.description == "products/:productId")
        #expect(result.parameters == ["productId": "42", "utm_source": "mail", "variant": "RED"])
    }

    @Test func buildsTheSameRequestForMatching() throws {
        let request = RouteRequest(claim: try claim("shop://cart"), idiom: .pad, isSignedIn: true)
        #expect(request == RouteRequest(url: try url("shop://cart"), origin: .deferred, idiom: .pad, isSignedIn: true))
        #expect(try makeShopRouter().match(request).route?.description == "cart")
    }

    @Test func isRejectedByARouteThatDoesNotAllowDeferredLinks() async throws {
        let result = try await makeShopRouter().route(try claim("shop://account/orders/AB-123456"), isSignedIn: true)
        #expect(result.outcome == .rejected)
        #expect(result.origin == .deferred)
        #expect(result.reason == "route account/orders/:orderId may not be opened from origin deferred")
    }

    @Test func waitsForSignInInASessionAndKeepsTheOrigin() async throws {
        let session = SessionRouter(router: try makeShopRouter())
        let first = await session.open(try claim("shop://checkout"))
        #expect(first.outcome == .signInRequired)
        #expect(first.origin == .deferred)
        #expect(await session.pendingLink?.request.origin == .deferred)
        let replayed = try #require(await session.signIn())
        #expect(replayed.outcome == .matched)
        #expect(replayed.origin == .deferred)
        #expect(replayed.className == "CheckoutViewController")
    }
}
