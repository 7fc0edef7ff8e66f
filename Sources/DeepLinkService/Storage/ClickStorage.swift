/// Where click counts go: the click counter writes them, ``ClickStatsStorage`` reads them. `Sendable`.
package protocol ClickStorage: Sendable {
    /// Adds resolutions to buckets, in a few statements whatever their number; clicks of a link
    /// that no longer exists are dropped.
    /// - Parameter counts: How many resolutions to add to each bucket.
    func record(_ counts: [Click: Int]) async throws(StoreError)
}
