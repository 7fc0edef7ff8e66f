import DeepLinkTesting
import Foundation
import Logging
import Testing

@testable import DeepLinkService

/// The follower against a feed that replays announcements the test gives it.
struct LinkChangeFollowerTests {
    struct ReplayedFeed: LinkChangeFeed {
        let changes: [LinkChange]
        func announceLinkChange(code: String) async throws(StoreError) {}
        func followLinkChanges(_ changed: @escaping @Sendable (LinkChange) -> Void) async {
            for change in changes { changed(change) }
        }
    }

    static func link(_ code: String) -> Link { Link(code: code, deepLink: "shop://sales/\(code)", createdAt: Date(), updatedAt: Date()) }

    static let outage = StoreError(code: .unavailable, message: "no connection to PostgreSQL at localhost:5432 was free within 1 s")

    /// Caches `codes`, runs the follower over `changes`, then asks for each code with `load`
    /// (which says the link is gone by default) and returns the codes the cache answered with a link.
    static func cached(
        after changes: [LinkChange], codes: [String], load: @escaping () throws(StoreError) -> Link? = { nil }
    ) async throws -> [String] {
        let cache = LinkCache(lifetime: .seconds(60), clock: TestClock())
        for code in codes { _ = try await cache.link(code: code) { () throws(StoreError) in link(code) } }
        try await LinkChangeFollower(feed: ReplayedFeed(changes: changes), cache: cache, logger: Logger(label: "test")).run()
        var still: [String] = []
        for code in codes {
            let cachedLink = try await cache.link(code: code) { () throws(StoreError) in try load() }
            if cachedLink != nil { still.append(code) }
        }
        return still
    }

    @Test func anAnnouncedChangeDropsOnlyThatLink() async throws {
        #expect(try await Self.cached(after: [.changed(code: "spring")], codes: ["spring", "autumn"]) == ["autumn"])
    }

    @Test func afterAGapEveryLinkIsReadAgain() async throws {
        #expect(try await Self.cached(after: [.mayHaveMissedChanges], codes: ["spring", "autumn"]).isEmpty)
    }

    /// The gap is most often the database going away, and an outage keeps resolving links opened before it.
    @Test func afterAGapLinksOpenedBeforeStillResolveWhileTheDatabaseIsOut() async throws {
        let still = try await Self.cached(after: [.mayHaveMissedChanges], codes: ["spring", "autumn"]) { () throws(StoreError) in
            throw Self.outage
        }
        #expect(still == ["spring", "autumn"])
    }
}
