@testable import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

struct RouterTests {
    // MARK: Rule 1: which part of the URL is matched

    @Test func matchesOnlyThePathOfAUniversalLinkOnAListedHost() throws {
        let router = try makeRouter(#"{"hosts": ["shop.example.com"], "routes": {"sales/:saleId": {"class": "Sale"}}}"#)
        let result = router.match(try url("https://Shop.Example.COM/sales/3"))
        #expect(result.outcome == .matched)
        #expect(result.route?.description == "sales/:saleId")
        #expect(result.parameters == ["saleId": "3"])
    }

    @Test func treatsTheHostAsTheFirstSegmentOfEveryOtherURL() throws {
        let router = try makeRouter(
            #"{"routes": {"sales/:saleId": {"class": "Sale"}, "www.example.com/products/:id": {"class": "Product"}}}"#)
        #expect(router.match(try url("shop://sales/3")).parameters == ["saleId": "3"])
        let web = router.match(try url("https://www.example.com/products/42"))
        #expect(web.route?.description == "www.example.com/products/:id")
        #expect(web.parameters == ["id": "42"])
    }

    @Test func ignoresLeadingAndTrailingSlashesOfRouteKeysButReportsTheKeyAsWritten() throws {
        let router = try makeRouter(#"{"routes": {"/sales/:saleId/": {"class": "Sale", "parent": "sales"}, "sales": {"class": "Sales"}}}"#)
        let result = router.match(try url("shop://sales/3"))
        #expect(result.route?.description == "/sales/:saleId/")
        #expect(result.route == (try RoutePattern("sales/:saleId")))
        #expect(result.plan.map(\.route) == ["sales", "/sales/:saleId/"])
        #expect(result.jsonValue.objectValue?["route"] == "/sales/:saleId/")
        #expect(try router.url(for: "sales/:saleId", parameters: ["saleId": "3"], scheme: "shop").absoluteString == "shop://sales/3")
    }

    @Test func readsAnEmptyHostAndAPathWithoutAuthority() throws {
        let router = try makeRouter(#"{"routes": {"sales/:saleId": {"class": "Sale"}}}"#)
        #expect(router.match(try url("shop:///sales/3")).parameters == ["saleId": "3"])
        #expect(router.match(try url("shop:sales/3")).parameters == ["saleId": "3"])
    }

    @Test func ignoresUserInfoAndPortOfAUniversalLink() throws {
        let router = try makeRouter(#"{"hosts": ["shop.example.com"], "routes": {"sales/:saleId": {"class": "Sale"}}}"#)
        #expect(router.match(try url("https://user:pw@shop.example.com:443/sales/3")).parameters == ["saleId": "3"])
        #expect(router.match(try url("https://[::1]:8080/sales/3")).route == nil)
    }

    @Test func matchesSubdomainsOfAWildcardHost() throws {
        let router = try makeRouter(#"{"schemes": ["shop"], "hosts": ["*.example.com"], "routes": {"sales/:saleId": {"class": "Sale"}}}"#)
        #expect(router.match(try url("https://eu.Example.com/sales/3")).parameters == ["saleId": "3"])
        #expect(router.match(try url("https://example.com/sales/3")).outcome == .rejected)
        #expect(router.match(try url("https://evil-example.com/sales/3")).outcome == .rejected)
    }

    // MARK: Rule 2: segments

    @Test func dropsEmptySegmentsAndDecodesEachSegmentOnItsOwn() throws {
        let router = try makeRouter(#"{"routes": {"files/:name": {"class": "File"}, "café/:x": {"class": "Cafe"}}}"#)
        #expect(router.match(try url("shop://files//a%2Fb/")).parameters == ["name": "a/b"])
        #expect(router.match(try url("shop://caf%C3%A9/1")).route?.description == "café/:x")
        #expect(router.match(try url("shop://files/with%20space#fragment")).parameters == ["name": "with space"])
    }

    @Test func keepsMalformedPercentEscapesAsWritten() throws {
        let router = try makeRouter(#"{"routes": {"files/:name": {"class": "File", "routeParameters": {"q": {}}}}}"#)
        let result = router.match(try url("shop://files/%zz%C3?q=100%25%2"))
        #expect(result.parameters == ["name": "%zz%C3", "q": "100%25%2"])
    }

    @Test func comparesSegmentsCaseSensitively() throws {
        let router = try makeRouter(#"{"routes": {"sales/:saleId": {"class": "Sale"}}}"#)
        #expect(router.match(try url("shop://Sales/3")).outcome == .none)
    }

    // MARK: Rule 3: precedence and backtracking

    @Test func prefersALiteralSegmentOverAParameterWhateverTheConfigOrder() throws {
        let router = try makeRouter(#"{"routes": {"sales/:saleId": {"class": "Sale"}, "sales/new": {"class": "NewSale"}}}"#)
        #expect(router.match(try url("shop://sales/new")).className == "NewSale")
        #expect(router.match(try url("shop://sales/4")).className == "Sale")
    }

    @Test func breaksTiesBetweenEqualShapesByConfigOrder() throws {
        let first = try makeRouter(#"{"routes": {"items/:a": {"class": "A"}, "items/:b": {"class": "B"}}}"#)
        let second = try makeRouter(#"{"routes": {"items/:b": {"class": "B"}, "items/:a": {"class": "A"}}}"#)
        #expect(first.match(try url("shop://items/1")).className == "A")
        #expect(second.match(try url("shop://items/1")).className == "B")
    }

    @Test func backtracksFromALiteralThatLeadsNowhere() throws {
        let router = try makeRouter(#"{"routes": {"sales/new/edit": {"class": "Edit"}, "sales/:saleId": {"class": "Sale"}}}"#)
        let result = router.match(try url("shop://sales/new"))
        #expect(result.route?.description == "sales/:saleId")
        #expect(result.trail.isEmpty)
        let deep = try makeRouter(#"{"routes": {"a/b/c": {"class": "ABC"}, "a/:x/d": {"class": "AXD"}}}"#)
        #expect(deep.match(try url("shop://a/b/d")).className == "AXD")
    }

    // MARK: Rule 4: regex and required

    @Test(arguments: [("2", true), ("11", false), ("a5", false), ("my-sale-id", false)])
    func anchorsTheRegexAtBothEnds(saleId: String, accepted: Bool) throws {
        let router = try makeRouter(
            #"{"routes": {"sales/:saleId": {"class": "Sale", "routeParameters": {"saleId": {"regex": "[0-9]"}}}}}"#)
        let result = router.match(try url("shop://sales/\(saleId)"))
        #expect((result.outcome == .matched) == accepted)
    }

    @Test func checksRequiredParametersOverPathAndQueryTogether() throws {
        let router = try makeRouter(
            #"{"routes": {"sale": {"class": "Sale", "routeParameters": {"saleId": {"required": true}}}}}"#)
        #expect(router.match(try url("shop://sale?saleId=3")).parameters == ["saleId": "3"])
        let missing = router.match(try url("shop://sale"))
        #expect(missing.outcome == .none)
        #expect(missing.trail == [RouteResult.Attempt(path: "sale", reason: "route sale: required parameter saleId is missing")])
    }

    @Test(arguments: ["shop://sale?saleId", "shop://sale?saleId=", "shop://sale?saleId=&ref="])
    func dropsAnEmptyValueSoItDoesNotSatisfyRequired(link: String) throws {
        let router = try makeRouter(
            #"{"routes": {"sale": {"class": "Sale", "routeParameters": {"saleId": {"required": true}, "ref": {}}}}}"#)
        let result = router.match(try url(link))
        #expect(result.outcome == .none)
        #expect(result.trail == [RouteResult.Attempt(path: "sale", reason: "route sale: required parameter saleId is missing")])
        #expect(router.match(try url("shop://sale?saleId=3&ref=")).parameters == ["saleId": "3"])
    }

    @Test func keepsAnEmptyValueWhenTheRegexAcceptsIt() throws {
        let router = try makeRouter(
            #"{"schemes": ["shop"], "routes": {"sale": {"class": "Sale", "routeParameters": {"saleId": {"required": true, "regex": "[0-9]*"}, "q": {}}}}}"#)
        #expect(router.match(try url("shop://sale?saleId=")).parameters == ["saleId": ""])
        #expect(try router.url(for: "sale", parameters: ["saleId": ""]).absoluteString == "shop://sale?saleId=")
        let error = #expect(throws: LinkBuildingError.self) { try router.url(for: "sale", parameters: ["saleId": "1", "q": ""]) }
        #expect(error?.code == .invalidParameter)
    }

    // MARK: Rule 5: query parameters

    @Test func forwardsOnlyDeclaredQueryParameters() throws {
        let router = try makeRouter(
            #"{"routes": {"sales/:saleId": {"class": "Sale", "routeParameters": {"ref": {}}}}}"#)
        let result = router.match(try url("shop://sales/3?ref=mail&utm_source=news&fbclid=abc"))
        #expect(result.parameters == ["saleId": "3", "ref": "mail"])
    }

    @Test func decodesQueryValuesButKeepsPlusSigns() throws {
        let router = try makeRouter(#"{"routes": {"search": {"class": "Search", "routeParameters": {"q": {}}}}}"#)
        #expect(router.match(try url("shop://search?q=a+b%20c%26d")).parameters == ["q": "a+b c&d"])
    }

    @Test func keepsTheLastOfRepeatedValuesAfterValidatingEveryOne() throws {
        let router = try makeRouter(
            #"{"routes": {"list": {"class": "List", "routeParameters": {"page": {"regex": "[0-9]+"}}}}}"#)
        #expect(router.match(try url("shop://list?page=1&page=2")).parameters == ["page": "2"])
        let bad = router.match(try url("shop://list?page=x&page=2"))
        #expect(bad.outcome == .none)
        #expect(bad.trail.first?.reason == #"route list: query parameter page "x" does not match [0-9]+"#)
    }

    @Test func letsAPathParameterWinOverAQueryParameterOfTheSameName() throws {
        let router = try makeRouter(
            #"{"routes": {"sales/:saleId": {"class": "Sale", "routeParameters": {"saleId": {"regex": "[0-9]+"}}}}}"#)
        #expect(router.match(try url("shop://sales/3?saleId=abc")).parameters == ["saleId": "3"])
    }

    @Test func neverPassesAppLinksDataAsARouteParameter() throws {
        let router = try makeRouter(
            #"{"routes": {"sales/:saleId": {"class": "Sale", "routeParameters": {"al_applink_data": {}}}}}"#)
        #expect(router.match(try url("shop://sales/3?al_applink_data=%7B%7D")).parameters == ["saleId": "3"])
    }

    // MARK: Rule 6: fallback

    @Test func triesTheNextCandidateWhenTheBestFailsValidation() throws {
        let router = try makeRouter(
            #"{"routes": {"items/:id": {"class": "ById", "routeParameters": {"id": {"regex": "[0-9]+"}}}, "items/:slug": {"class": "BySlug"}}}"#)
        let result = router.match(try url("shop://items/red-shoes"))
        #expect(result.className == "BySlug")
        #expect(result.parameters == ["slug": "red-shoes"])
        #expect(result.trail.map(\.path) == ["items/red-shoes"])
    }

    @Test func trimsTrailingSegmentThenUsesDefaultRoute() throws {
        let router = try makeRouter(
            #"{"defaultRoute": {"class": "Home"}, "routes": {"sales": {"class": "Sales", "routeParameters": {"ref": {}}}, "other": {"class": "Other"}}}"#)
        let trimmed = router.match(try url("shop://sales/3/extra?ref=x"))
        #expect(trimmed.outcome == .matched)
        #expect(trimmed.route?.description == "sales")
        #expect(trimmed.parameters == ["ref": "x"])
        #expect(trimmed.trail == [
            RouteResult.Attempt(path: "sales/3/extra", reason: "no route matches (no route has more than 1 segment)")
        ])
        let fallback = router.match(try url("shop://unknown/1"))
        #expect(fallback.outcome == .default)
        #expect(fallback.route == nil)
        #expect(fallback.className == "Home")
        #expect(fallback.parameters.isEmpty)
        #expect(fallback.trail.map(\.path) == ["unknown/1", "unknown"])
        let deep = try makeRouter(
            #"{"routes": {"a/b/c": {"class": "ABC"}, "a/:x": {"class": "AX"}}}"#).match(try url("shop://a/b/z/y/x"))
        #expect(deep.trail == [
            RouteResult.Attempt(path: "a/b/z/y/x", reason: "no route matches (no route has more than 3 segments)"),
            RouteResult.Attempt(path: "a/b/z", reason: "no route matches"),
        ])
        #expect(deep.className == "AX")
    }

    @Test func reportsNoRouteWhenThereIsNoDefault() throws {
        let router = try makeRouter(#"{"routes": {"sales": {"class": "Sales"}}}"#)
        let result = router.match(try url("shop://nothing"))
        #expect(result.outcome == .none)
        #expect(result.reason == "no route matches and there is no defaultRoute")
    }

    @Test func rejectsSchemesAndHostsTheAppDoesNotOwn() throws {
        let router = try makeRouter(
            #"{"schemes": ["shop"], "hosts": ["shop.example.com"], "defaultRoute": {"class": "Home"}, "routes": {"sales": {"class": "Sales"}}}"#)
        #expect(router.match(try url("SHOP://sales")).outcome == .matched)
        let foreign = router.match(try url("other://sales"))
        #expect(foreign.outcome == .rejected)
        #expect(foreign.reason == "scheme other is not one of the app's schemes (shop)")
        #expect(router.match(try url("https://evil.example.org/sales")).outcome == .rejected)
        #expect(router.match(try url("http://shop.example.com/sales")).reason == "universal links must use https, not http")
        #expect(router.match(try url("https://shop.example.com/sales")).outcome == .matched)
    }

    @Test func recordsOneAttemptForAPathLongerThanAnyRoute() throws {
        let router = try makeRouter(#"{"defaultRoute": {"class": "Home"}, "routes": {"x/:id": {"class": "X"}}}"#)
        let hostile = "shop://x/" + Array(repeating: "a", count: 20_000).joined(separator: "/")
        let result = router.match(try url(hostile))
        #expect(result.route?.description == "x/:id")
        #expect(result.trail.count == 1)
        #expect(result.trail.first?.reason == "no route matches (no route has more than 2 segments)")
    }

    // MARK: Rule 7: handlers

    @Test func runsHandlersInOrderAndPassesParameterChangesAlong() async throws {
        var builder = RouterBuilder(
            config: try DeepLinkConfig.parse(
                #"{"routes": {"addToCart/:productId": {"class": "Cart", "handlers": ["first", "second"]}}}"#))
        builder.handle("first") { context in
            context.parameters["seenBy"] = "first"
            return .continue
        }
        builder.handle("second") { context in
            context.parameters["seenBy", default: ""] += "+second"
            return .continue
        }
        let result = try await builder.build().route(try url("shop://addToCart/9"))
        #expect(result.handlers == ["first", "second"])
        #expect(result.parameters == ["productId": "9", "seenBy": "first+second"])
        #expect(result.stoppedBy == nil)
        #expect(result.shouldNavigate)
    }

    @Test func stopsTheChainWhenAHandlerSaysSo() async throws {
        var builder = RouterBuilder(
            config: try DeepLinkConfig.parse(#"{"routes": {"checkout": {"class": "Checkout", "handlers": ["auth", "log"]}}}"#))
        builder.handle("auth") { _ in .stop }
        builder.handle("log") { _ in
            Issue.record("a stopped chain must not run later handlers")
            return .continue
        }
        let result = try await builder.build().route(try url("shop://checkout"))
        #expect(result.outcome == .matched)
        #expect(result.handlers == ["auth"])
        #expect(result.stoppedBy == "auth")
        #expect(!result.shouldNavigate)
    }

    @Test func runsNoHandlerWhenOneIsMissingAndFallsBack() async throws {
        var builder = RouterBuilder(
            config: try DeepLinkConfig.parse(
                #"{"defaultRoute": {"class": "Home"}, "routes": {"a/:id": {"class": "A", "handlers": ["registered", "missing"]}, "a": {"class": "List"}}}"#))
        builder.handle("registered") { _ in
            Issue.record("no handler may run when one of the chain is missing")
            return .continue
        }
        let router = try builder.build()
        #expect(builder.unregisteredHandlerNames == ["missing"])
        let result = await router.route(try url("shop://a/1"))
        #expect(result.route?.description == "a")
        #expect(result.trail == [RouteResult.Attempt(path: "a/1", reason: #"route a/:id: handler "missing" is not registered"#)])
        #expect(router.match(try url("shop://a/1")).route?.description == "a")
    }

    @Test func fallsBackWhenAHandlerThrows() async throws {
        struct OutOfStock: Error, CustomStringConvertible { var description: String { "out of stock" } }
        var builder = RouterBuilder(
            config: try DeepLinkConfig.parse(
                #"{"routes": {"products/:id": {"handlers": ["add"]}, "products": {"class": "Products"}}}"#))
        builder.handle("add") { _ in throw OutOfStock() }
        let result = try await builder.build().route(try url("shop://products/1"))
        #expect(result.className == "Products")
        #expect(result.trail.last?.reason == #"route products/:id: handler "add" failed: out of stock"#)
    }

    @Test func supportsClassOnlyHandlersOnlyAndBoth() async throws {
        let router = try makeRouter(
            #"{"routes": {"a": {"class": "A"}, "b": {"handlers": ["h"]}, "c": {"class": "C", "handlers": ["h"]}}}"#)
        let a = await router.route(try url("shop://a"))
        let b = await router.route(try url("shop://b"))
        let c = await router.route(try url("shop://c"))
        #expect((a.className, a.handlers) == ("A", []))
        #expect((b.className, b.handlers, b.storyboard) == (nil, ["h"], nil))
        #expect((c.className, c.handlers) == ("C", ["h"]))
    }

    @Test func runsTheDefaultRoutesHandlersWithoutParameters() async throws {
        var builder = RouterBuilder(
            config: try DeepLinkConfig.parse(#"{"defaultRoute": {"class": "Home", "handlers": ["log"]}, "routes": {"a": {"class": "A"}}}"#))
        builder.handle("log") { context in
            #expect(context.parameters.isEmpty)
            #expect(context.route == nil)
            return .continue
        }
        let result = try await builder.build().route(try url("shop://zzz?x=1"))
        #expect(result.outcome == .default)
        #expect(result.handlers == ["log"])
    }

    @Test func reportsNoRouteWhenTheDefaultRoutesHandlerIsMissing() async throws {
        let router = try makeRouter(
            #"{"defaultRoute": {"class": "Home", "handlers": ["log"]}, "routes": {"a": {"class": "A"}}}"#, registerAllHandlers: false)
        let result = await router.route(try url("shop://zzz"))
        #expect(result.outcome == .none)
        #expect(result.reason == #"the default route failed: handler "log" is not registered"#)
    }

    // MARK: Rule 8: identifier and storyboard

    @Test(arguments: [(DeviceIdiom.phone, "Sale_iPhone", "Main_iPhone"), (.pad, "Sale_iPhone", "Main_iPad")])
    func choosesTheRoutesStoryboardElseTheConfigsByIdiom(idiom: DeviceIdiom, sale: String, home: String) throws {
        let router = try makeRouter(
            #"{"storyboard": {"iPhone": "Main_iPhone", "iPad": "Main_iPad"}, "routes": {"sales": {"class": "SaleViewController", "storyboard": {"iPhone": "Sale_iPhone"}}, "home": {"class": "Home"}}}"#)
        let saleResult = router.match(try url("shop://sales"), idiom: idiom)
        #expect(saleResult.storyboard == sale)
        #expect(saleResult.identifier == "saleViewController")
        #expect(router.match(try url("shop://home"), idiom: idiom).storyboard == home)
    }

    @Test func takesTheRoutesIPhoneStoryboardOnIPadOverTheTopLevelsIPadOne() throws {
        let router = try makeRouter(
            #"{"storyboard": {"iPhone": "Main_iPhone", "iPad": "Main_iPad"}, "routes": {"sales": {"class": "Sale", "storyboard": {"iPhone": "Sale_iPhone"}}, "ipad": {"class": "Pad", "storyboard": {"iPad": "Pad_iPad"}}}}"#)
        #expect(router.match(try url("shop://sales"), idiom: .pad).storyboard == "Sale_iPhone")
        #expect(router.match(try url("shop://ipad"), idiom: .pad).storyboard == "Pad_iPad")
        #expect(router.match(try url("shop://ipad"), idiom: .phone).storyboard == "Main_iPhone")
    }

    // MARK: Rule 9: logging

    @Test func reportsToTheLoggerOnlyWhenLoggingIsOnAndNeverChangesTheWinner() throws {
        let json = #"{"logging": LOGGING, "routes": {"sales/:id": {"class": "Sale", "routeParameters": {"id": {"regex": "[0-9]+"}}}, "sales": {"class": "Sales"}}}"#
        let on = CollectingLogger()
        let off = CollectingLogger()
        let loud = try makeRouter(json.replacingOccurrences(of: "LOGGING", with: "true"), logger: on)
        let quiet = try makeRouter(json.replacingOccurrences(of: "LOGGING", with: "false"), logger: off)
        let link = try url("shop://sales/x")
        #expect(loud.match(link) == quiet.match(link))
        #expect(on.messages == [#"sales/x: route sales/:id: parameter id "x" does not match [0-9]+"#, "matched: sales"])
        #expect(off.messages.isEmpty)
    }

    /// The spec: `logging` is a "Boolean that controls logging to the console". With no logger
    /// given, the router prints each decision (``PrintRouteLogger``); a tool's own logger replaces it.
    @Test func printsEachDecisionToTheConsoleWhenLoggingIsOnAndNoLoggerIsGiven() throws {
        let json = #"{"logging": true, "routes": {"sales": {"class": "Sales"}}}"#
        var builder = RouterBuilder(config: try DeepLinkConfig.parse(json))
        #expect(try builder.build().logger is PrintRouteLogger)
        builder.logger = SilentRouteLogger()
        #expect(try builder.build().logger is SilentRouteLogger)
        let quiet = RouterBuilder(config: try DeepLinkConfig.parse(json.replacingOccurrences(of: "true", with: "false")))
        #expect(try quiet.build().logger == nil)
        let entry = RouteLogEntry(url: try url("shop://sales/x"), message: "matched: sales")
        #expect(PrintRouteLogger.line(for: entry) == "[deeplink] shop://sales/x: matched: sales")
    }

    // MARK: Thread safety

    @Test func routesTheSameWayFromManyTasksAtOnce() async throws {
        let router = try makeRouter(String(contentsOf: Fixtures.shopConfig, encoding: .utf8))
        let links = ["shop://sales/3", "shop://products/42/reviews", "https://shop.example.com/account/orders/AB-123456", "shop://x"]
        let expected = try links.map { router.match(try url($0)) }
        try await withThrowingTaskGroup(of: (Int, RouteResult).self) { group in
            for round in 0..<200 {
                let index = round % links.count
                let link = try url(links[index])
                group.addTask { (index, router.match(link)) }
            }
            for try await (index, result) in group {
                #expect(result == expected[index])
            }
        }
    }
}
