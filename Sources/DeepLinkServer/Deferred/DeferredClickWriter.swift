/// Writes the deferred clicks of concurrent store hops together (group commit). `Sendable`.
///
/// A click that arrives while no write is under way is written at once. Clicks that arrive
/// while one is under way wait for it and are then written together, in one statement, up to
/// ``largestBatch`` at a time. Under a burst the database sees a few large writes instead of a
/// queue of single-row commits behind SQLite's one writer or PostgreSQL's pool; alone, a click
/// costs what it did before. Each caller returns only once its own click is stored, so a token
/// that reaches a store link or the pasteboard is always one the app can claim.
final class DeferredClickWriter: Sendable {
    /// The most clicks written in one statement: 500 rows of 15 values stay well under the
    /// bound parameters SQLite (32,766) and PostgreSQL (65,535) take.
    static let largestBatch = 500

    private let commit: GroupCommit<DeferredClick, Result<Void, StoreError>>

    /// Creates a writer.
    /// - Parameter store: Where clicks are stored.
    init(store: any DeferredClickStorage) {
        commit = GroupCommit(largestBatch: Self.largestBatch) { clicks in await Self.write(clicks, to: store) }
    }

    /// How many clicks wait for the write under way to finish.
    var waitingCount: Int { commit.waitingCount }

    /// Stores a click, together with the clicks of concurrent callers.
    /// - Parameter click: The click.
    /// - Throws: ``StoreError``: the database failed, or the click's token is taken.
    func insert(_ click: DeferredClick) async throws(StoreError) {
        try await commit.submit(click).get()
    }

    /// Writes clicks in one statement; when a token is taken, which fails the whole statement,
    /// writes them one by one so that only that click fails.
    /// - Returns: Each click's outcome, in order.
    private static func write(_ clicks: [DeferredClick], to store: any DeferredClickStorage) async -> [Result<Void, StoreError>] {
        do {
            try await store.insert(clicks)
            return Array(repeating: .success(()), count: clicks.count)
        } catch let error where error.code == .duplicate && clicks.count > 1 {
            var outcomes: [Result<Void, StoreError>] = []
            for click in clicks {
                do {
                    try await store.insert([click])
                    outcomes.append(.success(()))
                } catch {
                    outcomes.append(.failure(error))
                }
            }
            return outcomes
        } catch {
            return Array(repeating: .failure(error), count: clicks.count)
        }
    }
}
