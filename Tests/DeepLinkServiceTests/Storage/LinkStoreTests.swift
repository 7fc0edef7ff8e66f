import DeepLinkService
import DeepLinkServiceTesting
import DeepLinkTesting
import DeepLinkStoreSQLite
import Foundation
import Logging
import SQLiteNIO
import Testing

struct LinkStoreTests {
    @Test(arguments: StoreBackend.available)
    func keepsEveryFieldOfALink(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let link = Link.sample("store-\(UUID().uuidString.prefix(8))")
            try await store.insert(link)
            #expect(try await store.link(code: link.code) == link)
            var changed = link
            changed.preview = LinkPreview()
            changed.expiresAt = nil
            #expect(try await store.update(changed))
            #expect(try await store.link(code: link.code) == changed)
        }
    }

    @Test(arguments: StoreBackend.available)
    func refusesADuplicateCodeAndKeepsTheFirstLink(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let link = Link.sample("dup-\(UUID().uuidString.prefix(8))")
            try await store.insert(link)
            var other = link
            other.deepLink = "shop://cart"
            let error = await #expect(throws: StoreError.self) { try await store.insert(other) }
            #expect(error?.code == .duplicate)
            #expect(try await store.link(code: link.code)?.deepLink == "shop://sales/1")
        }
    }

    @Test(arguments: StoreBackend.available)
    func addsUpClicksInTheSameBucketAndDeletesThemWithTheLink(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let link = Link.sample("clicks-\(UUID().uuidString.prefix(8))")
            try await store.insert(link)
            let click = Click(code: link.code, day: "2026-11-22", platform: .ios, referrerDomain: "a.example", utmSource: "mail")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<20 { group.addTask { try await store.record([click: 1]) } }
                try await group.waitForAll()
            }
            try await store.record([click: 5])
            try await store.record([Click(code: link.code, day: "2026-11-22", platform: .android): 1])
            let counts = try await store.clickCounts(code: link.code)
            #expect(counts.count == 2)
            #expect(counts.first { $0.click == click }?.count == 25)
            #expect(try await store.deleteLink(code: link.code))
            #expect(try await store.clickCounts(code: link.code).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.available)
    func dropsClicksOfALinkThatNoLongerExists(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let code = "gone-\(UUID().uuidString.prefix(8))"
            try await store.record([Click(code: code, day: "2026-11-22", platform: .ios): 3])
            #expect(try await store.clickCounts(code: code).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.available)
    func revokesKeysOnceAndListsThem(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let key = APIKey.generate(name: "list-me", at: Date())
            try await store.insert(key.record)
            #expect(try await store.apiKey(id: key.record.id) == key.record)
            let first = Date(timeIntervalSince1970: 1_800_000_000)
            #expect(try await store.revokeAPIKey(id: key.record.id, at: first))
            #expect(try await store.revokeAPIKey(id: key.record.id, at: first.addingTimeInterval(60)))
            #expect(try await store.apiKey(id: key.record.id)?.revokedAt == first)
            #expect(try await store.apiKeys().contains { $0.id == key.record.id })
            #expect(try await store.revokeAPIKey(id: "000000000000", at: first) == false)
        }
    }

    @Test(arguments: StoreBackend.available)
    func migratesAgainWithoutLosingData(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let link = Link.sample("keep-\(UUID().uuidString.prefix(8))")
            try await store.insert(link)
            try await store.migrate()
            #expect(try await store.link(code: link.code) == link)
        }
    }

    @Test func reopensAnSQLiteFileWithItsLinks() async throws {
        let folder = try temporaryFolder(prefix: "deeplink-reopen")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("nested/links.sqlite").path
        let logger = Logger(label: "test")
        let link = Link.sample("reopen")
        let first = try await SQLiteLinkStore.open(path: path, logger: logger)
        try await first.insert(link)
        await first.close()
        let second = try await SQLiteLinkStore.open(path: path, logger: logger)
        #expect(try await second.link(code: "reopen") == link)
        await second.close()
    }

    @Test func upgradesAVersionOneDatabaseKeepingItsLinksAndClicks() async throws {
        let folder = try temporaryFolder(prefix: "deeplink-upgrade")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("v1.sqlite").path
        let logger = Logger(label: "test")
        // A database as the first release left it: schema version 1, one link, one click bucket.
        let old = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
        _ = try await old.query("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)")
        for statement in LinkStoreSchema.migrations[0] { _ = try await old.query(statement) }
        _ = try await old.query("INSERT INTO schema_migrations (version, applied_at) VALUES (1, 0)")
        _ = try await old.query(
            "INSERT INTO links (code, deep_link, app_store_id, web_url, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
            [.text("old"), .text("shop://sales/1"), .text("123"), .text("https://shop.example.com/sales/1"), .integer(1_700_000_000), .integer(1_700_000_000)])
        _ = try await old.query(
            "INSERT INTO clicks (code, day, platform, referrer_domain, utm_source, utm_medium, utm_campaign, count) VALUES ('old', '2026-01-01', 'ios', '', '', '', '', 5)")
        try await old.close()

        let store = try await SQLiteLinkStore.open(path: path, logger: logger)
        let link = try #require(try await store.link(code: "old"))
        #expect(link.deepLink == "shop://sales/1")
        #expect(link.appStoreID == "123")
        #expect(link.iosFallbackURL == nil)
        #expect(link.androidFallbackURL == nil)
        #expect(try await store.clickCounts(code: "old").map(\.count) == [5])
        // The rollups added since are filled from the clicks already stored.
        let linkNumbers = try await store.clickSummary(code: "old", since: "2026-01-01")
        #expect(linkNumbers.perDay == ["2026-01-01": 5])
        #expect(linkNumbers.byPlatform == ["ios": 5])
        #expect(try await store.clickSummary(code: nil, since: "2026-01-01").perDay == ["2026-01-01": 5])
        try await store.insert(
            DeferredClick(token: DeferredClick.generateToken(), code: "old", deepLink: link.deepLink, platform: .ios, createdAt: Date(),
                expiresAt: Date().addingTimeInterval(60)))
        await store.close()
    }
}
