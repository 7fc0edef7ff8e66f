import Foundation

/// Writes the deferred clicks of concurrent store hops together (group commit). `Sendable`.
///
/// A click that arrives while no write is under way is written at once. Clicks that arrive
/// while one is under way wait for it and are then written together, in one statement, up to
/// ``largestBatch`` at a time. Under a burst the database sees a few large writes instead of a
/// queue of single-row commits behind SQLite's one writer or PostgreSQL's pool; alone, a click
/// costs what it did before. Each caller returns only once its own click is stored, so a token
/// that reaches a store link or the pasteboard is always one the app can claim.
///
/// With a store that takes rate-limit tokens as it writes (``LimitingDeferredClickStorage``) and a
/// limit, a click given a client is stored only if the client's bucket grants it a token, decided
/// in the same statement; other stores ignore the client (the caller limits in memory first).
final class DeferredClickWriter: Sendable {
    /// The most clicks written in one statement: 500 rows of 15 values stay well under the
    /// bound parameters SQLite (32,766) and PostgreSQL (65,535) take.
    static let largestBatch = 500

    /// A click waiting to be written, and the client whose limit it counts against.
    private struct Pending: Sendable {
        let click: DeferredClick
        let client: String?
    }

    private let commit: GroupCommit<Pending, Result<Bool, StoreError>>

    /// Whether the store decides the limit in the statement that writes the clicks.
    let limitsAsItWrites: Bool

    /// Creates a writer.
    /// - Parameters:
    ///   - store: Where clicks are stored.
    ///   - limit: The limit a ``LimitingDeferredClickStorage`` applies to clicks given a client.
    ///   - now: The clock the limit's buckets refill by.
    init(store: any DeferredClickStorage, limit: ClickRateLimit? = nil, now: @escaping @Sendable () -> Date = Date.init) {
        let limiting: (store: any LimitingDeferredClickStorage, limit: ClickRateLimit)? =
            limit.flatMap { limit in (store as? any LimitingDeferredClickStorage).map { (store: $0, limit: limit) } }
        limitsAsItWrites = limiting != nil
        commit = GroupCommit(largestBatch: Self.largestBatch) { pending in
            await Self.write(pending) { pending throws(StoreError) in
                if let limiting {
                    return try await limiting.store.insert(
                        pending.map(\.click), clients: pending.map(\.client), limit: limiting.limit, now: now())
                }
                try await store.insert(pending.map(\.click))
                return Array(repeating: true, count: pending.count)
            }
        }
    }

    /// How many clicks wait for the write under way to finish.
    var waitingCount: Int { commit.waitingCount }

    /// Stores a click, together with the clicks of concurrent callers; no limit applies.
    /// - Parameter click: The click.
    /// - Throws: ``StoreError``: the database failed, or the click's token is taken.
    func insert(_ click: DeferredClick) async throws(StoreError) {
        _ = try await commit.submit(Pending(click: click, client: nil)).get()
    }

    /// Stores a click unless the client is past its limit (decided here only when
    /// ``limitsAsItWrites``), together with the clicks of concurrent callers.
    /// - Parameters:
    ///   - click: The click.
    ///   - client: The client whose bucket gives the click its token.
    /// - Returns: Whether the click was stored.
    /// - Throws: ``StoreError``: the database failed, or the click's token is taken.
    func insert(_ click: DeferredClick, limitedAs client: String) async throws(StoreError) -> Bool {
        try await commit.submit(Pending(click: click, client: client)).get()
    }

    /// Writes clicks in one statement; when a token is taken, which fails the whole statement
    /// (and takes no limit's token), writes them one by one so that only that click fails.
    /// - Returns: Each click's outcome, in order.
    private static func write(
        _ pending: [Pending], with insert: ([Pending]) async throws(StoreError) -> [Bool]
    ) async -> [Result<Bool, StoreError>] {
        do {
            let stored = try await insert(pending)
            precondition(stored.count == pending.count, "a store must say of every click whether it stored it")
            return stored.map { .success($0) }
        } catch let error where error.code == .duplicate && pending.count > 1 {
            var outcomes: [Result<Bool, StoreError>] = []
            for click in pending {
                do {
                    outcomes.append(.success(try await insert([click]).first ?? false))
                } catch {
                    outcomes.append(.failure(error))
                }
            }
            return outcomes
        } catch {
            return Array(repeating: .failure(error), count: pending.count)
        }
    }
}
