import Synchronization

/// Recently opened links, kept for a short lifetime so popular links resolve without a database
/// read. `Sendable`.
///
/// Only found links are kept. Changes made through this process drop the entry at once;
/// changes made through another process sharing the database show within the lifetime.
/// While the database is unavailable, a link whose entry has outlived its lifetime keeps
/// resolving as it last did, so an outage does not break links opened before it.
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

    /// The link with a code, from the cache or from `load`; when `load` fails, from an entry past
    /// its lifetime if there is one.
    func link(code: String, load: () async throws(StoreError) -> Link?) async throws(StoreError) -> Link? {
        let now = ContinuousClock.now
        let cached = entries.withLock { $0[code] }
        if let cached, cached.expires > now { return cached.link }
        let loaded: Link?
        do {
            loaded = try await load()
        } catch {
            guard let cached else { throw error }
            return cached.link
        }
        guard let link = loaded else {
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
