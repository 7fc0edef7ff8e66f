import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

/// Holds handlers until a test lets them go.
actor HandlerGate {
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private(set) var arrived = 0

    func wait() async {
        arrived += 1
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        waiting.forEach { $0.resume() }
        waiting.removeAll()
    }
}

struct SessionRouterTests {
    let clock = ManualClock()

    func makeSession(signedIn: Bool = false) throws -> SessionRouter {
        let router = try makeRouter(
            #"{"defaultRoute": {"class": "Home"}, "routes": {"account/orders/:orderId": {"class": "Order", "requiresAuth": true}, "sales/:saleId": {"class": "Sale"}}}"#)
        let clock = self.clock
        return SessionRouter(router: router, isSignedIn: signedIn, now: { clock.now })
    }

    @Test func holdsALinkThatNeedsSignInAndRoutesItAfterSignIn() async throws {
        let session = try makeSession()
        let first = await session.open(try url("shop://account/orders/7"), origin: .pushLaunched, idiom: .pad)
        #expect(first.outcome == .signInRequired)
        #expect(first.reason == "route account/orders/:orderId needs a signed-in user")
        #expect(first.parameters == ["orderId": "7"])
        #expect(await session.pendingLink?.request.url == (try url("shop://account/orders/7")))
        let replayed = try #require(await session.signIn())
        #expect(replayed.outcome == .matched)
        #expect(replayed.className == "Order")
        #expect(replayed.origin == .pushLaunched)
        #expect(await session.pendingLink == nil)
        #expect(await session.signIn() == nil)
    }

    @Test func keepsOnlyTheLatestPendingLink() async throws {
        let session = try makeSession()
        _ = await session.open(try url("shop://account/orders/1"))
        _ = await session.open(try url("shop://account/orders/2"))
        #expect(await session.signIn()?.parameters == ["orderId": "2"])
    }

    @Test func dropsThePendingLinkWhenItExpires() async throws {
        let session = try makeSession()
        _ = await session.open(try url("shop://account/orders/1"))
        clock.advance(by: 599)
        #expect(await session.pendingLink != nil)
        clock.advance(by: 1)
        #expect(await session.pendingLink == nil)
        #expect(await session.signIn() == nil)
    }

    @Test func dropsThePendingLinkOnSignOut() async throws {
        let session = try makeSession()
        _ = await session.open(try url("shop://account/orders/1"))
        await session.signOut()
        #expect(await session.pendingLink == nil)
        #expect(await session.signIn() == nil)
    }

    @Test func dropsThePendingLinkWhenANewerLinkNavigates() async throws {
        let session = try makeSession()
        _ = await session.open(try url("shop://account/orders/1"))
        #expect(await session.open(try url("shop://sales/3")).outcome == .matched)
        #expect(await session.pendingLink == nil)
    }

    @Test func letsANewerLinkDecideWhatIsPendingWhenAnOlderOneFinishesLater() async throws {
        let gate = HandlerGate()
        var builder = RouterBuilder(
            config: try DeepLinkConfig.parse(
                #"{"routes": {"slow": {"class": "Slow", "handlers": ["wait"]}, "orders/:id": {"class": "Order", "requiresAuth": true}}}"#))
        builder.handle("wait") { _ in
            await gate.wait()
            return .continue
        }
        let session = SessionRouter(router: try builder.build())
        let older = Task { await session.open(try url("shop://slow")) }
        while await gate.arrived == 0 { await Task.yield() }
        #expect(await session.open(try url("shop://orders/5")).outcome == .signInRequired)
        await gate.release()
        #expect(try await older.value.outcome == .matched)
        #expect(await session.pendingLink?.request.url == (try url("shop://orders/5")))
    }

    @Test func routesDirectlyWhenSignedIn() async throws {
        let session = try makeSession(signedIn: true)
        #expect(await session.open(try url("shop://account/orders/1")).outcome == .matched)
        #expect(await session.pendingLink == nil)
        await session.signOut()
        #expect(await session.open(try url("shop://account/orders/1")).outcome == .signInRequired)
    }

    @Test func keepsAPendingLinkAcrossARestart() async throws {
        let session = try makeSession()
        _ = await session.open(try url("shop://account/orders/9"), origin: .universalLink)
        let saved = try JSONEncoder().encode(try #require(await session.pendingLink))
        let restarted = try makeSession()
        await restarted.restore(try JSONDecoder().decode(PendingLink.self, from: saved))
        let replayed = await restarted.signIn()
        #expect(replayed?.parameters == ["orderId": "9"])
        #expect(replayed?.origin == .universalLink)
    }

    @Test func ignoresARestoredLinkThatHasExpired() async throws {
        let session = try makeSession()
        _ = await session.open(try url("shop://account/orders/9"))
        let saved = try #require(await session.pendingLink)
        clock.advance(by: 601)
        let restarted = try makeSession()
        await restarted.restore(saved)
        #expect(await restarted.pendingLink == nil)
    }

    @Test func appliesTheTopLevelRequiresAuthToEveryRouteThatDoesNotOptOut() throws {
        let router = try makeRouter(
            #"{"requiresAuth": true, "routes": {"orders": {"class": "Orders"}, "help": {"class": "Help", "requiresAuth": false}}}"#)
        #expect(router.match(try url("shop://orders")).outcome == .signInRequired)
        #expect(router.match(try url("shop://help")).outcome == .matched)
        #expect(router.match(RouteRequest(url: try url("shop://orders"), isSignedIn: true)).outcome == .matched)
    }
}
