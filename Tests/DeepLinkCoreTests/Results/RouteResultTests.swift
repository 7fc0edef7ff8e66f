import DeepLinkCore
import Foundation
import Testing

struct RouteResultTests {
    @Test func writesItsJSONWithNullForWhatIsAbsent() throws {
        let router = try makeRouter(#"{"schemes": ["shop"], "routes": {"sales/:saleId": {"class": "Sale", "parent": "sales"}, "sales": {"class": "Sales"}}}"#)
        #expect(router.match(try url("shop://sales/3/x")).jsonValue == [
            "url": "shop://sales/3/x", "outcome": "matched", "route": "sales/:saleId", "class": "Sale", "identifier": "sale",
            "storyboard": nil, "params": ["saleId": "3"], "handlers": [],
            "trail": [["path": "sales/3/x", "reason": "no route matches (no route has more than 2 segments)"]],
            "reason": nil, "origin": "userTap", "coordinator": nil,
            "plan": [
                ["route": "sales", "class": "Sales", "identifier": "sales", "storyboard": nil, "params": [:]],
                ["route": "sales/:saleId", "class": "Sale", "identifier": "sale", "storyboard": nil, "params": ["saleId": "3"]],
            ],
        ])
        #expect(router.match(RouteRequest(url: try url("mail://sales"), origin: .webView)).jsonValue == [
            "url": "mail://sales", "outcome": "rejected", "route": nil, "class": nil, "identifier": nil, "storyboard": nil,
            "params": [:], "handlers": [], "trail": [], "reason": "scheme mail is not one of the app's schemes (shop)",
            "origin": "webView", "coordinator": nil, "plan": [],
        ])
    }
}
