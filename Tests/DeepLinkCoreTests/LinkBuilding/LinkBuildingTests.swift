import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

struct LinkBuildingTests {
    let json = #"""
        {"schemes": ["shop"], "hosts": ["shop.example.com"], "routes": {
          "sales/:saleId": {"class": "Sale", "routeParameters": {"saleId": {"regex": "[0-9]+"}, "ref": {}, "utm_source": {}}},
          "sales/new": {"class": "NewSale"},
          "items/:id": {"class": "Item", "routeParameters": {"q": {}, "tag": {"required": true}}},
          ":category/list": {"class": "List"}
        }}
        """#

    @Test func buildsTheCustomSchemeAndUniversalLinks() throws {
        let router = try makeRouter(json)
        #expect(try router.url(for: "sales/:saleId", parameters: ["saleId": "3"]).absoluteString == "shop://sales/3")
        #expect(try router.universalLinkURL(for: "sales/:saleId", parameters: ["saleId": "3", "ref": "a b"]).absoluteString
            == "https://shop.example.com/sales/3?ref=a%20b")
    }

    @Test(arguments: [
        ("sales/:saleId", ["saleId": "abc"], LinkBuildingError.Code.invalidParameter),
        ("sales/:saleId", [:], .missingParameter),
        ("sales/:saleId", ["saleId": "3", "other": "x"], .undeclaredParameter),
        ("items/:id", ["id": "1"], .missingParameter),
        ("items/:id", ["id": "", "tag": "x"], .invalidParameter),
        ("items/:id", ["id": "..", "tag": "x"], .invalidParameter),
        ("nope", [:], .unknownRoute),
    ])
    func refusesParametersTheRouteWouldNotAccept(route: String, parameters: [String: String], code: LinkBuildingError.Code) throws {
        let error = #expect(throws: LinkBuildingError.self) { try makeRouter(json).url(for: route, parameters: parameters) }
        #expect(error?.code == code, "\(error?.description ?? "")")
    }

    @Test func refusesALinkThatAnotherRouteWouldOpen() throws {
        let router = try makeRouter(#"{"routes": {"sales/:slug": {"class": "Sale"}, "sales/new": {"class": "NewSale"}}}"#)
        let error = #expect(throws: LinkBuildingError.self) { try router.url(for: "sales/:slug", parameters: ["slug": "new"], scheme: "shop") }
        #expect(error?.code == .openedByAnotherRoute)
        #expect(error?.message.contains("route sales/new") == true)
    }

    @Test func buildsLinksForRoutesThatRefuseUserTaps() throws {
        let router = try makeRouter(
            #"{"schemes": ["shop"], "hosts": ["shop.example.com"], "routes": {"orders/:id": {"class": "O", "requiresAuth": true, "allowedOrigins": ["universalLink"]}}}"#)
        #expect(try router.universalLinkURL(for: "orders/:id", parameters: ["id": "7"]).absoluteString == "https://shop.example.com/orders/7")
        #expect(try router.url(for: "orders/:id", parameters: ["id": "7"]).absoluteString == "shop://orders/7")
    }

    @Test func refusesWithoutASchemeOrHost() throws {
        let router = try makeRouter(#"{"routes": {"a": {"class": "A"}}}"#)
        #expect(throws: LinkBuildingError.self) { try router.url(for: "a") }
        #expect(throws: LinkBuildingError.self) { try router.universalLinkURL(for: "a") }
    }

    @Test func buildsThenRoutesBackToTheSameRouteAndParameters() throws {
        let router = try makeRouter(json)
        var generator = SeededRandomNumberGenerator()
        let alphabet: [Character] = Array("aZ09 -._~/?#[]@!$&'()*+,;=%:\"<>\\^`{|}") + ["é", "日", "👍", "e\u{301}", "\u{7F}"]
        func randomValue() -> String {
            while true {
                let value = String((0..<Int.random(in: 1...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
                if value != ".", value != ".." { return value }
            }
        }
        for _ in 0..<300 {
            let parameters = ["id": randomValue(), "q": randomValue(), "tag": randomValue()]
            let category = ["category": randomValue()]
            do {
                for built in [try router.url(for: "items/:id", parameters: parameters), try router.universalLinkURL(for: "items/:id", parameters: parameters)] {
                    let result = router.match(built)
                    #expect(result.route?.description == "items/:id", "\(built), \(generator)")
                    #expect(result.parameters == parameters, "\(built), \(generator)")
                }
                let list = try router.url(for: ":category/list", parameters: category)
                #expect(router.match(list).parameters == category, "\(list), \(generator)")
            } catch {
                Issue.record(error, "\(parameters), \(category), \(generator)")
            }
        }
    }
}
