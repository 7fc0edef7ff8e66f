// Tests the schema's migration on DeepLinkStoreSQLite; PostgreSQL runs the same statements in its
// store suite.
import DeepLinkService
import DeepLinkStoreSQLite
import DeepLinkTesting
import Foundation
import Logging
import SQLiteNIO
import Testing

/// A database written by the previous schema, where link-preview crawlers were counted among the
/// clicks in every rollup, keeps every number through the migration that sets them apart: people's
/// clicks lose only the crawlers' visits, which appear on their own, and nothing else changes.
struct CrawlerRollupMigrationTests {
    static let logger = Logger(label: "test.migration")

    /// A bucket as the previous schema's writer stored it: in `clicks`, and in every dimension
    /// of both rollups, crawlers included.
    struct OldBucket {
        let code: String, day: String, platform: String, referrer: String, source: String, count: Int
        var dimensions: [(String, String)] {
            [("day", day), ("platform", platform), ("referrer_domain", referrer), ("utm_source", source), ("utm_medium", ""), ("utm_campaign", "")]
        }
    }

    @Test func crawlersLeaveTheClicksForTheirOwnCountAndEveryOtherNumberStays() async throws {
        let folder = try temporaryFolder(prefix: "deeplink-migration")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("links.sqlite").path
        let buckets = [
            OldBucket(code: "spring", day: "2030-01-01", platform: "ios", referrer: "news.example", source: "mail", count: 5),
            OldBucket(code: "spring", day: "2030-01-01", platform: "crawler", referrer: "", source: "mail", count: 3),
            OldBucket(code: "spring", day: "2030-01-02", platform: "android", referrer: "", source: "", count: 2),
            OldBucket(code: "spring", day: "2030-01-02", platform: "crawler", referrer: "news.example", source: "", count: 1),
            // A link deleted since: its buckets and its own totals went with it, the all-links totals stay.
            OldBucket(code: "gone", day: "2030-01-01", platform: "desktop", referrer: "", source: "", count: 4),
            OldBucket(code: "gone", day: "2030-01-01", platform: "crawler", referrer: "", source: "", count: 6),
        ]

        let old = try await SQLiteConnection.open(storage: .file(path: path), logger: Self.logger)
        do {
            try await Self.writeAsThePreviousSchemaDid(buckets, to: old)
        } catch {
            try await old.close()
            throw error
        }
        try await old.close()
        try await Self.expectEveryNumber(path: path)
    }

    /// The migration that sets crawlers apart: the schema before it is every earlier one.
    static var crawlerMigration: Int {
        LinkStoreSchema.migrations.firstIndex { $0.contains { $0.contains("'crawler', day") } } ?? 0
    }

    static func writeAsThePreviousSchemaDid(_ buckets: [OldBucket], to old: SQLiteConnection) async throws {
        #expect(crawlerMigration > 0)
        _ = try await old.query("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)")
        for (index, statements) in LinkStoreSchema.migrations.prefix(crawlerMigration).enumerated() {
            for sql in statements { _ = try await old.query(sql) }
            _ = try await old.query("INSERT INTO schema_migrations (version, applied_at) VALUES (\(index + 1), 0)")
        }
        _ = try await old.query("INSERT INTO links (code, deep_link, created_at, updated_at) VALUES ('spring', 'shop://sales/42', 0, 0)")
        _ = try await old.query("INSERT INTO deferred_counts (code, day, platform, store_hops, claims, opens) VALUES ('spring', '2030-01-01', 'ios', 2, 1, 7)")
        _ = try await old.query("INSERT INTO deferred_totals (day, platform, store_hops, claims, opens) VALUES ('2030-01-01', 'ios', 2, 1, 7)")
        var linkTotals: [String: Int] = [:]
        var allTotals: [String: Int] = [:]
        for bucket in buckets {
            if bucket.code != "gone" {
                _ = try await old.query(
                    "INSERT INTO clicks VALUES ('\(bucket.code)', '\(bucket.day)', '\(bucket.platform)', '\(bucket.referrer)', '\(bucket.source)', '', '', \(bucket.count))")
            }
            for (dimension, name) in bucket.dimensions {
                if bucket.code != "gone" { linkTotals["\(bucket.code)|\(bucket.day)|\(dimension)|\(name)", default: 0] += bucket.count }
                allTotals["\(bucket.day)|\(dimension)|\(name)", default: 0] += bucket.count
            }
        }
        for (key, count) in linkTotals {
            let parts = key.split(separator: "|", omittingEmptySubsequences: false)
            _ = try await old.query("INSERT INTO link_click_totals VALUES ('\(parts[0])', '\(parts[1])', '\(parts[2])', '\(parts[3])', \(count))")
        }
        for (key, count) in allTotals {
            let parts = key.split(separator: "|", omittingEmptySubsequences: false)
            _ = try await old.query("INSERT INTO click_totals VALUES ('\(parts[0])', '\(parts[1])', '\(parts[2])', \(count))")
        }
    }

    static func expectEveryNumber(path: String) async throws {
        let store = try await SQLiteLinkStore.open(path: path, logger: Self.logger)
        #expect(try await store.appliedSchemaVersion() == LinkStoreSchema.migrations.count)
        let spring = try await store.clickSummary(code: "spring", since: "2030-01-01")
        #expect(spring.perDay == ["2030-01-01": 5, "2030-01-02": 2])
        #expect(spring.crawlersPerDay == ["2030-01-01": 3, "2030-01-02": 1])
        #expect(spring.byPlatform == ["ios": 5, "android": 2])
        #expect(spring.byReferrer == ["news.example": 5, "": 2])
        #expect(spring.byUTMSource == ["mail": 5, "": 2])
        #expect(spring.byUTMMedium == ["": 7])
        #expect(spring.byUTMCampaign == ["": 7])
        // A recount of the link's buckets under today's rule gives the same sums.
        #expect(ClickSummary(try await store.clickCounts(code: "spring")) == spring)

        let all = try await store.clickSummary(code: nil, since: "2030-01-01")
        #expect(all.perDay == ["2030-01-01": 9, "2030-01-02": 2], "the deleted link's desktop clicks stay, its crawler visits leave")
        #expect(all.crawlersPerDay == ["2030-01-01": 9, "2030-01-02": 1])
        #expect(all.byPlatform == ["ios": 5, "android": 2, "desktop": 4])
        #expect(all.byUTMSource == ["mail": 5, "": 2 + 4 + 6], "a deleted link's crawler visits cannot be told apart in the UTM rows")
        // The funnel's and the opens' counts are untouched.
        #expect(try await store.deferredCounts(code: "spring", since: "2030-01-01") == [
            DeferredCount(day: "2030-01-01", platform: .ios, storeHops: 2, claims: 1, opens: 7)
        ])
        #expect(try await store.deferredCounts(code: nil, since: "2030-01-01") == [
            DeferredCount(day: "2030-01-01", platform: .ios, storeHops: 2, claims: 1, opens: 7)
        ])
        await store.close()
    }
}
