import DeepLinkCore
import DeepLinkServer
import DeepLinkService
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import HTTPTypes
import HummingbirdTesting
import Synchronization
import Testing
import DeepLinkFirebase

struct FirebaseLinkImporterTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    func importer(allowlist: [String] = [], pathPrefix: String = "/") throws -> FirebaseLinkImporter {
        let config = try DeepLinkConfig.load(contentsOf: Fixtures.shopConfig)
        return try FirebaseLinkImporter(
            configuration: ServerConfiguration(deepLinkConfig: config, redirectAllowlist: allowlist), pathPrefix: pathPrefix)
    }

    /// The Takeout fixture's rows with a suffix on every code, so runs sharing a PostgreSQL database do not meet.
    func takeoutRows(suffix: String) throws -> [FirebaseExportRow] {
        try FirebaseLinkExport(csv: Fixtures.text("Firebase/takeout-shop.page.link.csv")).rows.map { row in
            var row = row
            row.shortLink += "-\(suffix)"
            return row
        }
    }

    func uniqueSuffix() -> String { String(UUID().uuidString.prefix(8)).lowercased() }

    func skipped(_ report: FirebaseImportReport) -> [String] {
        report.entries.compactMap { entry in
            guard case .skipped(let error) = entry.outcome else { return nil }
            return "\(entry.line) \(error.code) \(error.field ?? "-")"
        }
    }

    @Test(arguments: [
        ("https://shop.page.link/summer", "/", "summer"), ("shop.page.link/summer?d=1", "/", "summer"),
        ("https://go.shop.example.com/links/summer", "/links", "summer"), ("https://go.shop.example.com/links/summer", "links/", "summer"),
        ("https://shop.page.link/Summer_2024-a", "/", "Summer_2024-a"),
        // Firebase's console took suffixes of any length, these too; a code created here could not be one.
        ("https://shop.page.link/p7", "/", "p7"), ("https://shop.page.link/a", "/", "a"), ("https://shop.page.link/v1.2~b", "/", "v1.2~b"),
    ])
    func takesTheCodeFromTheShortLinksPathAfterThePrefix(shortLink: String, prefix: String, code: String) throws {
        #expect(try importer(pathPrefix: prefix).code(for: shortLink) == code)
    }

    @Test(arguments: [
        ("", "/", "the row has no short link"),
        ("https://shop.page.link/", "/", "the path / is not a usable code: an imported code is 1 to 64"),
        ("https://shop.page.link/caf%C3%A9", "/", "the path /café is not a usable code: an imported code is 1 to 64 ASCII letters"),
        ("https://shop.page.link/50%25", "/", "the path /50% is not a usable code"),
        ("https://shop.page.link/a%20b", "/", "the path /a b is not a usable code"),
        ("https://shop.page.link/spring/2024", "/", "if the domain put its links under a path, give that path as the prefix"),
        ("https://shop.page.link/api", "/", "the code api is a path of the server's own"),
        ("https://shop.page.link/Dashboard", "/", "the code Dashboard is a path of the server's own"),
        ("https://go.shop.example.com/summer", "/links", "the path /summer does not start with the path prefix /links/"),
    ])
    func skipsAShortLinkWhosePathIsNotACode(shortLink: String, prefix: String, message: String) throws {
        let error = #expect(throws: LinkServerError.self) { try importer(pathPrefix: prefix).code(for: shortLink) }
        #expect(error?.field == nil)
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }

    /// Firebase read a long link's query as a form: `+` is a space, `%2B` a plus sign.
    @Test func readsALongLinkIntoTheSameLinkTheAdminAPIWouldCreate() throws {
        let row = FirebaseExportRow(
            line: 2, shortLink: "https://shop.page.link/summer",
            longLink: "https://shop.page.link/?link=https%3A%2F%2Fshop.example.com%2Fsales%2F42&apn=com.example.shop&isi=123456789"
                + "&ofl=https://shop.example.com/sales&st=Summer+sale&sd=50%25+off&utm_campaign=a%2Bb&efr=1&ibi=com.example.shop")
        let link = try importer().link(for: row, now: Self.now)
        #expect(link == Link(
            code: "summer", deepLink: "https://shop.example.com/sales/42", appStoreID: "123456789", playPackage: "com.example.shop",
            webURL: "https://shop.example.com/sales", preview: LinkPreview(title: "Summer sale", description: "50% off"),
            utm: UTMFields(campaign: "a+b"), createdAt: Self.now, updatedAt: Self.now))
        #expect(try importer().longLink(for: row).ignoredParameters == ["efr", "ibi"])
    }

    @Test func addsParameterColumnsToTheLongLinkAndRefusesOnesThatDisagree() throws {
        let longLink = "https://shop.page.link/?link=https://shop.example.com/cart&efr=1"
        let agreeing = FirebaseExportRow(
            line: 2, shortLink: "https://shop.page.link/cart", longLink: longLink,
            parameters: ["link": "https://shop.example.com/cart", "st": "Your cart", "efr": "0"])
        #expect(try importer().link(for: agreeing, now: Self.now).preview.title == "Your cart")

        var disagreeing = agreeing
        disagreeing.parameters["link"] = "https://shop.example.com/sales/1"
        let error = #expect(throws: LinkServerError.self) { try importer().link(for: disagreeing, now: Self.now) }
        #expect(error?.field == "link")
        #expect(error?.message == "the link column says https://shop.example.com/sales/1 but the long link says https://shop.example.com/cart")
    }

    @Test(arguments: [
        (["link": "https://shop.example.com/about-us"], "link", LinkServerError.Code.unroutableDeepLink),
        (["link": "https://shop.example.com/cart", "afl": "https://evil.example.net/"], "afl", .disallowedURL),
        (["link": "https://shop.example.com/cart", "ifl": "javascript:alert(1)"], "ifl", .disallowedURL),
        (["link": "https://shop.example.com/cart", "isi": "id123"], "isi", .invalidField),
        (["link": "https://shop.example.com/cart", "sd": String(repeating: "x", count: 1001)], "sd", .invalidField),
        (["apn": "com.example.shop"], "link", .invalidField),
        (["link": "https://shop.example.com/cart", "apn": "com.evil.malware"], "apn", .invalidField),
        (["link": "https://shop.example.com/cart", "isi": "987654321"], "isi", .invalidField),
        (["link": "https://shop.example.com/cart", "ibi": "com.evil.App"], "ibi", .invalidField),
        (["link": "https://shop.example.com/cart?from=a\r\nb"], "link", .invalidField),
        (["link": "https://shop.example.com/cart?from=a b"], "link", .invalidField),
    ])
    func namesTheFirebaseParameterOfARowTheAdminAPIWouldRefuse(parameters: [String: String], parameter: String, code: LinkServerError.Code) throws {
        let row = FirebaseExportRow(line: 4, shortLink: "https://shop.page.link/bad", parameters: parameters)
        let error = #expect(throws: LinkServerError.self) { try importer().link(for: row, now: Self.now) }
        #expect(error?.field == parameter)
        #expect(error?.code == code)
    }

    @Test func keepsRowsWithUnknownParametersOrMultiLineDescriptions() throws {
        let row = FirebaseExportRow(
            line: 4, shortLink: "https://shop.page.link/okay",
            parameters: ["link": "https://shop.example.com/cart", "sd": "Line one\nLine two", "gclid": "1"])
        let link = try importer().link(for: row, now: Self.now)
        #expect(link.preview.description == "Line one Line two")
    }

    @Test(arguments: StoreBackend.available)
    func importsTheTakeoutExportOnceAndFindsItAlreadyImportedTheSecondTime(backend: StoreBackend) async throws {
        let suffix = uniqueSuffix()
        let rows = try takeoutRows(suffix: suffix)
        let importer = try importer()
        try await backend.withStore { store in
            let first = try await importer.importLinks(rows, into: store, now: Self.now)
            #expect(first.entries.map(\.line) == [2, 3, 5, 6, 7, 8, 9])
            #expect(first.entries.map(\.outcome).filter { $0 == .imported }.count == 3)
            #expect(skipped(first) == ["5 disallowed-url afl", "6 unroutable-deep-link link", "7 code-taken -", "8 invalid-field -"])
            #expect(first.ignoredParameters == ["at", "efr", "ibi", "ipbi"])
            #expect(first.entries[4].code == "summer-\(suffix)")

            let summer = try #require(try await store.link(code: "summer-\(suffix)"))
            #expect(summer.deepLink == "https://shop.example.com/sales/42")
            #expect(summer.preview.description == #"50% off, "everything" must go"#)
            #expect(summer.utm == UTMFields(source: "newsletter", medium: "email", campaign: "summer"))
            #expect(try await store.link(code: "product-7-\(suffix)")?.androidFallbackURL == "https://www.shop.example.com/products/7")

            let second = try await importer.importLinks(rows, into: store, now: Self.now.addingTimeInterval(60))
            #expect((second.importedCount, second.alreadyImportedCount, second.skippedCount) == (0, 3, 4))
            #expect(try await store.link(code: "summer-\(suffix)") == summer)
        }
    }

    @Test(arguments: StoreBackend.available)
    func skipsACodeStoredWithAnotherLinkAndKeepsTheStoredOne(backend: StoreBackend) async throws {
        let code = "taken-\(uniqueSuffix())"
        let stored = Link(code: code, deepLink: "shop://cart", createdAt: Self.now, updatedAt: Self.now)
        let row = FirebaseExportRow(
            line: 2, shortLink: "https://shop.page.link/\(code)", parameters: ["link": "https://shop.example.com/sales/1", "st": "Sale"])
        try await backend.withStore { store in
            try await store.insert(stored)
            let report = try await importer().importLinks([row], into: store, now: Self.now)
            guard case .skipped(let error) = report.entries.first?.outcome else {
                Issue.record("expected a conflict, got \(report.entries)")
                return
            }
            #expect(error.code == .codeTaken)
            #expect(error.message == "the server already has a different link with the code \(code) (link, apn, isi, ofl, st differ); it is kept")
            #expect(try await store.link(code: code) == stored)
        }
    }

    @Test(arguments: StoreBackend.available)
    func aSkippedRowDoesNotKeepALaterRowFromTakingItsCode(backend: StoreBackend) async throws {
        let code = "retry-\(uniqueSuffix())"
        let rows = [
            FirebaseExportRow(line: 2, shortLink: "https://shop.page.link/\(code)", parameters: ["link": "https://shop.example.com/about-us"]),
            FirebaseExportRow(line: 3, shortLink: "https://shop.page.link/\(code)", parameters: ["link": "https://shop.example.com/cart"]),
            FirebaseExportRow(line: 4, shortLink: "https://shop.page.link/\(code)", parameters: ["link": "https://shop.example.com/sales/1"]),
        ]
        try await backend.withStore { store in
            let report = try await importer().importLinks(rows, into: store, now: Self.now)
            #expect(skipped(report) == ["2 unroutable-deep-link link", "4 code-taken -"])
            #expect(try await store.link(code: code)?.deepLink == "https://shop.example.com/cart")
        }
    }

    @Test(arguments: StoreBackend.available)
    func aDryRunReportsWhatWouldBeImportedAndWritesNothing(backend: StoreBackend) async throws {
        let suffix = uniqueSuffix()
        let rows = try takeoutRows(suffix: suffix)
        try await backend.withStore { store in
            let report = try await importer(allowlist: ["deals.example.net"]).importLinks(rows, into: store, dryRun: true, now: Self.now)
            #expect(report.dryRun)
            #expect((report.importedCount, report.alreadyImportedCount, report.skippedCount) == (4, 0, 3))
            #expect(try await store.link(code: "summer-\(suffix)") == nil)
        }
    }

    @Test func importedLinksSendDesktopsWhereFirebaseSentThem() async throws {
        let suffix = uniqueSuffix()
        try await ServerHarness.run(.sqlite) { server in
            let report = try await importer().importLinks(try takeoutRows(suffix: suffix), into: server.store)
            #expect(report.importedCount == 3)
            // Without ofl, Firebase sent desktops to the deep link; with it, to ofl.
            let summer = try await server.open("/summer-\(suffix)", userAgent: ServerHarness.desktop)
            #expect(summer.status == .found)
            #expect(summer.headers[.location] == "https://shop.example.com/sales/42?utm_source=newsletter&utm_medium=email&utm_campaign=summer")
            let cart = try await server.open("/cart-\(suffix)", userAgent: ServerHarness.desktop)
            #expect(cart.headers[.location] == "https://shop.example.com/cart")
        }
    }

    /// Issue 27: a domain whose links have one- and two-character codes keeps every one of them,
    /// and each opens as before, while a link created here still needs three characters.
    @Test func importsEveryRowOfAnExportWithCodesShorterThanThreeCharacters() async throws {
        let csv = """
            Short link,Deep link (link),Social title (st)
            https://shop.page.link/p7,https://shop.example.com/sales/7,Seven
            https://shop.page.link/Q,https://shop.example.com/sales/8,Eight
            https://shop.page.link/x-,https://shop.example.com/cart,Cart
            """
        try await ServerHarness.run(.sqlite) { server in
            // Codes are shared by every test on the harness's database; these three are this test's own.
            for code in ["p7", "Q", "x-"] { _ = try await server.store.deleteLink(code: code) }
            let report = try await importer().importLinks(try FirebaseLinkExport(csv: csv).rows, into: server.store)
            #expect(report.importedCount == 3, "\(report.entries)")
            #expect(report.skippedCount == 0)
            let page = try await server.open("/p7", userAgent: ServerHarness.iPhone)
            #expect(page.status == .ok)
            #expect(page.text.contains("Seven"))
            let desktop = try await server.open("/Q", userAgent: ServerHarness.desktop)
            #expect(desktop.headers[.location] == "https://shop.example.com/sales/8")

            let refused = try await server.api(.post, "/api/v1/links", json: #"{"code": "p8", "deepLink": "shop://sales/8"}"#)
            #expect(refused.status == .badRequest)
            #expect(try refused.error().field == "code")
            #expect(refused.text.contains("a code is 3 to 64"))
        }
    }

    /// `count` rows with codes `bulk-SUFFIX-N`, each with its own deep link.
    func bulkRows(_ count: Int, suffix: String) -> [FirebaseExportRow] {
        (0..<count).map { index in
            FirebaseExportRow(
                line: index + 2, shortLink: "https://shop.page.link/bulk-\(suffix)-\(index)",
                parameters: ["link": "https://shop.example.com/sales/\(index)", "st": "Sale \(index)"])
        }
    }

    @Test(arguments: StoreBackend.available)
    func importsMoreRowsThanABatchAndFindsThemAllImportedTheSecondTime(backend: StoreBackend) async throws {
        let suffix = uniqueSuffix()
        let count = FirebaseLinkImporter.batchSize * 2 + 7
        let rows = bulkRows(count, suffix: suffix)
        let importer = try importer()
        try await backend.withStore { store in
            let dry = try await importer.importLinks(rows, into: store, dryRun: true, now: Self.now)
            #expect(dry.importedCount == count)
            #expect(try await store.link(code: "bulk-\(suffix)-0") == nil)

            let first = try await importer.importLinks(rows, into: store, now: Self.now)
            #expect((first.importedCount, first.alreadyImportedCount, first.skippedCount) == (count, 0, 0))
            #expect(first.entries.map(\.line) == rows.map(\.line))
            let last = try #require(try await store.link(code: "bulk-\(suffix)-\(count - 1)"))
            #expect(last.deepLink == "https://shop.example.com/sales/\(count - 1)")
            #expect(last.preview.title == "Sale \(count - 1)")
            #expect(try await store.links(codes: rows.prefix(3).map { try importer.code(for: $0.shortLink) }).count == 3)

            let second = try await importer.importLinks(rows, into: store, now: Self.now.addingTimeInterval(60))
            #expect((second.importedCount, second.alreadyImportedCount, second.skippedCount) == (0, count, 0))
        }
    }

    @Test(arguments: StoreBackend.available)
    func aBatchOfLinksWithATakenCodeStoresNone(backend: StoreBackend) async throws {
        let suffix = uniqueSuffix()
        let taken = Link(code: "taken-\(suffix)", deepLink: "shop://cart", createdAt: Self.now, updatedAt: Self.now)
        let fresh = Link(code: "fresh-\(suffix)", deepLink: "shop://cart", createdAt: Self.now, updatedAt: Self.now)
        try await backend.withStore { store in
            try await store.insert(taken)
            let error = await #expect(throws: StoreError.self) { try await store.insert([fresh, taken]) }
            #expect(error?.code == .duplicate)
            #expect(try await store.link(code: fresh.code) == nil)
        }
    }

    /// A store where another writer takes one code between the importer's lookup and its insert.
    final class RacingStore: LinkStorage {
        let store: any LinkStorage
        let stolen: Link
        private let raced = Mutex(false)
        init(store: any LinkStorage, stolen: Link) {
            self.store = store
            self.stolen = stolen
        }

        func insert(_ links: [Link]) async throws(StoreError) {
            let races = raced.withLock { raced in
                defer { raced = true }
                return !raced && links.count > 1
            }
            if races { try await store.insert([stolen]) }
            try await store.insert(links)
        }
        func link(code: String) async throws(StoreError) -> Link? { try await store.link(code: code) }
        func links(codes: [String]) async throws(StoreError) -> [Link] { try await store.links(codes: codes) }
        func update(_ link: Link) async throws(StoreError) -> Bool { try await store.update(link) }
        func deleteLink(code: String) async throws(StoreError) -> Bool { try await store.deleteLink(code: code) }
        func links(after cursor: String?, limit: Int, tag: String?) async throws(StoreError) -> [Link] {
            try await store.links(after: cursor, limit: limit, tag: tag)
        }
        func tagCounts() async throws(StoreError) -> [TagCount] { try await store.tagCounts() }
        func searchLinks(_ search: LinkSearch) async throws(StoreError) -> LinkSearchPage { try await store.searchLinks(search) }
    }

    @Test(arguments: StoreBackend.available)
    func aCodeTakenByAnotherWriterDuringABatchSkipsOnlyThatRow(backend: StoreBackend) async throws {
        let suffix = uniqueSuffix()
        let rows = bulkRows(10, suffix: suffix)
        let stolen = Link(code: "bulk-\(suffix)-4", deepLink: "shop://cart", createdAt: Self.now, updatedAt: Self.now)
        let importer = try importer()
        try await backend.withStore { store in
            let report = try await importer.importLinks(rows, into: RacingStore(store: store, stolen: stolen), now: Self.now)
            #expect((report.importedCount, report.skippedCount) == (9, 1))
            #expect(skipped(report) == ["6 code-taken -"])
            #expect(try await store.link(code: stolen.code) == stolen)
            #expect(try await store.link(code: "bulk-\(suffix)-5")?.deepLink == "https://shop.example.com/sales/5")
        }
    }
}
