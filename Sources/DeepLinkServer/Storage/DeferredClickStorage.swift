import Foundation

/// Where clicks wait for the app to claim them after an install: ``DeferredLinks`` uses it. `Sendable`.
public protocol DeferredClickStorage: Sendable {
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
    public func insert(_ click: DeferredClick) async throws(StoreError) {
        try await insert([click])
    }
}
