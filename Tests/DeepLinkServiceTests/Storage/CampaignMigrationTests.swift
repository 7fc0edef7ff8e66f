// Tests the schema's migration on DeepLinkStoreSQLite; PostgreSQL runs the same portable
// statements on every new schema of its store suite.
import DeepLinkService
import DeepLinkStoreSQLite
import DeepLinkTesting
import Foundation
import Logging
import SQLiteNIO
import Testing

/// A database written by the schema before links had one campaign: each link's label and UTM
/// campaign come through as its campaign and note without losing either, its clicks of all time
/// are ready for the list's order, and every number stays.
struct CampaignMigrationTests {
    static let logger = Logger(label: "test.migration")

    /// The migration that gives links one campaign: the schema before it is every earlier one.
    static var campaignMigration: Int {
        LinkStoreSchema.migrations.firstIndex { $0.contains { $0.contains("ADD COLUMN note") } } ?? 0
    }

    @Test func labelsBecomeTheCampaignOrANoteAndEveryNumberStays() async throws {
        #expect(Self.campaignMigration > 0)
        let folder = try temporaryFolder(prefix: "deeplink-migration")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("links.sqlite").path

        let old = try await SQLiteConnection.open(storage: .file(path: path), logger: Self.logger)
        do {
            _ = try await old.query("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)")
            for (index, statements) in LinkStoreSchema.migrations.prefix(Self.campaignMigration).enumerated() {
                for sql in statements { _ = try await old.query(sql) }
                _ = try await old.query("INSERT INTO schema_migrations (version, applied_at) VALUES (\(index + 1), 0)")
            }
            // (code, label, UTM campaign)
            for (code, label, utm) in [
                ("label-only", "'winter-sale'", "NULL"), ("utm-only", "NULL", "'spring'"), ("both-same", "'spring'", "'spring'"),
                ("both-differ", "'Q2 push'", "'spring'"), ("neither", "NULL", "NULL"), ("empty-utm", "'autumn'", "''"),
            ] {
                _ = try await old.query(
                    "INSERT INTO links (code, deep_link, campaign, utm_campaign, created_at, updated_at) VALUES ('\(code)', 'shop://sales/1', \(label), \(utm), 0, 0)")
            }
            // Clicks as the previous writer stored them: buckets and both rollups, crawlers in their own dimension.
            for (code, day, platform, count) in [
                ("label-only", "2030-01-01", "ios", 5), ("label-only", "2030-01-02", "android", 2), ("label-only", "2030-01-02", "crawler", 9),
                ("utm-only", "2030-01-01", "desktop", 7),
            ] {
                _ = try await old.query("INSERT INTO clicks VALUES ('\(code)', '\(day)', '\(platform)', '', '', '', '', \(count))")
                let dimensions = platform == "crawler" ? [("crawler", day)] : [("day", day), ("platform", platform), ("referrer_domain", ""), ("utm_source", ""), ("utm_medium", ""), ("utm_campaign", "")]
                for (dimension, name) in dimensions {
                    _ = try await old.query(
                        "INSERT INTO link_click_totals VALUES ('\(code)', '\(day)', '\(dimension)', '\(name)', \(count)) ON CONFLICT (code, day, dimension, name) DO UPDATE SET count = count + excluded.count")
                    _ = try await old.query(
                        "INSERT INTO click_totals VALUES ('\(day)', '\(dimension)', '\(name)', \(count)) ON CONFLICT (day, dimension, name) DO UPDATE SET count = count + excluded.count")
                }
            }
        } catch {
            try await old.close()
            throw error
        }
        try await old.close()

        let store = try await SQLiteLinkStore.open(path: path, logger: Self.logger)
        defer { Task { await store.close() } }
        #expect(try await store.appliedSchemaVersion() == LinkStoreSchema.migrations.count)
        var links: [String: Link] = [:]
        for link in try await store.links(after: nil, limit: 100) { links[link.code] = link }
        #expect(links["label-only"]?.utm.campaign == "winter-sale", "a label alone is the campaign")
        #expect(links["label-only"]?.note == nil)
        #expect(links["utm-only"]?.utm.campaign == "spring")
        #expect(links["both-same"]?.utm.campaign == "spring")
        #expect(links["both-same"]?.note == nil)
        #expect(links["both-differ"]?.utm.campaign == "spring", "the UTM campaign is what marketers mean")
        #expect(links["both-differ"]?.note == "Q2 push", "the label is kept as the note")
        #expect(links["neither"]?.utm.campaign == nil)
        #expect(links["neither"]?.note == nil)
        #expect(links["empty-utm"]?.utm.campaign == "autumn")

        // Every number as before.
        let labelOnly = try await store.clickSummary(code: "label-only", since: "2030-01-01")
        #expect(labelOnly.perDay == ["2030-01-01": 5, "2030-01-02": 2])
        #expect(labelOnly.crawlersPerDay == ["2030-01-02": 9])
        let all = try await store.clickSummary(code: nil, since: "2030-01-01")
        #expect(all.perDay == ["2030-01-01": 12, "2030-01-02": 2])
        #expect(all.byPlatform == ["ios": 5, "android": 2, "desktop": 7])

        // Clicks of all time, people's only, in the list's order.
        let page = try await store.searchLinks(LinkSearch(sort: .clicks, limit: 3))
        #expect(page.links.map(\.code) == ["label-only", "utm-only", "both-differ"], "7 and 7 clicks tie by code; then links without clicks by code")
        #expect(page.clicks == ["label-only": 7, "utm-only": 7])
        #expect(page.total == 6)
    }
}
