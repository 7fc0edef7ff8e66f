import DeepLinkAppLinks
import DeepLinkCore
import Foundation
import Testing

struct RouterAppLinksTests {
    static let config = """
        {"routes": {"products/:id": {"class": "Product", "routeParameters": {"id": {"regex": "[0-9]+"}, "color": {}}}},
         "defaultRoute": {"class": "Home"}}
        """

    func router() throws -> Router {
        try RouterBuilder(config: DeepLinkConfig.parse(Self.config)).build()
    }

    func linkData() -> AppLinkData {
        AppLinkData(
            targetURL: URL(string: "https://shop.example.com/products/42")!, extras: ["campaign": "spring"],
            userAgent: "Example 1.0",
            referer: AppLinkReferer(url: URL(string: "example://feed"), appName: "Example Feed"))
    }

    @Test func routesTheURLAndExposesTheAppLinksContext() async throws {
        let url = try linkData().attached(to: URL(string: "shop://products/42?color=red")!)
        let result = try await router().routeAppLink(url)

        #expect(result.route.outcome == .matched)
        #expect(result.route.parameters == ["id": "42", "color": "red"])
        #expect(result.referer?.appName == "Example Feed")
        #expect(result.referer?.url?.absoluteString == "example://feed")
        #expect(result.extras == ["campaign": "spring"])
        #expect(result.targetURL?.absoluteString == "https://shop.example.com/products/42")
        #expect(result.appLink?.data == linkData())
    }

    @Test func matchesWithoutHandlersTheSameWay() throws {
        let url = try linkData().attached(to: URL(string: "shop://products/42")!)
        let result = try router().matchAppLink(url)

        #expect(result.route.parameters == ["id": "42"])
        #expect(result.appLink?.extras == ["campaign": "spring"])
    }

    @Test func routesAURLWhoseLinkDataIsMalformedAndSaysWhy() async throws {
        let url = URL(string: "shop://products/42?al_applink_data=%7Bbroken&color=blue")!
        let result = try await router().routeAppLink(url)

        #expect(result.route.outcome == .matched)
        #expect(result.route.parameters == ["id": "42", "color": "blue"])
        #expect(result.appLink == nil)
        #expect(result.appLinkResult.reason?.code == .invalidJSON)
        #expect(result.extras.isEmpty && result.referer == nil && result.targetURL == nil)
    }

    @Test func routesWithTheAppLinkOriginSoAllowedOriginsApply() async throws {
        let router = try RouterBuilder(
            config: DeepLinkConfig.parse(#"{"routes": {"promo": {"class": "Promo", "allowedOrigins": ["userTap"]}, "feed": {"class": "Feed"}}}"#)
        ).build()
        let routed = await router.routeAppLink(try #require(URL(string: "shop://promo")))
        #expect(routed.route.outcome == .rejected)
        #expect(routed.route.origin == .appLink)
        #expect(router.matchAppLink(try #require(URL(string: "shop://promo"))).route.outcome == .rejected)
        #expect(await router.routeAppLink(try #require(URL(string: "shop://feed"))).route.origin == .appLink)
    }

    @Test func routesWithTheCallersSignInState() async throws {
        let router = try RouterBuilder(config: DeepLinkConfig.parse(#"{"routes": {"orders": {"class": "Orders", "requiresAuth": true}}}"#)).build()
        let url = try #require(URL(string: "shop://orders"))
        #expect(await router.routeAppLink(url).route.outcome == .signInRequired)
        #expect(await router.routeAppLink(url, isSignedIn: true).route.outcome == .matched)
        #expect(router.matchAppLink(url, isSignedIn: true).route.outcome == .matched)
    }

    @Test func routesAPlainURLWithoutAppLinksContext() throws {
        let result = try router().matchAppLink(URL(string: "shop://nowhere")!)

        #expect(result.route.outcome == .default)
        #expect(result.appLinkResult == .absent)
    }
}
