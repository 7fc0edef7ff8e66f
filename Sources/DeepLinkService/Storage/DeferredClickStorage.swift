import Foundation

/// Where clicks wait for the app to claim them after an install: ``DeferredLinks`` uses it. `Sendable`.
package protocol DeferredClickStorage: Sendable {
    /// Stores clicks that the app may claim after an install, all or none.
    /// - Parameter clicks: The clicks; ``DeferredClickWriter`` gathers the clicks of concurrent
    ///   store hops into one call.
    /// - Throws: ``StoreError`` with code `duplicate` when a token is taken, and then stores none.
    func insert(_ clicks: [DeferredClick]) async throws(StoreError)

    /// Claims the unclaimed click with a token, if it has not expired: marks it claimed and
    /// clears its network hash and device signals, in one atomic statement, so of concurrent
    /// claims of one click exactly one gets it.
    /// - Parameters:
    ///   - token: The click's token.
    ///   - now: The claim time.
    /// - Returns: The claimed click, or `nil` when there is none to claim.
    func claimDeferredClick(token: String, at now: Date) async throws(StoreError) -> DeferredClick?

    /// Unclaimed, unexpired clicks of a platform from networks with one of the hashes, made at or
    /// after a moment, newest first; at most 50.
    /// - Parameters:
    ///   - networkHashes: The hashes of the claiming network, one per salt period in the window.
    ///   - platform: The claiming platform.
    ///   - since: The start of the probabilistic window.
    ///   - now: The claim time.
    func deferredCandidates(
        networkHashes: [String], platform: ClientPlatform, since: Date, now: Date
    ) async throws(StoreError) -> [DeferredClick]

    /// Forgets what must not outlive its time: deletes clicks whose token expired, clears the
    /// network hash and device signals of clicks made before `signalsBefore`, and deletes the
    /// salts of periods before `saltsBefore`.
    /// - Parameters:
    ///   - now: The current time.
    ///   - signalsBefore: The start of the probabilistic window.
    ///   - saltsBefore: The oldest salt period still needed.
    /// - Returns: How many clicks were deleted.
    func purgeDeferredClicks(now: Date, signalsBefore: Date, saltsBefore: Int) async throws(StoreError) -> Int

    /// The salt of a period of network hashes, storing `proposed` when the period has none, so
    /// every server sharing the database hashes with the same salt.
    /// - Parameters:
    ///   - period: The period's number.
    ///   - proposed: A fresh random salt.
    func deferredSalt(period: Int, proposed: String) async throws(StoreError) -> String
}

extension DeferredClickStorage {
    /// Stores one click that the app may claim after an install.
    /// - Parameter click: The click.
    /// - Throws: ``StoreError`` with code `duplicate` when the token is taken.
    package func insert(_ click: DeferredClick) async throws(StoreError) {
        try await insert([click])
    }
}

/// A store that takes the rate-limit tokens of the clicks it writes in the statement that writes
/// them (PostgreSQL): a store hop costs one statement, not a take and then a write, and servers
/// sharing the database share each address's limit. Stores without it (SQLite, one server) count
/// in the server's memory before the write.
package protocol LimitingDeferredClickStorage: DeferredClickStorage {
    /// Takes a token for each click that has a client, from the client's bucket of the limit
    /// (`rate_limits`, as ``RateLimitStorage`` keeps them), and stores, all or none, the clicks that
    /// got one and those without a client; counts them as ``insert(_:)`` does. A client's earlier
    /// clicks in the batch get its tokens first.
    /// - Parameters:
    ///   - clicks: The clicks.
    ///   - clients: Each click's client, `nil` for a click no limit applies to.
    ///   - limit: The limit's name and its tokens per minute.
    ///   - now: The moment of the takes.
    /// - Returns: For each click, in order, whether it was stored.
    /// - Throws: ``StoreError`` with code `duplicate` when a token is taken, and then stores none
    ///   and takes no token.
    func insert(_ clicks: [DeferredClick], clients: [String?], limit: ClickRateLimit, now: Date) async throws(StoreError) -> [Bool]
}

/// A per-client limit on clicks: its name in `rate_limits` and the tokens each client gets per minute. `Sendable`.
package struct ClickRateLimit: Sendable, Hashable {
    /// The limit's name, the same on every server: `deferred-clicks`.
    package var scope: String
    /// Clicks each client may record per minute, and the burst.
    package var perMinute: Int

    /// Creates a limit.
    package init(scope: String, perMinute: Int) {
        self.scope = scope
        self.perMinute = perMinute
    }
}
