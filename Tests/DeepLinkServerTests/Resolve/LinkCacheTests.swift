import Foundation
import Testing

@testable import DeepLinkServer

struct LinkCacheTests {
    static let link = Link(code: "spring", deepLink: "shop://sale", createdAt: Date(), updatedAt: Date())
    static let outage = StoreError(code: .unavailable, message: "no connection to PostgreSQL at localhost:5432 was free within 1 s")

    @Test func anEntryPastItsLifetimeResolvesWhileTheDatabaseFails() async throws {
        let cache = LinkCache(lifetime: .milliseconds(50))
        _ = try await cache.link(code: "spring") { () throws(StoreError) in Self.link }
        try await Task.sleep(for: .milliseconds(100))
        let stale = try await cache.link(code: "spring") { () throws(StoreError) in throw Self.outage }
        #expect(stale == Self.link)
    }

    @Test func aLinkNeverOpenedFailsAsTheDatabaseDoes() async {
        let cache = LinkCache(lifetime: .seconds(60))
        await #expect(throws: StoreError.self) {
            _ = try await cache.link(code: "spring") { () throws(StoreError) in throw Self.outage }
        }
    }

    @Test func aLinkDeletedThroughThisServerDoesNotComeBackInAnOutage() async throws {
        let cache = LinkCache(lifetime: .seconds(60))
        _ = try await cache.link(code: "spring") { () throws(StoreError) in Self.link }
        cache.invalidate("spring")
        await #expect(throws: StoreError.self) {
            _ = try await cache.link(code: "spring") { () throws(StoreError) in throw Self.outage }
        }
    }
}
