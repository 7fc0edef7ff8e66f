import DeepLinkTesting
import Foundation
import Synchronization
import Testing

@testable import DeepLinkService

struct LinkCacheTests {
    static let link = Link(code: "spring", deepLink: "shop://sale", createdAt: Date(), updatedAt: Date())
    static let outage = StoreError(code: .unavailable, message: "no connection to PostgreSQL at localhost:5432 was free within 1 s")

    @Test func anEntryPastItsLifetimeResolvesWhileTheDatabaseFails() async throws {
        let clock = TestClock()
        let cache = LinkCache(lifetime: .seconds(2), clock: clock)
        _ = try await cache.link(code: "spring") { () throws(StoreError) in Self.link }
        clock.advance(by: .seconds(3))
        let stale = try await cache.link(code: "spring") { () throws(StoreError) in throw Self.outage }
        #expect(stale == Self.link)
    }

    @Test func anEntryInItsLifetimeIsNotReadAgain() async throws {
        let clock = TestClock()
        let cache = LinkCache(lifetime: .seconds(2), clock: clock)
        _ = try await cache.link(code: "spring") { () throws(StoreError) in Self.link }
        clock.advance(by: .milliseconds(1999))
        let cached = try await cache.link(code: "spring") { () throws(StoreError) in Issue.record("read within the lifetime"); return nil }
        #expect(cached == Self.link)
    }

    @Test func aLinkNeverOpenedFailsAsTheDatabaseDoes() async {
        let cache = LinkCache(lifetime: .seconds(60), clock: TestClock())
        await #expect(throws: StoreError.self) {
            _ = try await cache.link(code: "spring") { () throws(StoreError) in throw Self.outage }
        }
    }

    @Test func aLinkDeletedThroughThisServerDoesNotComeBackInAnOutage() async throws {
        let cache = LinkCache(lifetime: .seconds(60), clock: TestClock())
        _ = try await cache.link(code: "spring") { () throws(StoreError) in Self.link }
        cache.invalidate("spring")
        await #expect(throws: StoreError.self) {
            _ = try await cache.link(code: "spring") { () throws(StoreError) in throw Self.outage }
        }
    }

    /// A read the test holds until it releases it.
    final class HeldRead: Sendable {
        private let gate = AsyncStream.makeStream(of: Void.self)
        private let reads = Mutex(0)
        var count: Int { reads.withLock { $0 } }
        var started: Bool { count > 0 }

        func read(returning link: Link?) async -> Link? {
            reads.withLock { $0 += 1 }
            for await _ in gate.stream {}
            return link
        }

        func release() { gate.continuation.finish() }

        func waitUntilStarted() async {
            while !started { await Task.yield() }
        }
    }

    @Test func anExpiredEntryIsReadOnceWhileConcurrentRequestsAreAnsweredFromIt() async throws {
        let clock = TestClock()
        let cache = LinkCache(lifetime: .seconds(2), clock: clock)
        _ = try await cache.link(code: "spring") { () throws(StoreError) in Self.link }
        clock.advance(by: .milliseconds(2100))

        var changed = Self.link
        changed.deepLink = "shop://sales/43"
        let held = HeldRead()
        let refresher = Task { [changed] in try await cache.link(code: "spring") { () throws(StoreError) in await held.read(returning: changed) } }
        await held.waitUntilStarted()
        let others = Mutex(0)
        for _ in 0..<20 {
            let answer = try await cache.link(code: "spring") { () throws(StoreError) in
                others.withLock { $0 += 1 }
                return changed
            }
            #expect(answer == Self.link)
        }
        #expect(others.withLock { $0 } == 0, "requests during the refresh read the database")
        held.release()
        #expect(try await refresher.value == changed)
        let after = try await cache.link(code: "spring") { () throws(StoreError) in Issue.record("read again within the lifetime"); return nil }
        #expect(after == changed)
        clock.advance(by: .seconds(2))
        let reread = try await cache.link(code: "spring") { () throws(StoreError) in Self.link }
        #expect(reread == Self.link, "the refreshed entry lives one lifetime from its refresh, not longer")
    }

    @Test func aFailedRefreshLetsTheNextRequestTryAgain() async throws {
        let clock = TestClock()
        let cache = LinkCache(lifetime: .seconds(2), clock: clock)
        _ = try await cache.link(code: "spring") { () throws(StoreError) in Self.link }
        clock.advance(by: .seconds(3))
        let stale = try await cache.link(code: "spring") { () throws(StoreError) in throw Self.outage }
        #expect(stale == Self.link)
        let reads = Mutex(0)
        _ = try await cache.link(code: "spring") { () throws(StoreError) in
            reads.withLock { $0 += 1 }
            return Self.link
        }
        #expect(reads.withLock { $0 } == 1)
    }

    @Test func aReadThatStartedBeforeAChangeDoesNotPutTheOldLinkBack() async throws {
        let cache = LinkCache(lifetime: .seconds(60), clock: TestClock())
        let held = HeldRead()
        let before = Task { try await cache.link(code: "spring") { () throws(StoreError) in await held.read(returning: Self.link) } }
        await held.waitUntilStarted()
        cache.invalidate("spring")
        held.release()
        #expect(try await before.value == Self.link)
        let reads = Mutex(0)
        _ = try await cache.link(code: "spring") { () throws(StoreError) in
            reads.withLock { $0 += 1 }
            return Self.link
        }
        #expect(reads.withLock { $0 } == 1, "the link read before the change was kept")
    }
}
