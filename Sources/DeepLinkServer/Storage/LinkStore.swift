import Foundation

/// Where links, click counts and API keys live: the seam between the server and a database.
///
/// Implementations are `Sendable` and safe to call concurrently. Every write is atomic; a
/// failed write changes nothing. ``migrate()`` only adds tables, columns and indexes, so an
/// upgrade never loses stored data. `DeepLinkStoreSQLite` and `DeepLinkStorePostgres` provide
/// the two real backends.
public protocol LinkStore: Sendable {
    /// Brings the schema up to date; safe to run from several processes at once.
    /// - Throws: ``StoreError`` when the database cannot be reached or changed.
    func migrate() async throws(StoreError)

    /// Checks that the database answers, for `/healthz`.
    /// - Throws: ``StoreError`` with code `unavailable` when it does not.
    func checkHealth() async throws(StoreError)

    /// Stores a new link.
    /// - Parameter link: The link.
    /// - Throws: ``StoreError`` with code `duplicate` when the code is taken.
    func insert(_ link: Link) async throws(StoreError)

    /// The link with a code, or `nil`.
    /// - Parameter code: The short code.
    func link(code: String) async throws(StoreError) -> Link?

    /// Replaces a stored link with the same code.
    /// - Parameter link: The new value.
    /// - Returns: Whether a link with that code existed.
    func update(_ link: Link) async throws(StoreError) -> Bool

    /// Deletes a link and its click counts.
    /// - Parameter code: The short code.
    /// - Returns: Whether a link with that code existed.
    func deleteLink(code: String) async throws(StoreError) -> Bool

    /// A page of links ordered by code.
    /// - Parameters:
    ///   - cursor: Only codes after this one; `nil` for the first page.
    ///   - limit: The most links to return.
    func links(after cursor: String?, limit: Int) async throws(StoreError) -> [Link]

    /// Adds resolutions to a bucket; clicks of a link that no longer exists are dropped.
    /// - Parameters:
    ///   - click: The click's buckets.
    ///   - count: How many resolutions to add.
    func record(_ click: Click, count: Int) async throws(StoreError)

    /// Every bucket of a link's clicks, ordered by day.
    /// - Parameter code: The short code.
    func clickCounts(code: String) async throws(StoreError) -> [ClickCount]

    /// Stores a new API key.
    /// - Parameter key: The key.
    /// - Throws: ``StoreError`` with code `duplicate` when the id is taken.
    func insert(_ key: APIKeyRecord) async throws(StoreError)

    /// The API key with an id, revoked or not, or `nil`.
    /// - Parameter id: The key's public id.
    func apiKey(id: String) async throws(StoreError) -> APIKeyRecord?

    /// Every API key, oldest first.
    func apiKeys() async throws(StoreError) -> [APIKeyRecord]

    /// Marks a key revoked; revoking twice keeps the first time.
    /// - Parameters:
    ///   - id: The key's public id.
    ///   - date: The revocation time.
    /// - Returns: Whether a key with that id exists.
    func revokeAPIKey(id: String, at date: Date) async throws(StoreError) -> Bool

    /// Stores a click that the app may claim after an install.
    /// - Parameter click: The click.
    /// - Throws: ``StoreError`` with code `duplicate` when the token is taken.
    func insert(_ click: DeferredClick) async throws(StoreError)

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
