/// Where click counts go: the click counter writes them, ``ClickStatsStorage`` reads them. `Sendable`.
package protocol ClickStorage: Sendable {
    /// Adds resolutions to buckets, in a few statements whatever their number; clicks of a link
    /// that no longer exists are dropped.
    /// - Parameters:
    ///   - counts: How many resolutions to add to each bucket.
    ///   - events: `link.clicked` webhook events written with them (``WebhookStorage``): on
    ///     PostgreSQL in the same statement as the last of the counts.
    func record(_ counts: [Click: Int], events: [WebhookEvent]) async throws(StoreError)
}

extension ClickStorage {
    /// Adds resolutions to buckets; see ``record(_:events:)``.
    package func record(_ counts: [Click: Int]) async throws(StoreError) {
        try await record(counts, events: [])
    }
}
