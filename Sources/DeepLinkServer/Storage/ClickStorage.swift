/// Where click counts live: the click counter writes them and the stats route reads them. `Sendable`.
public protocol ClickStorage: Sendable {
    /// Adds resolutions to buckets, in a few statements whatever their number; clicks of a link
    /// that no longer exists are dropped.
    /// - Parameter counts: How many resolutions to add to each bucket.
    func record(_ counts: [Click: Int]) async throws(StoreError)

    /// Every bucket of a link's clicks, ordered by day.
    /// - Parameter code: The short code.
    func clickCounts(code: String) async throws(StoreError) -> [ClickCount]
}

extension ClickStorage {
    /// Adds resolutions to one bucket; see ``record(_:)``.
    /// - Parameters:
    ///   - click: The click's bucket.
    ///   - count: How many resolutions to add.
    public func record(_ click: Click, count: Int) async throws(StoreError) {
        try await record([click: count])
    }
}
