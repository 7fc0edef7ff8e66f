import Foundation
import Logging
import Testing

@testable import DeepLinkServer

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

    /// Caches `codes`, runs the follower over `changes`, and returns the codes still cached.
    static func cached(after changes: [LinkChange], codes: [String]) async throws -> [String] {
        let cache = LinkCache(lifetime: .seconds(60))
        for code in codes { _ = try await cache.link(code: code) { () throws(StoreError) in link(code) } }
        try await LinkChangeFollower(feed: ReplayedFeed(changes: changes), cache: cache, logger: Logger(label: "test")).run()
        var still: [String] = []
        for code in codes {
            let cachedLink = try await cache.link(code: code) { () throws(StoreError) in nil }
            if cachedLink != nil { still.append(code) }
        }
        return still
    }

    @Test func anAnnouncedChangeDropsOnlyThatLink() async throws {
        #expect(try await Self.cached(after: [.changed(code: "spring")], codes: ["spring", "autumn"]) == ["autumn"])
    }

    @Test func followingAgainAfterAGapDropsEveryLink() async throws {
        #expect(try await Self.cached(after: [.mayHaveMissedChanges], codes: ["spring", "autumn"]).isEmpty)
    }
}
