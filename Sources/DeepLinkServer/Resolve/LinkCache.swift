import Synchronization

/// Recently opened links, kept for a short lifetime so popular links resolve without a database
/// read. `Sendable`.
///
/// Only found links are kept. Changes made through this process drop the entry at once;
/// changes made through another process sharing the database show within the lifetime.
final class LinkCache: Sendable {
    private struct Entry {
        let link: Link
        let expires: ContinuousClock.Instant
    }

    private let lifetime: Duration
    private let capacity: Int
    private let entries = Mutex([String: Entry]())

    /// Creates a cache.
    /// - Parameters:
    ///   - lifetime: How long a link is kept; zero turns the cache off.
    ///   - capacity: The most links kept.
    init(lifetime: Duration, capacity: Int = 10_000) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// The link with a code, from the cache or from `load`.
    func link(code: String, load: () async throws(StoreError) -> Link?) async throws(StoreError) -> Link? {
        let now = ContinuousClock.now
        if let entry = entries.withLock({ $0[code] }), entry.expires > now { return entry.link }
        guard let link = try await load() else {
            invalidate(code)
            return nil
        }
        guard lifetime > .zero else { return link }
        entries.withLock { entries in
            if entries.count >= capacity {
                entries = entries.filter { $0.value.expires > now }
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            }
            entries[code] = Entry(link: link, expires: now + lifetime)
        }
        return link
    }

    /// Forgets a link after it changed.
    func invalidate(_ code: String) {
        _ = entries.withLock { $0.removeValue(forKey: code) }
    }
}
