/// A whole link database: links, API keys, click counts and their sums, deferred clicks, app opens and the
/// dashboard's users and sessions, webhook endpoints and their outbox, with its schema and health. The server's parts each take the focused protocol they use.
///
/// Implementations are `Sendable` and safe to call concurrently. Every write is atomic; a
/// failed write changes nothing. ``migrate()`` only adds tables, columns and indexes, so an
/// upgrade never loses stored data. `DeepLinkStoreSQLite` and `DeepLinkStorePostgres` provide
/// the two real backends.
package protocol LinkStore: LinkStorage, APIKeyStorage, ClickStorage, ClickStatsStorage, DeferredClickStorage, DailyCountStorage, DashboardStorage,
    WebhookStorage
{
    /// Brings the schema up to date; safe to run from several processes at once.
    /// - Throws: ``StoreError`` when the database cannot be reached or changed.
    func migrate() async throws(StoreError)

    /// Checks that the database answers, for `/healthz`.
    /// - Throws: ``StoreError`` with code `unavailable` when it does not.
    func checkHealth() async throws(StoreError)
}
