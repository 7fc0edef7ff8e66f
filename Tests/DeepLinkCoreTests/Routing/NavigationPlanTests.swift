import DeepLinkCore
import Foundation
import Testing

struct NavigationPlanTests {
    let json = #"""
        {"storyboard": {"iPhone": "Main"}, "defaultRoute": {"class": "Home"}, "routes": {
          "shops/:shopId/sales/:saleId/items/:itemId": {"class": "Item", "parent": "shops/:shopId/sales/:saleId"},
          "shops/:shopId/sales/:saleId": {"class": "Sale", "parent": "shops/:shopId/sales", "routeParameters": {"ref": {}}},
          "shops/:shopId/sales": {"class": "Sales", "parent": "home"},
          "home": {"class": "HomeViewController"}
        }}
        """#

    @Test func plansTheScreensFromTheRootWithTheParametersEachNeeds() throws {
        let router = try makeRouter(json)
        let result = router.match(try url("shop://shops/5/sales/3/items/9?ref=mail"))
        #expect(result.plan == [
            NavigationStep(route: "home", className: "HomeViewController", identifier: "homeViewController", storyboard: "Main", parameters: [:]),
            NavigationStep(route: "shops/:shopId/sales", className: "Sales", identifier: "sales", storyboard: "Main", parameters: ["shopId": "5"]),
            NavigationStep(route: "shops/:shopId/sales/:saleId", className: "Sale", identifier: "sale", storyboard: "Main",
                parameters: ["shopId": "5", "saleId": "3"]),
            NavigationStep(route: "shops/:shopId/sales/:saleId/items/:itemId", className: "Item", identifier: "item", storyboard: "Main",
                parameters: ["shopId": "5", "saleId": "3", "itemId": "9"]),
        ])
    }

    @Test func plansTheDefaultRouteAsOneScreen() throws {
        let result = try makeRouter(json).match(try url("shop://nowhere"))
        #expect(result.plan.map(\.className) == ["Home"])
    }

    @Test func plansNothingWithoutADestination() throws {
        #expect(try makeRouter(#"{"routes": {"a": {"class": "A"}}}"#).match(try url("shop://b")).plan.isEmpty)
    }

    @Test(arguments: [
        (#"{"routes": {"a": {"class": "A", "parent": "b"}}}"#, #""b" is not a route"#),
        (#"{"routes": {"a": {"class": "A", "parent": "b"}, "b": {"class": "B", "parent": "a"}}}"#, "parents form a cycle: a → b → a"),
        (#"{"routes": {"a": {"class": "A", "parent": "a"}}}"#, "parents form a cycle: a → a"),
        (#"{"routes": {"x/:id": {"class": "X", "parent": "y/:other"}, "y/:other": {"class": "Y"}}}"#, "parent y/:other needs other"),
    ])
    func rejectsParentsThatCannotBeFollowed(json: String, message: String) {
        let report = DeepLinkConfig.diagnose(json)
        let error = report.errors.first
        #expect(error?.code == .invalidParent, "\(report.errors)")
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
        #expect(error?.path.description.hasSuffix(".parent") == true)
    }

    @Test func checksTheParametersAParentRequiresNotJustItsPath() {
        let report = DeepLinkConfig.diagnose(
            #"{"routes": {"g/:x": {"class": "G"}, "p/:y": {"class": "P", "parent": "g/:x", "routeParameters": {"x": {"required": true}}}, "c/:y": {"class": "C", "parent": "p/:y"}}}"#)
        #expect(report.errors.map(\.message) == [
            "parent p/:y needs x, which route c/:y does not always have; add :x to the route or declare it as a required parameter"
        ])
    }

    @Test func acceptsAParentParameterTheChildRequiresInItsQuery() throws {
        let router = try makeRouter(
            #"{"routes": {"review": {"class": "R", "parent": "products/:productId", "routeParameters": {"productId": {"required": true}}}, "products/:productId": {"class": "P"}}}"#)
        #expect(router.match(try url("shop://review?productId=4")).plan.first?.parameters == ["productId": "4"])
    }

    @Test func checksParentsOfCodeRoutesWhenBuilding() throws {
        var builder = RouterBuilder(config: DeepLinkConfig())
        try builder.addRoute("a", className: "A", parent: "missing")
        #expect(throws: ConfigError.self) { try builder.build() }
    }
}
