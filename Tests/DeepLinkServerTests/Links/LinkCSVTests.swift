import DeepLinkCore
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import DeepLinkFirebase
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// Issue 27: links as CSV both ways, every field round-tripped, formulas defused, every bad row
/// reported with its line, and a second import changing nothing.
struct LinkCSVTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func importer() throws -> LinkCSVImporter {
        LinkCSVImporter(editor: LinkEditor(setup: try DeepLinkSetup(configuration: try ServerHarness.configuration())))
    }

    /// The export of some links, as the CLI and the dashboard write it.
    static func export(_ links: [Link]) -> String {
        LinkCSV.header + links.map(LinkCSV.row(for:)).joined()
    }

    @Test func aFieldIsReadBackAsItWasWrittenWhateverItHolds() {
        let alphabet = Array("ab,\"\n\r'=+-@\t é😀;")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = String((0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            var reader = CSVReaderHarness(CSVText.row([text, "end"]))
            let fields = reader.fields()
            #expect(fields.map(CSVText.undefused) == [text, "end"], "\(text.debugDescription)")
            if let first = fields.first?.unicodeScalars.first {
                #expect(!"=+-@\t\r".unicodeScalars.contains(first), "a cell starting \(first) would run as a formula: \(text.debugDescription)")
            }
        }
    }

    @Test func exportingThenImportingIntoAnEmptyDatabaseGivesTheSameLinks() async throws {
        let suffix = UUID().uuidString.prefix(6).lowercased()
        let importer = try Self.importer()
        try await ServerHarness.run(.sqlite) { server in
            let every = [
                "code,deepLink,note,tags,expiresAt,fallbacks.webURL,fallbacks.iosURL,fallbacks.androidURL,fallbacks.appStoreID,fallbacks.playPackage,"
                    + "utm.source,utm.medium,utm.campaign,utm.term,utm.content,preview.title,preview.description,preview.imageURL",
                "full-\(suffix),shop://sales/42,\"=HYPERLINK(\"\"x\"\"), a note\",\"spring, =sum\",2099-12-31T23:59:59Z,https://shop.example.com/sale,"
                    + "https://shop.example.com/ios,https://shop.example.com/android,123456789,com.example.shop,news,email,spring,shoes,banner,"
                    + "\"Spring, 50% off\",\"-50% \"\"today\"\"\",https://shop.example.com/i.png",
                "p\(suffix.prefix(1)),shop://sales/7,,,2001-01-01T00:00:00Z,,,,,,,,,,,,,",
            ].joined(separator: "\r\n") + "\r\n"
            let first = try await importer.importLinks(every, into: server.store, now: Self.now)
            #expect(first.importedCount == 2, "\(first.entries)")
            let stored = try await server.store.links(codes: ["full-\(suffix)", "p\(suffix.prefix(1))"]).sorted { $0.code < $1.code }
            #expect(stored.count == 2)
            #expect(stored.first { $0.code.hasPrefix("full") }?.note == "=HYPERLINK(\"x\"), a note")
            #expect(stored.first { $0.code.hasPrefix("full") }?.tags == ["=sum", "spring"])
            #expect(stored.first { $0.code.hasPrefix("p") }?.isExpired(at: Self.now) == true, "an expired link is imported expired")

            // The export, into an empty database, and the export of that.
            let csv = Self.export(stored)
            try await ServerHarness.run(.sqlite) { empty in
                let report = try await importer.importLinks(csv, into: empty.store, now: Self.now.addingTimeInterval(60))
                #expect(report.importedCount == 2)
                let copies = try await empty.store.links(codes: stored.map(\.code)).sorted { $0.code < $1.code }
                #expect(Self.export(copies) == csv)
                for (copy, original) in zip(copies, stored) {
                    var copy = copy
                    copy.createdAt = original.createdAt
                    copy.updatedAt = original.updatedAt
                    #expect(copy == original)
                }
            }
        }
    }

    /// A link's targets are one cell, the JSON array, which an import checks as the API does.
    @Test func targetsGoOutAndComeBackAsOneCell() async throws {
        let importer = try Self.importer()
        try await ServerHarness.run(.sqlite) { server in
            let code = "t-\(UUID().uuidString.prefix(6).lowercased())"
            var link = Link(code: code, deepLink: "shop://sales/42", createdAt: Self.now, updatedAt: Self.now)
            link.targets = [
                LinkTarget(languages: ["fr", "fr-CA"], platforms: [.ios], deepLink: "shop://sales/43", webURL: "https://shop.example.com/fr"),
                LinkTarget(platforms: [.android], androidURL: "https://shop.example.com/a,b\"c"),
            ]
            let csv = Self.export([link])
            #expect(csv.contains(#""[{""deepLink"":""shop://sales/43"""#), "\(csv)")
            let report = try await importer.importLinks(csv, into: server.store, now: Self.now)
            #expect(report.importedCount == 1, "\(report.entries)")
            let stored = try #require(try await server.store.link(code: code))
            #expect(stored.targets.count == 2)
            #expect(stored.targets[0] == link.targets[0])
            #expect(stored.targets[1].androidURL == "https://shop.example.com/a,b%22c", "the redirect policy writes the URL as it allows it")

            let refused = try await importer.importLinks(
                "code,deepLink,targets\r\n\(code)-2,shop://sales/1,\"[{\"\"languages\"\": [\"\"xx-\"\"]}]\"\r\n", into: server.store, now: Self.now)
            guard case .skipped(let error)? = refused.entries.first?.outcome else {
                Issue.record("a bad target was imported: \(refused.entries)")
                return
            }
            #expect(error.allFieldErrors.map(\.field) == ["targets[0].languages[0]", "targets[0]"], "\(error)")
        }
    }

    @Test func reportsEveryBadRowWithItsLineAndTheFieldAndSkipsWhatIsStoredOnASecondRun() async throws {
        let code = "csv-\(UUID().uuidString.prefix(6).lowercased())"
        let csv = [
            "code,deepLink,utm.campaign", "\(code),shop://sales/1,\"spring\nsummer\"", "\(code)-2,shop://nowhere,", "\(code),shop://sales/2,",
            "api,shop://sales/3,", "\(code)-4,shop://sales/4", ",shop://sales/5,random",
        ].joined(separator: "\r\n") + "\r\n"
        let importer = try Self.importer()
        try await ServerHarness.run(.sqlite) { server in
            let first = try await importer.importLinks(csv, into: server.store, now: Self.now)
            let skipped = first.entries.compactMap { entry -> String? in
                guard case .skipped(let error) = entry.outcome else { return nil }
                return "\(entry.line) \(error.code) \(error.field ?? "-")"
            }
            // The quoted line break makes the first row two lines long (and its campaign invalid, so a
            // later row takes the code).
            #expect(skipped == ["2 invalid-field utm.campaign", "4 unroutable-deep-link deepLink", "6 invalid-field code", "7 invalid-body -"])
            #expect(first.importedCount == 2)
            let second = try await importer.importLinks(csv, into: server.store, now: Self.now)
            #expect(second.alreadyImportedCount == 1, "the row with a code is found stored; the one without gets a new random code")
            #expect(second.importedCount == 1)

            let changed = "code,deepLink\r\n\(code),shop://sales/99\r\n"
            let conflict = try await importer.importLinks(changed, into: server.store, now: Self.now)
            guard case .skipped(let error) = conflict.entries.first?.outcome else { Issue.record("not skipped"); return }
            #expect(error.message.contains("(deepLink differ); it is kept"))
            #expect(try await server.store.link(code: code)?.deepLink == "shop://sales/2")
        }
    }

    @Test(arguments: [
        ("code,deeplink_url\r\n", "unknown-column", "unknown column \"deeplink_url\"; the columns are code, deepLink, note"),
        ("code,note\r\n", "missing-column", "the header has no deepLink column"),
        ("deepLink,code,Code\r\n", "repeated-column", "the column Code appears twice"),
        ("", "empty-file", "the file is empty"),
        ("code,deepLink\r\n\"x,shop://sales/1\r\n", "malformed-csv", "never closed"),
    ])
    func refusesABrokenFileBeforeAnythingIsWritten(csv: String, code: String, message: String) throws {
        let error = #expect(throws: LinkCSVError.self) { try LinkCSVImporter.check(csv) }
        #expect(error?.code == code)
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }

    @Test func readsColumnNamesWhateverTheirCase() throws {
        try LinkCSVImporter.check("Code,DEEPLINK,utm.Campaign\r\nx,shop://sales/1,spring\r\n")
    }

    @Test func theDashboardDownloadsEveryLinkAsTheExportWritesIt() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let code = "dl-\(UUID().uuidString.prefix(6).lowercased())"
            _ = try await server.createLink(#"{"code": "\#(code)", "deepLink": "shop://sales/42", "note": "@mention"}"#)
            let browser = try await DashboardBrowser.signIn(server)
            let download = try await browser.get("/dashboard/links.csv")
            #expect(download.status == .ok)
            #expect(download.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(download.headers[.contentDisposition] == "attachment; filename=\"links.csv\"")
            let link = try #require(try await server.store.link(code: code))
            #expect(download.text.hasPrefix(LinkCSV.header))
            #expect(download.text.contains(LinkCSV.row(for: link)))
            #expect(download.text.contains(",'@mention,"))
        }
    }
}

/// Reads one record with the import's own reader.
struct CSVReaderHarness {
    var reader: CSVReader
    init(_ text: String) { reader = CSVReader(text) }
    mutating func fields() -> [String] { (try? reader.next())?.fields ?? [] }
}
