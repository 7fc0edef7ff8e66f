import Foundation

/// Remembers another resolver's answers for a while, and asks it only once for a URL that
/// several callers want at the same time.
///
/// Failures are not cached: the next call asks again. When the cache is full, expired answers
/// go first, then those closest to expiring.
public actor CachingAppLinkResolver: AppLinkResolver {
    private enum Entry {
        case resolved(AppLinkMetadata, expires: Date)
        case pending(Task<AppLinkMetadata, any Error>)
    }

    /// The resolver asked on a miss.
    public nonisolated let base: any AppLinkResolver
    /// How long an answer is reused.
    public nonisolated let timeToLive: Duration
    /// The most answers kept.
    public nonisolated let maximumEntries: Int
    private let now: @Sendable () -> Date
    private var entries: [String: Entry] = [:]
    /// How many calls have waited for a fetch already under way instead of asking the base
    /// resolver; tests read it to know concurrent calls have joined.
    package private(set) var joinedCalls = 0

    /// Creates a cache in front of a resolver.
    /// - Parameters:
    ///   - base: The resolver asked on a miss.
    ///   - timeToLive: How long an answer is reused. Default: 1 hour.
    ///   - maximumEntries: The most answers kept; at least 1. Default: 256.
    ///   - now: The current time; tests pass a clock they control.
    public init(
        base: any AppLinkResolver, timeToLive: Duration = .seconds(3600), maximumEntries: Int = 256,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.base = base
        self.timeToLive = timeToLive
        self.maximumEntries = max(1, maximumEntries)
        self.now = now
    }

    /// The cached answer for a URL while it is fresh, else the base resolver's answer.
    /// - Parameter url: The page's URL; URLs are compared by their text.
    /// - Returns: The page's metadata.
    /// - Throws: Whatever the base resolver throws.
    public func appLinks(for url: URL) async throws -> AppLinkMetadata {
        let key = url.absoluteString
        switch entries[key] {
        case .resolved(let metadata, let expires) where now() < expires:
            return metadata
        case .pending(let task):
            joinedCalls += 1
            return try await task.value
        case .resolved, nil:
            break
        }
        let base = self.base
        let task = Task { try await base.appLinks(for: url) }
        entries[key] = .pending(task)
        do {
            let metadata = try await task.value
            store(metadata, for: key)
            return metadata
        } catch {
            entries[key] = nil
            throw error
        }
    }

    /// Forgets every answer.
    public func removeAll() {
        entries = entries.filter {
            if case .pending = $0.value { return true }
            return false
        }
    }

    /// How many answers are kept, not counting fetches under way.
    public var count: Int {
        entries.values.count {
            if case .resolved = $0 { return true }
            return false
        }
    }

    private func store(_ metadata: AppLinkMetadata, for key: String) {
        let current = now()
        entries[key] = nil
        if count >= maximumEntries {
            entries = entries.filter {
                if case .resolved(_, let expires) = $0.value { return current < expires }
                return true
            }
        }
        while count >= maximumEntries, let oldest = oldestResolvedKey() {
            entries[oldest] = nil
        }
        entries[key] = .resolved(metadata, expires: current.addingTimeInterval(timeToLive.timeInterval))
    }

    private func oldestResolvedKey() -> String? {
        var oldest: (key: String, expires: Date)?
        for (key, entry) in entries {
            guard case .resolved(_, let expires) = entry else { continue }
            if oldest.map({ expires < $0.expires }) ?? true { oldest = (key, expires) }
        }
        return oldest?.key
    }
}
