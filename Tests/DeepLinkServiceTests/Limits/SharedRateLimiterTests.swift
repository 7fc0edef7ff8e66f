import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import Logging
import Synchronization
import Testing

@testable import DeepLinkService

/// The per-address limits that servers sharing a database share: the token buckets' statements
/// on both backends, and ``SharedRateLimiter`` over them.
struct SharedRateLimiterTests {
    /// The statements of ``SQLLinkStore`` as a ``RateLimitStorage``, for either backend (only
    /// PostgreSQL's store declares the conformance, since SQLite's servers keep limits in memory).
    struct Buckets: RateLimitStorage {
        let store: any SQLLinkStore

        init(_ store: any LinkStore) throws {
            self.store = try #require(store as? any SQLLinkStore)
        }

        func takeTokens(_ wanted: [String: Int], scope: String, perMinute: Int, now: Date) async throws(StoreError) -> [String: RateLimitGrant] {
            try await store.takeTokens(wanted, scope: scope, perMinute: perMinute, now: now)
        }

        func returnToken(client: String, scope: String, perMinute: Int) async throws(StoreError) {
            try await store.returnToken(client: client, scope: scope, perMinute: perMinute)
        }

        func returnTokens(_ count: Int, client: String, scope: String, perMinute: Int) async throws(StoreError) {
            try await store.returnTokens(count, client: client, scope: scope, perMinute: perMinute)
        }

        func purgeRateLimits(updatedBefore before: Date) async throws(StoreError) -> Int {
            try await store.purgeRateLimits(updatedBefore: before)
        }
    }

    /// A database that cannot be reached.
    struct UnreachableBuckets: RateLimitStorage {
        func takeTokens(_ wanted: [String: Int], scope: String, perMinute: Int, now: Date) async throws(StoreError) -> [String: RateLimitGrant] {
            throw StoreError(code: .unavailable, message: "connection refused")
        }

        func returnToken(client: String, scope: String, perMinute: Int) async throws(StoreError) {
            throw StoreError(code: .unavailable, message: "connection refused")
        }

        func returnTokens(_ count: Int, client: String, scope: String, perMinute: Int) async throws(StoreError) {
            throw StoreError(code: .unavailable, message: "connection refused")
        }

        func purgeRateLimits(updatedBefore before: Date) async throws(StoreError) -> Int {
            throw StoreError(code: .unavailable, message: "connection refused")
        }
    }

    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static var quietLogger: Logger {
        var logger = Logger(label: "test.limits")
        logger.logLevel = .critical
        return logger
    }

