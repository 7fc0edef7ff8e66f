import DeepLinkServer
import DeepLinkStoreSQLite
import Foundation
import Logging
import Testing

struct LinkStoreTests {
    func sampleLink(_ code: String) -> Link {
        let now = Date().roundedToSeconds
        return Link(
            code: code, deepLink: "shop://sales/1", appStoreID: "1", playPackage: "com.example.shop", webURL: "https://shop.example.com/",
            preview: LinkPreview(title: "t", description: "d", imageURL: "https://x.example/i.png"),
            utm: UTMFields(source: "s", medium: "m", campaign: "c", term: "t", content: "x"), campaign: "camp",
            expiresAt: now.addingTimeInterval(3600), createdAt: now, updatedAt: now)
    }

    @Test(arguments: StoreBackend.available)
    func keepsEveryFieldOfALink(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let link = sampleLink("store-\(UUID().uuidString.prefix(8))")
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
            let link = sampleLink("dup-\(UUID().uuidString.prefix(8))")
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
            let link = sampleLink("clicks-\(UUID().uuidString.prefix(8))")
            try await store.insert(link)
            let click = Click(code: link.code, day: "2026-11-22", platform: .ios, referrerDomain: "a.example", utmSource: "mail")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<20 { group.addTask { try await store.record(click, count: 1) } }
                try await group.waitForAll()
            }
            try await store.record(click, count: 5)
            try await store.record(Click(code: link.code, day: "2026-11-22", platform: .android), count: 1)
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
            try await store.record(Click(code: code, day: "2026-11-22", platform: .ios), count: 3)
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
            let link = sampleLink("keep-\(UUID().uuidString.prefix(8))")
            try await store.insert(link)
            try await store.migrate()
            #expect(try await store.link(code: link.code) == link)
        }
    }

    @Test func reopensAnSQLiteFileWithItsLinks() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("deeplink-reopen-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("nested/links.sqlite").path
        let logger = Logger(label: "test")
        let link = sampleLink("reopen")
        let first = try await SQLiteLinkStore.open(path: path, logger: logger)
        try await first.insert(link)
        await first.close()
        let second = try await SQLiteLinkStore.open(path: path, logger: logger)
        #expect(try await second.link(code: "reopen") == link)
        await second.close()
    }
}
