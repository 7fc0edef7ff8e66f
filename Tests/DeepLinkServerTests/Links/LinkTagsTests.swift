import DeepLinkCore
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// Issue 27: a link has tags; the list, the numbers, bulk changes, the command line and the CSV
/// file filter and sum by them.
struct LinkTagsTests {
    static let now = Date(timeIntervalSince1970: 1_900_000_000)

    @Test func tagsAreTrimmedKeptOnceAndSortedFromAnArrayOrACommaSeparatedText() throws {
        let editor = LinkEditor(setup: try DeepLinkSetup(configuration: ServerHarness.configuration()))
        let fromArray = try editor.create(from: ["deepLink": "shop://sales/1", "tags": [" spring ", "Email", "spring"]], now: Self.now)
        #expect(fromArray.tags == ["Email", "spring"], "compared exactly: Email and email are two tags")
        let decomposed = try editor.create(from: ["deepLink": "shop://sales/1", "tags": ["cafe\u{301}", "caf\u{e9}"]], now: Self.now)
        #expect(decomposed.tags.map { Array($0.utf8) } == [Array("caf\u{e9}".utf8)], "one spelling (NFC) per tag, as the database compares bytes")
        let fromText = try editor.create(from: ["deepLink": "shop://sales/1", "tags": "b, a,,b,"], now: Self.now)
        #expect(fromText.tags == ["a", "b"])
        #expect(try editor.update(fromText, with: ["tags": .null], now: Self.now).tags == [])
        #expect(try editor.update(fromText, with: ["note": "x"], now: Self.now).tags == ["a", "b"], "absent tags stay")
        #expect(fromText.json(origin: nil).objectValue?["tags"] == ["a", "b"])
    }

    @Test(arguments: [
        (JSONValue.array(["a,b"]), "tags[0]", "comma"), (.array([.string(String(repeating: "x", count: 51))]), "tags[0]", "longer than 50"),
        (.array(["ok", ""]), "tags[1]", "empty"), (.array(["a\u{7}"]), "tags[0]", "control"), (.array([1]), "tags[0]", "must be a string"),
        (.number(3), "tags", "must be an array"), (.array([".."]), "tags[0]", "cannot be . or .."), (.array((0..<21).map { .string("t\($0)") }), "tags", "at most 20"),
    ])
    func aBadTagIsRefusedNamingItsPlace(tags: JSONValue, field: String, message: String) throws {
        let editor = LinkEditor(setup: try DeepLinkSetup(configuration: ServerHarness.configuration()))
        let error = #expect(throws: LinkServerError.self) { try editor.create(from: ["deepLink": "shop://sales/1", "tags": tags], now: Self.now) }
        #expect(error?.field == field)
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
    }

