import DeepLinkCore
import Synchronization

/// Recently opened links, kept for a short lifetime so popular links resolve without a database
/// read. `Sendable`.
///
/// Only found links are kept. Changes made through this process drop the entry at once;
/// changes made through another process sharing the database show within the lifetime and one
/// database read. When an entry outlives its lifetime, the first request to find it reads the
/// link again while concurrent requests are answered from the entry, so a popular link's expiry
/// costs one read instead of one per request in flight. While the database is unavailable, a
/// link whose entry has outlived its lifetime keeps resolving as it last did, so an outage does
/// not break links opened before it.
package final class LinkCache: Sendable {
    private struct Entry {
        let link: Link
        var expires: ContinuousClock.Instant
        /// Whether a request is reading the link again.
        var refreshing = false
    }

    private struct State {
        var entries: [String: Entry] = [:]
        /// Counts invalidations, so a read that started before a change does not store what it read.
        var generation = 0
    }

    /// What a lookup found.
    private enum Lookup {
        /// An entry in its lifetime, or one that another request is refreshing.
        case cached(Link)
        /// Nothing usable: the caller reads the link, with the entry past its lifetime if any.
        case load(stale: Link?, generation: Int)
    }

    private let lifetime: Duration
    private let capacity: Int
    private let clock: any MonotonicClock
    private let state = Mutex(State())

    /// Creates a cache.
    /// - Parameters:
    ///   - lifetime: How long a link is kept; zero turns the cache off.
    ///   - capacity: The most links kept.
    ///   - clock: The clock lifetimes are measured on.
    package init(lifetime: Duration, capacity: Int = 10_000, clock: any MonotonicClock = SystemClock()) {
        self.lifetime = lifetime
        self.capacity = capacity
        self.clock = clock
    }

    /// The link with a code, from the cache or from `load`; when `load` fails, from an entry past
    /// its lifetime if there is one.
    package func link(code: String, load: () async throws(StoreError) -> Link?) async throws(StoreError) -> Link? {
        let now = clock.now
        let lookup = state.withLock { state -> Lookup in
            guard var entry = state.entries[code] else { return .load(stale: nil, generation: state.generation) }
            if entry.expires > now || entry.refreshing { return .cached(entry.link) }
            entry.refreshing = true
            state.entries[code] = entry
            return .load(stale: entry.link, generation: state.generation)
        }
        let stale: Link?
        let generation: Int
        switch lookup {
        case .cached(let link):
            return link
        case .load(let entry, let current):
            (stale, generation) = (entry, current)
        }
        let loaded: Link?
        do {
            loaded = try await load()
        } catch {
            state.withLock { $0.entries[code]?.refreshing = false }
            guard let stale else { throw error }
            return stale
        }
        guard let link = loaded else {
            invalidate(code)
            return nil
        }
        guard lifetime > .zero else { return link }
        let stored = clock.now
        state.withLock { state in
            // A change made through this process while the link was read wins over what was read.
            guard state.generation == generation else {
                state.entries[code]?.refreshing = false
                return
            }
            if state.entries.count >= capacity {
                state.entries = state.entries.filter { $0.value.expires > stored }
                if state.entries.count >= capacity { state.entries.removeAll(keepingCapacity: true) }
            }
            state.entries[code] = Entry(link: link, expires: stored + lifetime)
        }
        return link
    }

    /// Puts every entry past its lifetime, when changes may have been made that this process did
    /// not hear of: each link is read again when next requested, and a read already under way
    /// does not store what it read. The entries stay for an outage, which is also when this
    /// happens most (the announcements' connection breaks with the database), so links opened
    /// before it keep resolving as they did.
    func expireAll() {
        let now = clock.now
        state.withLock { state in
            for code in state.entries.keys { state.entries[code]?.expires = now }
            state.generation &+= 1
        }
    }

    /// Forgets a link after it changed.
    func invalidate(_ code: String) {
        state.withLock { state in
            state.entries.removeValue(forKey: code)
            state.generation &+= 1
        }
    }
}
