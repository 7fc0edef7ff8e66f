import DeepLinkCore
import Foundation
import Logging
import Synchronization

/// A per-client limit kept in the database, so that servers sharing it count a client once:
/// with three servers behind a load balancer, a client still gets its limit, not three times it.
/// `Sendable`.
///
/// Takes that arrive while one is under way wait for it and are then decided together, in one
/// statement (``RateLimitStorage/takeTokens(_:scope:perMinute:now:)``), through the same
/// ``GroupCommit`` with which ``DeferredClickWriter`` writes clicks: under a burst the database
/// sees a few statements, not one per request. When the database cannot be reached, this server
/// counts in its own memory until it answers again (the request that needed the limit usually
/// needs the database too, and fails on its own).
package final class SharedRateLimiter: RequestLimiter {
    /// The most takes decided in one statement: 500 rows of 6 values stay well under the bound
    /// parameters SQLite (32,766) and PostgreSQL (65,535) take.
    static let largestBatch = 500
    /// How often buckets nobody took from in a minute are deleted.
    static let purgeInterval: TimeInterval = 60

    private let buckets: Buckets
    private let commit: GroupCommit<String, Int?>

    /// Creates a limiter.
    /// - Parameters:
    ///   - scope: The limit's name in the database, the same on every server: `claims`.
    ///   - perMinute: What each client may do per minute, and the burst.
    ///   - store: Where the buckets are.
    ///   - logger: Where losing and regaining the database is logged.
    ///   - clock: The current time; servers' clocks are assumed to agree.
    ///   - localClock: The clock this server's own buckets refill on while the database cannot
    ///     be reached; tests give one that stands still.
    package init(
        scope: String, perMinute: Int, store: any RateLimitStorage, logger: Logger,
        clock: @escaping @Sendable () -> Date = { Date() }, localClock: any MonotonicClock = SystemClock()
    ) {
        let buckets = Buckets(scope: scope, perMinute: perMinute, store: store, logger: logger, clock: clock, localClock: localClock)
        self.buckets = buckets
        commit = GroupCommit(largestBatch: Self.largestBatch) { clients in await buckets.decide(clients) }
    }

    /// Takes a token for a client, together with the takes of concurrent callers; see ``RequestLimiter``.
    package func take(_ client: String) async -> Int? {
        await commit.submit(client)
    }

    /// Takes `count` tokens for a client in one statement, all or none; see ``RequestLimiter``.
    /// Tokens granted short of `count` are put back.
    package func take(_ client: String, count: Int) async -> Int? {
        guard count > 1 else { return await take(client) }
        do {
            let grant = try await buckets.store.takeTokens(
                [client: count], scope: buckets.scope, perMinute: buckets.perMinute, now: Date()) [client] ?? RateLimitGrant(granted: 0, retryAfter: 1)
            guard grant.granted < count else { return nil }
            if grant.granted > 0 {
                do {
                    try await buckets.store.returnTokens(grant.granted, client: client, scope: buckets.scope, perMinute: buckets.perMinute)
                } catch {
                    // The bucket refills with time; the tokens are only late, never lost for good.
                    buckets.logger.warning("cannot return a refused request's tokens", metadata: ["limit": "\(buckets.scope)", "error": "\(error)"])
                }
            }
            // Until the bucket holds what is missing, at the limit's rate.
            let missing = Double(count - grant.granted)
            return max(1, grant.retryAfter, Int((missing * 60 / Double(max(1, buckets.perMinute))).rounded(.up)))
        } catch {
            return buckets.local.take(client, count: count)
        }
    }

    /// Puts a token back into the client's bucket; see ``RequestLimiter``.
    package func giveBack(_ client: String) async {
        do {
            try await buckets.store.returnToken(client: client, scope: buckets.scope, perMinute: buckets.perMinute)
        } catch {
            buckets.local.giveBack(client)
        }
    }

    /// One limit's buckets in the database, and this server's own while it cannot reach them.
    private final class Buckets: Sendable {
        private struct Health {
            var lastPurge: Date
            var failing = false
        }

        let scope: String
        let perMinute: Int
        let store: any RateLimitStorage
        let local: RateLimiter
        let logger: Logger
        private let clock: @Sendable () -> Date
        private let health: Mutex<Health>

        init(
            scope: String, perMinute: Int, store: any RateLimitStorage, logger: Logger, clock: @escaping @Sendable () -> Date,
            localClock: any MonotonicClock
        ) {
            self.scope = scope
            self.perMinute = perMinute
            self.store = store
            self.local = RateLimiter(perMinute: perMinute, clock: localClock)
            self.logger = logger
            self.clock = clock
            self.health = Mutex(Health(lastPurge: clock()))
        }

        /// Takes one token per entry, in one statement; a client's first entries get what its
        /// bucket holds. When a minute has passed since it last did, it also starts deleting full
        /// buckets, without the batch waiting for it.
        /// - Parameter clients: The clients, one entry per take, in arrival order.
        /// - Returns: Each take's outcome, in order.
        func decide(_ clients: [String]) async -> [Int?] {
            var wanted: [String: Int] = [:]
            for client in clients { wanted[client, default: 0] += 1 }
            let now = clock()
            let outcomes: [Int?]
            do {
                let grants = try await store.takeTokens(wanted, scope: scope, perMinute: perMinute, now: now)
                if health.withLock({ health in defer { health.failing = false }; return health.failing }) {
                    logger.notice("the database answers again; the limit is shared again", metadata: ["limit": "\(scope)"])
                }
                var given: [String: Int] = [:]
                outcomes = clients.map { client in
                    let grant = grants[client] ?? RateLimitGrant(granted: 0, retryAfter: 1)
                    let index = given[client, default: 0]
                    given[client] = index + 1
                    return index < grant.granted ? nil : max(1, grant.retryAfter)
                }
            } catch {
                if !health.withLock({ health in defer { health.failing = true }; return health.failing }) {
                    logger.warning(
                        "cannot reach the database for a limit; counting in this server's memory until it answers",
                        metadata: ["limit": "\(scope)", "error": "\(error)"])
                }
                return clients.map { local.take($0) }
            }
            let purgeIsDue = health.withLock { health in
                guard now.timeIntervalSince(health.lastPurge) >= SharedRateLimiter.purgeInterval else { return false }
                health.lastPurge = now
                return true
            }
            if purgeIsDue {
                Task { [store] in _ = try? await store.purgeRateLimits(updatedBefore: now.addingTimeInterval(-SharedRateLimiter.purgeInterval)) }
            }
            return outcomes
        }
    }
}
