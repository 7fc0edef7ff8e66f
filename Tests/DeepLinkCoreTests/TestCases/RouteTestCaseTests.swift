import DeepLinkCore
import Foundation
import Testing

struct RouteTestCaseTests {
    @Test func comparesRouteKeysWithoutTheirLeadingAndTrailingSlashes() async throws {
        let router = try makeRouter(#"{"routes": {"/sales/:saleId/": {"class": "Sale", "parent": "sales"}, "sales/": {"class": "Sales"}}}"#)
        let cases = try RouteTestCase.parse(
            #"[{"url": "shop://sales/3", "expect": {"outcome": "matched", "route": "sales/:saleId", "plan": ["/sales", "sales/:saleId"]}}]"#)
        #expect(await cases[0].run(with: router).isEmpty)
        let wrong = try RouteTestCase.parse(#"[{"url": "shop://sales", "expect": {"outcome": "matched", "route": "sales/:saleId"}}]"#)
        #expect(await wrong[0].run(with: router) == ["route: expected sales/:saleId, got sales/"])
    }
}