    @Test(arguments: StoreBackend.available)
    func theStoreFiltersCountsAndSumsByTagExactly(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let tag = "t\(UUID().uuidString.prefix(8).lowercased())"
            var a = Link.stored("\(tag)-a", created: Self.now)
            a.tags = [tag, "\(tag)-other"]
            var b = Link.stored("\(tag)-b", created: Self.now)
            b.tags = [tag]
            // A tag that contains the first as text is another tag.
            var c = Link.stored("\(tag)-c", created: Self.now)
            c.tags = ["x\(tag)"]
            try await store.insert([a, b, c])
            #expect(try await store.link(code: a.code)?.tags == [tag, "\(tag)-other"])
            #expect(try await store.links(after: nil, limit: 10, tag: tag).map(\.code) == [a.code, b.code])
            #expect(try await store.searchLinks(LinkSearch(tag: tag, sort: .code)).links.map(\.code) == [a.code, b.code])
            #expect(try await store.searchLinks(LinkSearch(tag: tag.uppercased())).total == 0, "tags are compared exactly")

            try await store.record([
                Click(code: a.code, day: "2030-01-01", platform: .ios): 3, Click(code: b.code, day: "2030-01-01", platform: .android): 2,
                Click(code: c.code, day: "2030-01-01", platform: .ios): 7,
            ])
            let summary = try await store.clickSummary(tag: tag, from: "2030-01-01", through: "2030-01-31")
            #expect(summary.perDay == ["2030-01-01": 5], "a tag's numbers are the sum of its links'")
            #expect(summary.byPlatform == ["ios": 3, "android": 2])
            let counts = try await store.tagCounts().filter { $0.tag.contains(tag) }
            #expect(counts == [TagCount(tag: tag, links: 2, clicks: 5), TagCount(tag: "\(tag)-other", links: 1, clicks: 3), TagCount(tag: "x\(tag)", links: 1, clicks: 7)])

            b.tags = []
            #expect(try await store.update(b))
            #expect(try await store.links(after: nil, limit: 10, tag: tag).map(\.code) == [a.code])
        }
    }

    @Test func theAdminAPIListsTagsFiltersByOneAndSumsItsNumbers() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let tag = "t\(UUID().uuidString.prefix(8).lowercased())"
            let created = try await server.createLink(#"{"code": "\#(tag)-1", "deepLink": "shop://sales/1", "tags": ["\#(tag)", "spring sale"]}"#)
            #expect(created["tags"] == .array([.string("spring sale"), .string(tag)]))
            _ = try await server.createLink(#"{"code": "\#(tag)-2", "deepLink": "shop://sales/2", "tags": "\#(tag)"}"#)
            _ = try await server.createLink(#"{"code": "\#(tag)-3", "deepLink": "shop://sales/3"}"#)

            let listed = try await server.api(.get, "/api/v1/links?tag=\(tag)")
            #expect(try listed.object()["links"]?.arrayValue?.compactMap { $0.objectValue?["code"]?.stringValue } == ["\(tag)-1", "\(tag)-2"])
            let badTag = try await server.api(.get, "/api/v1/links?tag=a,b")
            #expect(badTag.status == .badRequest)
            #expect(try badTag.error().field == "tag")

            let tags = try #require(try await server.api(.get, "/api/v1/tags").object()["tags"]?.arrayValue)
            #expect(tags.contains(["tag": .string(tag), "links": 2, "clicks": 0]))

            try await server.store.record([Click(code: "\(tag)-1", day: Date().utcDay, platform: .ios): 4, Click(code: "\(tag)-3", day: Date().utcDay, platform: .ios): 9])
            let stats = try await server.api(.get, "/api/v1/tags/\(tag)/stats?days=7")
            #expect(stats.status == .ok)
            #expect(try stats.object()["totalClicks"] == 4)
            #expect(try stats.object()["tag"] == .string(tag))
            let spaced = try await server.api(.get, "/api/v1/tags/spring%20sale/stats")
            #expect(try spaced.object()["tag"] == "spring sale")
        }
    }

    @Test func bulkChangesAndDeletesTheLinksOfATag() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let tag = "t\(UUID().uuidString.prefix(8).lowercased())"
            for index in 0..<3 { _ = try await server.createLink(#"{"code": "\#(tag)-\#(index)", "deepLink": "shop://sales/\#(index)", "tags": ["\#(tag)"]}"#) }
            _ = try await server.createLink(#"{"code": "\#(tag)-other", "deepLink": "shop://sales/9"}"#)
            let changed = try await server.api(.patch, "/api/v1/links/bulk", json: #"{"tag": "\#(tag)", "changes": {"note": "spring"}}"#)
            #expect(try changed.object()["updated"] == 3)
            #expect(try await server.store.link(code: "\(tag)-2")?.note == "spring")
            #expect(try await server.store.link(code: "\(tag)-other")?.note == nil)

            let both = try await server.api(.delete, "/api/v1/links/bulk", json: #"{"tag": "\#(tag)", "codes": ["\#(tag)-0"]}"#)
            #expect(both.status == .badRequest)
            let none = try await server.api(.delete, "/api/v1/links/bulk", json: #"{"tag": "nobody-has-\#(tag)"}"#)
            #expect(none.status == .notFound)

            let deleted = try await server.api(.delete, "/api/v1/links/bulk", json: #"{"tag": "\#(tag)"}"#)
            #expect(try deleted.object()["deleted"] == 3)
            #expect(try await server.store.link(code: "\(tag)-0") == nil)
            #expect(try await server.store.link(code: "\(tag)-other") != nil)
        }
    }

    @Test func tagsSurviveTheCSVFileBothWays() throws {
        let link = Link(code: "spring", deepLink: "shop://sales/1", tags: ["email", "q1 push"], createdAt: Self.now, updatedAt: Self.now)
        let row = LinkCSV.row(for: link)
        #expect(LinkCSV.header.contains(",tags,"))
        #expect(row.contains(",\"email, q1 push\","))
    }
}