    @Test(arguments: StoreBackend.available)
    func aBucketGrantsItsBurstThenRefusesWithTheSecondsUntilItsNextToken(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let buckets = try Buckets(store)
            let first = try await buckets.takeTokens(["198.51.100.7": 2], scope: "claims", perMinute: 3, now: Self.start)
            #expect(first["198.51.100.7"] == RateLimitGrant(granted: 2, retryAfter: 0))
            let second = try await buckets.takeTokens(["198.51.100.7": 2], scope: "claims", perMinute: 3, now: Self.start)
            // One token was left; the bucket is empty, and refills one token in 20 s at 3 a minute.
            #expect(second["198.51.100.7"] == RateLimitGrant(granted: 1, retryAfter: 20))
            let third = try await buckets.takeTokens(["198.51.100.7": 1], scope: "claims", perMinute: 3, now: Self.start.addingTimeInterval(5))
            #expect(third["198.51.100.7"] == RateLimitGrant(granted: 0, retryAfter: 15))
        }
    }

    @Test(arguments: StoreBackend.available)
    func clientsAndLimitsHaveBucketsOfTheirOwn(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let buckets = try Buckets(store)
            let grants = try await buckets.takeTokens(["a": 5, "b": 1], scope: "claims", perMinute: 2, now: Self.start)
            #expect(grants["a"]?.granted == 2)
            #expect(grants["b"]?.granted == 1)
            let otherLimit = try await buckets.takeTokens(["a": 1], scope: "deferred-clicks", perMinute: 2, now: Self.start)
            #expect(otherLimit["a"]?.granted == 1)
        }
    }

    @Test(arguments: StoreBackend.available)
    func aBucketRefillsWithTimeButNotWithAClockBehindItsLastUse(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let buckets = try Buckets(store)
            // 60 a minute: one token a second.
            #expect(try await buckets.takeTokens(["a": 60], scope: "s", perMinute: 60, now: Self.start)["a"]?.granted == 60)
            #expect(try await buckets.takeTokens(["a": 5], scope: "s", perMinute: 60, now: Self.start.addingTimeInterval(2.5))["a"]?.granted == 2)
            // Another server whose clock reads a second earlier refills nothing, and finds the half token left.
            let behind = try await buckets.takeTokens(["a": 1], scope: "s", perMinute: 60, now: Self.start.addingTimeInterval(1.5))
            #expect(behind["a"] == RateLimitGrant(granted: 0, retryAfter: 1))
            // An hour later the bucket is full, and no fuller than its burst.
            let later = try await buckets.takeTokens(["a": 100], scope: "s", perMinute: 60, now: Self.start.addingTimeInterval(3600))
            #expect(later["a"]?.granted == 60)
        }
    }

    @Test(arguments: StoreBackend.available)
    func aReturnedTokenCanBeTakenAgainAndIdleBucketsArePurged(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let buckets = try Buckets(store)
            #expect(try await buckets.takeTokens(["a": 3], scope: "s", perMinute: 2, now: Self.start)["a"]?.granted == 2)
            try await buckets.returnToken(client: "a", scope: "s", perMinute: 2)
            #expect(try await buckets.takeTokens(["a": 2], scope: "s", perMinute: 2, now: Self.start)["a"]?.granted == 1)
            _ = try await buckets.takeTokens(["b": 1], scope: "s", perMinute: 2, now: Self.start.addingTimeInterval(120))
            #expect(try await buckets.purgeRateLimits(updatedBefore: Self.start.addingTimeInterval(60)) == 1)
            // Forgotten means full.
            #expect(try await buckets.takeTokens(["a": 2], scope: "s", perMinute: 2, now: Self.start.addingTimeInterval(1))["a"]?.granted == 2)
        }
    }

    @Test(arguments: StoreBackend.available)
    func serversSharingADatabaseGiveAClientItsLimitOnceUnderConcurrentRequests(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let buckets = try Buckets(store)
            // A clock that stands still, so no token comes back however long the machine takes.
            let servers = (0..<3).map { _ in
                SharedRateLimiter(scope: "claims", perMinute: 10, store: buckets, logger: Self.quietLogger, clock: { Self.start })
            }
            let allowed = await withTaskGroup(of: Bool.self) { group in
                for request in 0..<60 {
                    group.addTask { await servers[request % servers.count].take("203.0.113.9") == nil }
                }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(allowed == 10)
            let refused = await servers[1].take("203.0.113.9")
            #expect(refused == 6, "a token comes back in 6 s at 10 a minute")
            #expect(await servers[2].take("203.0.113.10") == nil, "another address has its own bucket")
        }
    }

    /// The server's own buckets refill on a clock that stands still here: on the real one, a
    /// loaded run that took 39 s between the takes got a token back (2 a minute is one per 30 s).
    @Test func withoutTheDatabaseAServerCountsInItsOwnMemory() async {
        let limiter = SharedRateLimiter(
            scope: "claims", perMinute: 2, store: UnreachableBuckets(), logger: Self.quietLogger, localClock: TestClock())
        #expect(await limiter.take("a") == nil)
        #expect(await limiter.take("a") == nil)
        #expect(await limiter.take("a") != nil)
        await limiter.giveBack("a")
        #expect(await limiter.take("a") == nil)
    }
}
