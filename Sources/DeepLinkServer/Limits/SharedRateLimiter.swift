import Foundation
import Logging
import Synchronization

/// A per-client limit kept in the database, so that servers sharing it count a client once:
/// with three servers behind a load balancer, a client still gets its limit, not three times it.
/// `Sendable`.
///
/// Takes that arrive while one is under way wait for it and are then decided together, in one
/// statement (``RateLimitStorage/takeTokens(_:scope:perMinute:now:)``), as ``DeferredClickWriter``
/// writes clicks: under a burst the database sees a few statements, not one per request. When the
/// database cannot be reached, this server counts in its own memory until it answers again (the
/// request that needed the limit usually needs the database too, and fails on its own).
final class SharedRateLimiter: RequestLimiter {
    /// The most takes decided in one statement: 500 rows of 6 values stay well under the bound
    /// parameters SQLite (32,766) and PostgreSQL (65,535) take.
    static let largestBatch = 500
    /// How often buckets nobody took from in a minute are deleted.
    static let purgeInterval: TimeInterval = 60

    private struct Waiting {
        let client: String
        let continuation: CheckedContinuation<Int?, Never>
    }

    private struct State {
        var waiting: [Waiting] = []
        var deciding = false
        var lastPurge: Date
        var failing = false
    }

    private let scope: String
    private let perMinute: Int
    private let store: any RateLimitStorage
    private let local: RateLimiter
    private let logger: Logger
    private let clock: @Sendable () -> Date
    private let state: Mutex<State>

    /// Creates a limiter.
    /// - Parameters:
    ///   - scope: The limit's name in the database, the same on every server: `claims`.
    ///   - perMinute: What each client may do per minute, and the burst.
    ///   - store: Where the buckets are.
    ///   - logger: Where losing and regaining the database is logged.
    ///   - clock: The current time; servers' clocks are assumed to agree.
    init(
        scope: String, perMinute: Int, store: any RateLimitStorage, logger: Logger,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.scope = scope
        self.perMinute = perMinute
        self.store = store
        self.local = RateLimiter(perMinute: perMinute)
        self.logger = logger
        self.clock = clock
        self.state = Mutex(State(lastPurge: clock()))
    }

    /// Takes a token for a client, together with the takes of concurrent callers; see ``RequestLimiter``.
    func take(_ client: String) async -> Int? {
        await withCheckedContinuation { continuation in
            let startsDeciding = state.withLock { state in
                state.waiting.append(Waiting(client: client, continuation: continuation))
                guard !state.deciding else { return false }
                state.deciding = true
                return true
            }
            if startsDeciding {
                Task { await self.decideWaiting() }
            }
        }
    }

    /// Puts a token back into the client's bucket; see ``RequestLimiter``.
    func giveBack(_ client: String) async {
        do {
            try await store.returnToken(client: client, scope: scope, perMinute: perMinute)
        } catch {
            local.giveBack(client)
        }
    }

    /// Decides what is waiting, batch after batch, until nothing is; then deletes full buckets
    /// when a minute has passed since it last did.
    private func decideWaiting() async {
        while true {
            let batch = state.withLock { state -> [Waiting] in
                guard !state.waiting.isEmpty else {
                    state.deciding = false
                    return []
                }
                let batch = Array(state.waiting.prefix(Self.largestBatch))
                state.waiting.removeFirst(batch.count)
                return batch
            }
            guard !batch.isEmpty else { break }
            let outcomes = await decide(batch.map(\.client))
            for (waiting, outcome) in zip(batch, outcomes) {
                waiting.continuation.resume(returning: outcome)
            }
        }
        let now = clock()
        let purgeIsDue = state.withLock { state in
            guard now.timeIntervalSince(state.lastPurge) >= Self.purgeInterval else { return false }
            state.lastPurge = now
            return true
        }
        if purgeIsDue {
            _ = try? await store.purgeRateLimits(updatedBefore: now.addingTimeInterval(-Self.purgeInterval))
        }
    }

    /// Takes one token per entry, in one statement; a client's first entries get what its bucket holds.
    /// - Parameter clients: The clients, one entry per take, in arrival order.
    /// - Returns: Each take's outcome, in order.
    private func decide(_ clients: [String]) async -> [Int?] {
        var wanted: [String: Int] = [:]
        for client in clients { wanted[client, default: 0] += 1 }
        do {
            let grants = try await store.takeTokens(wanted, scope: scope, perMinute: perMinute, now: clock())
            if state.withLock({ state in defer { state.failing = false }; return state.failing }) {
                logger.notice("the database answers again; the limit is shared again", metadata: ["limit": "\(scope)"])
            }
            var given: [String: Int] = [:]
            return clients.map { client in
                let grant = grants[client] ?? RateLimitGrant(granted: 0, retryAfter: 1)
                let index = given[client, default: 0]
                given[client] = index + 1
                return index < grant.granted ? nil : max(1, grant.retryAfter)
            }
        } catch {
            if !state.withLock({ state in defer { state.failing = true }; return state.failing }) {
                logger.warning(
                    "cannot reach the database for a limit; counting in this server's memory until it answers",
                    metadata: ["limit": "\(scope)", "error": "\(error)"])
            }
            return clients.map { local.take($0) }
        }
    }
}
