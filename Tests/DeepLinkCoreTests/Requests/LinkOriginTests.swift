import DeepLinkCore
import Foundation
import Testing

struct LinkOriginTests {
    let json = #"{"defaultRoute": {"class": "Home"}, "routes": {"sales/:saleId": {"class": "Sale"}, "promo": {"class": "Promo", "allowedOrigins": ["userTap", "webView"]}}}"#

    @Test func neverNavigatesForAPushThatArrivesInTheBackgroundByDefault() throws {
        let router = try makeRouter(json)
        let result = router.match(RouteRequest(url: try url("shop://sales/3"), origin: .pushBackground))
        #expect(result.outcome == .rejected)
        #expect(result.reason == "route sales/:saleId may not be opened from origin pushBackground")
        #expect(result.route?.description == "sales/:saleId")
        #expect(result.parameters == ["saleId": "3"])
        #expect(result.className == "Sale")
        #expect(!result.shouldNavigate)
        #expect(result.origin == .pushBackground)
        let fallback = router.match(RouteRequest(url: try url("shop://nowhere"), origin: .pushBackground))
        #expect(fallback.outcome == .rejected)
        #expect(fallback.reason == "links from origin pushBackground may not navigate")
    }

    /// The push-actions guide: its deep-link action runs for a launch from a push and a web view
    /// only, and navigating from a foreground push is "bad practice from a UX perspective".
    @Test func doesNotNavigateForAPushThatArrivesWhileTheAppIsInUseByDefault() throws {
        let router = try makeRouter(json)
        let result = router.match(RouteRequest(url: try url("shop://sales/3"), origin: .pushForeground))
        #expect(result.outcome == .rejected)
        #expect(result.reason == "route sales/:saleId may not be opened from origin pushForeground")
        #expect(result.parameters == ["saleId": "3"], "the app can show it as a banner")
        #expect(!result.shouldNavigate)
    }

    @Test func aConfigCanLetAForegroundPushNavigate() throws {
        let everywhere = try makeRouter(
            #"{"allowedOrigins": ["userTap", "pushLaunched", "pushForeground"], "routes": {"sales/:saleId": {"class": "Sale"}}}"#)
        #expect(everywhere.match(RouteRequest(url: try url("shop://sales/3"), origin: .pushForeground)).outcome == .matched)
        let oneRoute = try makeRouter(
            #"{"routes": {"sales/:saleId": {"class": "Sale", "allowedOrigins": ["pushForeground"]}, "cart": {"class": "Cart"}}}"#)
        #expect(oneRoute.match(RouteRequest(url: try url("shop://sales/3"), origin: .pushForeground)).outcome == .matched)
        #expect(oneRoute.match(RouteRequest(url: try url("shop://cart"), origin: .pushForeground)).outcome == .rejected)
    }

    @Test(arguments: LinkOrigin.allCases.filter { $0 != .pushBackground && $0 != .pushForeground })
    func letsEveryOtherOriginNavigateByDefault(origin: LinkOrigin) throws {
        let router = try makeRouter(json)
        #expect(router.match(RouteRequest(url: try url("shop://sales/3"), origin: origin)).outcome == .matched)
    }

    @Test(arguments: [(LinkOrigin.userTap, RouteResult.Outcome.matched), (.webView, .matched), (.pushLaunched, .rejected), (.appLink, .rejected)])
    func appliesARoutesOwnOriginRule(origin: LinkOrigin, outcome: RouteResult.Outcome) throws {
        let router = try makeRouter(json)
        #expect(router.match(RouteRequest(url: try url("shop://promo"), origin: origin)).outcome == outcome)
    }

    @Test func appliesTheTopLevelOriginRule() throws {
        let router = try makeRouter(#"{"allowedOrigins": ["userTap"], "routes": {"a": {"class": "A"}, "b": {"class": "B", "allowedOrigins": ["webView"]}}}"#)
        #expect(router.match(RouteRequest(url: try url("shop://a"), origin: .webView)).outcome == .rejected)
        #expect(router.match(RouteRequest(url: try url("shop://b"), origin: .webView)).outcome == .matched)
    }

    @Test func checksTheOriginOnlyOnARouteWhoseHandlersAreRegistered() throws {
        let router = try makeRouter(
            #"{"routes": {"a/:id": {"class": "A", "handlers": ["missing"], "allowedOrigins": ["webView"]}, "a": {"class": "List"}}}"#,
            registerAllHandlers: false)
        let result = router.match(RouteRequest(url: try url("shop://a/1"), origin: .userTap))
        #expect(result.route?.description == "a")
        #expect(result.trail == [RouteResult.Attempt(path: "a/1", reason: #"route a/:id: handler "missing" is not registered"#)])
    }

    @Test func rejectsAnUnknownOriginInTheConfig() {
        let report = DeepLinkConfig.diagnose(#"{"routes": {"a": {"class": "A", "allowedOrigins": ["email"]}}}"#)
        #expect(report.errors.first?.code == .invalidValue)
        #expect(report.errors.first?.path.description == "routes.a.allowedOrigins[0]")
        #expect(report.errors.first?.message.contains("userTap") == true)
    }

    @Test func rejectsAForeignURLFromAnyOrigin() throws {
        let router = try makeRouter(#"{"schemes": ["shop"], "routes": {"a": {"class": "A"}}}"#)
        #expect(router.match(RouteRequest(url: try url("evil://a"), origin: .webView)).outcome == .rejected)
    }
}
