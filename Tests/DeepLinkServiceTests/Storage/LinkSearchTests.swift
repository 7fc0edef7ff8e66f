import DeepLinkService
import DeepLinkServiceTesting
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
                Link.stored("c-\(UUID().uuidString.prefix(8))", utmCampaign: "Winter \(tag)", created: now.addingTimeInterval(-10)),
                Link.stored("n-\(UUID().uuidString.prefix(8))", note: "asked by \(tag)", created: now.addingTimeInterval(-5)),
                Link.stored("unrelated-\(UUID().uuidString.prefix(8))", created: now),
            ])
            let page = try await store.searchLinks(LinkSearch(text: tag.uppercased(), sort: .newest, limit: 2))
            #expect(page.total == 4)
            #expect(page.links.count == 2)
            #expect(page.links.first?.note == "asked by \(tag)")
            #expect(page.links.last?.utm.campaign == "Winter \(tag)")
            let next = try await store.searchLinks(LinkSearch(text: tag, sort: .newest, offset: 2, limit: 2))
            #expect(next.links.map(\.code) == ["\(tag)-b", "\(tag)-a"])
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

    @Test(arguments: StoreBackend.available)
    func theListOrdersByPeoplesClicksAndPagesPastTheLinksWithoutAny(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let now = Date()
            let codes = ["alpha", "bravo", "charlie", "delta", "echo"]
            try await store.insert(codes.map { Link.stored($0, created: now) })
            try await store.record([
                Click(code: "charlie", day: now.utcDay, platform: .ios): 5,
                Click(code: "charlie", day: now.utcDay, platform: .android, utmSource: "mail"): 4,
                Click(code: "alpha", day: now.utcDay, platform: .desktop): 2,
                // Link-preview crawlers are not clicks, here either.
                Click(code: "echo", day: now.utcDay, platform: .crawler): 50,
            ])
            try await store.record([Click(code: "alpha", day: now.utcDay, platform: .ios): 1])
            let first = try await store.searchLinks(LinkSearch(sort: .clicks, limit: 3))
            #expect(first.links.map(\.code) == ["charlie", "alpha", "bravo"])
            #expect(first.clicks == ["charlie": 9, "alpha": 3])
            #expect(first.total == 5)
            let second = try await store.searchLinks(LinkSearch(sort: .clicks, offset: 3, limit: 3))
            #expect(second.links.map(\.code) == ["delta", "echo"], "links without clicks follow, by code")
            let searched = try await store.searchLinks(LinkSearch(text: "HA", sort: .clicks, limit: 10))
            #expect(searched.links.map(\.code) == ["charlie", "alpha"])
            #expect(searched.total == 2)
            // Any other order shows the clicks too.
            let byCode = try await store.searchLinks(LinkSearch(sort: .code, limit: 2))
            #expect(byCode.clicks == ["alpha": 3])
            // A deleted link's row goes with it; its clicks are still among every link's numbers.
            #expect(try await store.deleteLink(code: "charlie"))
            let after = try await store.searchLinks(LinkSearch(sort: .clicks, limit: 1))
            #expect(after.links.map(\.code) == ["alpha"])
        }
    }
}
