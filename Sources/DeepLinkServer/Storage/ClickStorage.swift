/// Where click counts live: the click counter writes them and the stats route reads them. `Sendable`.
public protocol ClickStorage: Sendable {
    /// Adds resolutions to a bucket; clicks of a link that no longer exists are dropped.
    /// - Parameters:
    ///   - click: The click's buckets.
    ///   - count: How many resolutions to add.
    func record(_ click: Click, count: Int) async throws(StoreError)

    /// Every bucket of a link's clicks, ordered by day.
    /// - Parameter code: The short code.
    func clickCounts(code: String) async throws(StoreError) -> [ClickCount]
}
