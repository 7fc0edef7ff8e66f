import DeepLinkCore
import Foundation
import Testing

/// Counts how often it opened a link.
final class RecordingCoordinator: LinkCoordinatorHandler, @unchecked Sendable {
    let name: String
    let prefix: String
    private let lock = NSLock()
    private var opened: [URL] = []

    init(name: String, prefix: String) {
        self.name = name
        self.prefix = prefix
    }

    var openedURLs: [URL] { lock.withLock { opened } }

    func canOpen(_ url: URL) -> Bool { url.absoluteString.hasPrefix(prefix) }

    func open(_ url: URL) async { lock.withLock { opened.append(url) } }
}

struct CodeRoutesTests {
    @Test func routesWithRoutesDefinedInCode() throws {
        var builder = RouterBuilder(config: DeepLinkConfig(schemes: ["shop"]))
        try builder.addRoute("sales/:saleId", className: "Sale", parameters: [ParameterRule(name: "saleId", pattern: try ParameterPattern("[0-9]+"))])
        try builder.addRoute("sales", className: "Sales")
        let router = try builder.build()
        #expect(router.match(try url("shop://sales/3")).parameters == ["saleId": "3"])
        #expect(router.match(try url("shop://sales/x")).route?.description == "sales")
    }

    @Test func givesTiesToConfigRoutesBeforeCodeRoutes() throws {
        var builder = RouterBuilder(config: try DeepLinkConfig.parse(#"{"routes": {"items/:slug": {"class": "FromJSON"}}}"#))
        try builder.addRoute("items/:id", className: "FromCode")
        try builder.addRoute("items/new", className: "NewFromCode")
        let router = try builder.build()
        #expect(router.match(try url("shop://items/1")).className == "FromJSON")
        #expect(router.match(try url("shop://items/new")).className == "NewFromCode")
    }

    @Test func refusesACodeRouteThatDuplicatesAConfigRoute() throws {
        var builder = RouterBuilder(config: try DeepLinkConfig.parse(#"{"routes": {"items/:slug": {"class": "A"}}}"#))
        try builder.addRoute("/items/:slug/", className: "B")
        let error = #expect(throws: ConfigError.self) { try builder.build() }
        #expect(error?.code == .duplicateRoute)
    }

    @Test func refusesACodeRouteWithNothingToDo() {
        var builder = RouterBuilder(config: DeepLinkConfig())
        let error = #expect(throws: ConfigError.self) { try builder.addRoute("a") }
        #expect(error?.code == .routeWithoutDestination)
    }

    @Test func asksCoordinatorsInOrderAfterTheFullPathFailsAndBeforeTrimming() async throws {
        let videos = RecordingCoordinator(name: "videos", prefix: "shop://videos")
        let everything = RecordingCoordinator(name: "everything", prefix: "shop://")
        var builder = RouterBuilder(
            config: try DeepLinkConfig.parse(#"{"defaultRoute": {"class": "Home"}, "routes": {"videos": {"class": "Videos"}}}"#))
        builder.addCoordinator(videos)
        builder.addCoordinator(everything)
        let router = try builder.build()
        #expect(router.match(try url("shop://videos")).className == "Videos")
        let preview = router.match(try url("shop://videos/new"))
        #expect(preview.outcome == .coordinated)
        #expect(preview.coordinator == "videos")
        #expect(preview.trail == [RouteResult.Attempt(path: "videos/new", reason: "no route matches (no route has more than 1 segment)")])
        #expect(videos.openedURLs.isEmpty, "match must not open anything")
        let routed = await router.route(try url("shop://videos/new"))
        #expect(routed.outcome == .coordinated)
        #expect(videos.openedURLs == [try url("shop://videos/new")])
        #expect(everything.openedURLs.isEmpty)
        #expect(await router.route(try url("shop://account")).coordinator == "everything")
    }

    @Test(arguments: ["shop://?action=x", "shop:?action=x", "shop:///?action=x"])
    func asksCoordinatorsAboutALinkWithoutAPath(link: String) async throws {
        let actions = RecordingCoordinator(name: "actions", prefix: "shop:")
        var builder = RouterBuilder(config: try DeepLinkConfig.parse(#"{"defaultRoute": {"class": "Home"}, "routes": {"a": {"class": "A"}}}"#))
        builder.addCoordinator(actions)
        let router = try builder.build()
        #expect(router.match(try url(link)).coordinator == "actions")
        #expect(await router.route(try url(link)).outcome == .coordinated)
        #expect(actions.openedURLs == [try url(link)])
    }

    @Test func fallsBackToTrimmingWhenNoCoordinatorAccepts() throws {
        var builder = RouterBuilder(config: try DeepLinkConfig.parse(#"{"routes": {"videos": {"class": "Videos"}}}"#))
        builder.addCoordinator(RecordingCoordinator(name: "other", prefix: "shop://other"))
        let result = try builder.build().match(try url("shop://videos/new"))
        #expect(result.route?.description == "videos")
    }
}
