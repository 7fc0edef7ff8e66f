import DeepLinkCore
import DeepLinkService
import DeepLinkTesting
import Testing

/// What a config's router does with a stored link's deep link, as a release check reports it.
struct DeepLinkVerdictTests {
    static func router() throws -> Router {
        try Router.checking(try DeepLinkConfig.load(contentsOf: Fixtures.shopConfig))
    }

    @Test func aDeepLinkThatReachesARouteRoutes() throws {
        let verdict = DeepLinkVerdict("shop://sales/42", router: try Self.router(), origin: .universalLink)
        #expect(verdict.kind == .routes)
        #expect(verdict.route == "sales/:saleId")
        #expect(verdict.summary == "routes to sales/:saleId")
        #expect(verdict.jsonValue == ["verdict": "routes", "route": "sales/:saleId", "reason": .null])
    }

    @Test func aDeepLinkTrimmedToAShorterRouteFallsBackAndSaysWhy() throws {
        let verdict = DeepLinkVerdict("shop://sales/abc", router: try Self.router(), origin: .universalLink)
        #expect(verdict.kind == .fallsBack)
        #expect(verdict.reason?.isEmpty == false)
        #expect(verdict.summary.hasPrefix("falls back to "))
    }

    @Test func aTextThatIsNoAbsoluteURLStopsRouting() throws {
        let verdict = DeepLinkVerdict("sales/42", router: try Self.router(), origin: .universalLink)
        #expect(verdict.kind == .stopsRouting)
        #expect(verdict.reason == "sales/42 is not an absolute URL")
    }
}
