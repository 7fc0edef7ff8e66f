import DeepLinkServer
import DeepLinkService
import Foundation
import Testing

struct LinkSearchTests {
    @Test(arguments: StoreBackend.available)
    func searchMatchesCodeDeepLinkAndCampaignIgnoringCaseAndCountsEveryMatch(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let tag = "s\(UUID().uuidString.prefix(8).lowercased())"
            let now = Date()
            try await store.insert([
                Link.stored("\(tag)-a", created: now.addingTimeInterval(-30)),
                Link.stored("\(tag)-b", deepLink: "shop://sales/\(tag.uppercased())", created: now.addingTimeInterval(-20)),
                Link.stored("c-\(UUID().uuidString.prefix(8))", campaign: "Winter \(tag)", created: now.addingTimeInterval(-10)),
                Link.stored("unrelated-\(UUID().uuidString.prefix(8))", created: now),
            ])
            let page = try await store.searchLinks(LinkSearch(text: tag.uppercased(), sort: .newest, limit: 2))
            #expect(page.total == 3)
            #expect(page.links.count == 2)
            #expect(page.links.first?.campaign == "Winter \(tag)")
            let next = try await store.searchLinks(LinkSearch(text: tag, sort: .newest, offset: 2, limit: 2))
            #expect(next.links.map(\.code) == ["\(tag)-a"])
        }
    }

    @Test(arguments: StoreBackend.available)
    func searchTreatsPercentAndUnderscoreAsText(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let tag = "p\(UUID().uuidString.prefix(8).lowercased())"
            try await store.insert([
                Link.stored("\(tag)_x", created: Date()), Link.stored("\(tag)yx", created: Date()),
            ])
            let page = try await store.searchLinks(LinkSearch(text: "\(tag)_"))
            #expect(page.links.map(\.code) == ["\(tag)_x"])
            #expect(try await store.searchLinks(LinkSearch(text: "\(tag)%x")).total == 0)
        }
    }

    @Test(arguments: StoreBackend.available)
    func filtersKeepExpiredOrActiveLinks(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let tag = "f\(UUID().uuidString.prefix(8).lowercased())"
            let now = Date()
            try await store.insert([
                Link.stored("\(tag)-old", created: now, expires: now.addingTimeInterval(-60)),
                Link.stored("\(tag)-live", created: now, expires: now.addingTimeInterval(3600)),
                Link.stored("\(tag)-forever", created: now),
            ])
            #expect(try await store.searchLinks(LinkSearch(text: tag, filter: .expired, now: now)).links.map(\.code) == ["\(tag)-old"])
            let active = try await store.searchLinks(LinkSearch(text: tag, filter: .active, sort: .expiring, now: now))
            #expect(active.links.map(\.code) == ["\(tag)-live", "\(tag)-forever"])
        }
    }
}
