import ArgumentParser
import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

@testable import deeplink

struct ImportFirebaseCommandTests {
    static let takeout = Fixtures.file("Firebase/takeout-shop.page.link.csv").path

    /// A temporary folder with an SQLite database URL in it.
    struct Scratch {
        let folder: URL
        var database: String { "sqlite:" + folder.appendingPathComponent("links.sqlite").path }

        init() throws { folder = try temporaryFolder(prefix: "deeplink-import") }

        /// Writes a CSV file and returns its path.
        func write(_ csv: String) throws -> String {
            let file = folder.appendingPathComponent("export-\(UUID().uuidString).csv")
            try csv.write(to: file, atomically: true, encoding: .utf8)
            return file.path
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    func run(_ arguments: [String], database: String) async throws -> String {
        try await ImportFirebaseCommand.parse(["--config", Fixtures.shopConfig.path, "--database", database] + arguments).render()
    }

    @Test func reportsEachSkippedRowByLineAndParameterThenTheCounts() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let output = try await run([Self.takeout], database: scratch.database)
        #expect(output.components(separatedBy: "\n") == [
            "line 5: summer-sale: skipped: afl: links may only redirect to the config's hosts, the app stores or the server's allowlist; "
                + "deals.example.net is none of them",
            "line 6: old-page: skipped: link: the config's router does not route https://shop.example.com/about-us: about-us: no route matches",
            "line 7: summer: skipped: line 2 has the same code; the first usable row with a code is imported",
            "line 8: https://shop.page.link/spring/2024: skipped: the path /spring/2024 is not a usable code: an imported code is 1 to 64 "
                + "ASCII letters, digits, hyphens, dots, underscores or tildes, and not . or ..; if the domain put its links under a path, "
                + "give that path as the prefix",
            "note: Firebase parameters with no effect here were ignored: at, efr, ibi, ipbi; the config's apps section and the landing page take their place",
            "note: columns read: Short link, Deep link (link), Android package name (apn), Android fallback link (afl), "
                + "Android minimum package version code (amv), iOS bundle ID (ibi), iOS fallback link (ifl), iOS custom scheme (ius), "
                + "iOS iPad fallback link (ipfl), iOS iPad bundle ID (ipbi), iOS app store ID (isi), iOS minimum version (imv), "
                + "Enable forced redirect? (efr), Desktop fallback link (ofl), Social title (st), Social description (sd), "
                + "Social image link (si), UTM source (utm_source), UTM medium (utm_medium), UTM campaign (utm_campaign), "
                + "UTM term (utm_term), UTM content (utm_content), iTunes connect at, iTunes connect ct, iTunes connect mt, "
                + "iTunes connect pt, Link name, Creation timestamp",
            "note: columns not read: Archived?",
            "note: shop.page.link belongs to Google, so its short links ended with Firebase Dynamic Links; "
                + "the imported codes resolve on the link server's own host",
            "imported 3, already imported 0, skipped 4",
        ])
    }

    @Test func keepsTheLinkNameAsTheNoteAndTheCreationTimestampAsCreatedAt() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try await run([Self.takeout], database: scratch.database)
        let summer = try await LinksShowCommand.parse(["summer", "--config", Fixtures.shopConfig.path, "--database", scratch.database, "--json"]).render()
        let link = try #require(try JSONValue(parsing: summer).objectValue)
        #expect(link["note"] == "Summer sale", "\(summer)")
        #expect(link["createdAt"] == "2023-06-01T09:30:00Z")
        // A name over lines becomes one line.
        let product = try await LinksShowCommand.parse(["product-7", "--config", Fixtures.shopConfig.path, "--database", scratch.database, "--json"]).render()
        #expect(try JSONValue(parsing: product).objectValue?["note"] == "Product 7 (spring catalogue)", "\(product)")
        // A timestamp that is no date is named, and the link is still imported, dated by the import.
        let file = try scratch.write("Short link,link,Creation timestamp\nhttps://s.page.link/odd,https://shop.example.com/cart,last week\n")
        let odd = try await run([file], database: scratch.database)
        #expect(odd.contains(#"note: creation timestamps that are no date were not kept, so those links are dated by the import: line 2 ("last week")"#), "\(odd)")
        #expect(odd.hasSuffix("imported 1, already imported 0, skipped 0"))
    }

    @Test func runningTwiceImportsNothingNew() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try await run([Self.takeout], database: scratch.database)
        let again = try await run([Self.takeout], database: scratch.database)
        #expect(again.hasSuffix("\nimported 0, already imported 3, skipped 4"))
    }

    @Test func aDryRunWritesNothing() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dry = try await run(["--dry-run", Self.takeout], database: scratch.database)
        #expect(dry.hasSuffix("\ndry run, nothing written: would import 3, already imported 0, skipped 4"))
        let real = try await run([Self.takeout], database: scratch.database)
        #expect(real.hasSuffix("\nimported 3, already imported 0, skipped 4"))
    }

    @Test func acceptsFallbacksOnHostsTheServerIsToldToAllow() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let output = try await run(["--allow-redirect-host", "*.example.net", Self.takeout], database: scratch.database)
        #expect(!output.contains("line 5:"))
        #expect(output.hasSuffix("\nimported 4, already imported 0, skipped 3"))
    }

    @Test func printsEveryRowAndTheCountsAsJSON() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let object = try #require(try JSONValue(parsing: try await run(["--json", Self.takeout], database: scratch.database)).objectValue)
        #expect(object["dryRun"] == false)
        #expect(object["imported"] == 3)
        #expect(object["alreadyImported"] == 0)
        #expect(object["skipped"] == 4)
        #expect(object["ignoredParameters"] == ["at", "efr", "ibi", "ipbi"])
        #expect(object["ignoredColumns"] == ["Archived?"])
        #expect(object["readColumns"]?.arrayValue?.suffix(2) == ["Link name", "Creation timestamp"])
        #expect(object["unreadTimestamps"] == [])
        guard case .array(let rows)? = object["rows"] else {
            Issue.record("rows is not an array: \(String(describing: object["rows"]))")
            return
        }
        #expect(rows.count == 7)
        #expect(rows.first == ["line": 2, "shortLink": "https://shop.page.link/summer", "code": "summer", "status": "imported"])
        let refusal: JSONValue = [
            "code": "disallowed-url", "field": "afl",
            "message": "links may only redirect to the config's hosts, the app stores or the server's allowlist; deals.example.net is none of them",
        ]
        var error = refusal.objectValue ?? [:]
        error["errors"] = [refusal]
        #expect(rows[2] == [
            "line": 5, "shortLink": "https://shop.page.link/summer-sale", "code": "summer-sale", "status": "skipped",
            "error": .object(error),
        ])
        #expect(rows[5].objectValue?["code"] == .null)
    }

    @Test func readsLongLinksOnACustomDomainWithAPathPrefix() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.write(
            """
            Link Name,short_link,longDynamicLink\r
            Winter,https://go.shop.example.com/links/winter,"https://go.shop.example.com/?link=https%3A%2F%2Fshop.example.com%2Fsales%2F7&apn=com.example.shop&st=Winter+sale"\r
            Elsewhere,https://go.shop.example.com/winter2,https://go.shop.example.com/?link=https://shop.example.com/cart\r

            """)
        let output = try await run(["--path-prefix", "/links", file], database: scratch.database)
        #expect(output == """
            line 3: https://go.shop.example.com/winter2: skipped: the path /winter2 does not start with the path prefix /links/
            note: columns read: Link Name, short_link, longDynamicLink
            imported 1, already imported 0, skipped 1
            """)
    }

    @Test(arguments: [
        ("Name,Deep link (link)\nx,https://shop.example.com/cart\n",
            "the header has the columns Name, Deep link (link); an import needs a short link column"),
        ("Short link,link\nhttps://s.page.link/a,\"https://shop.example.com/cart\n", "line 2: a quoted field opened on this line is never closed"),
        ("", "the file is empty"),
    ])
    func failsWithTheLineOfAFileItCannotRead(csv: String, message: String) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.write(csv)
        let failure = await #expect(throws: CommandFailure.self) { try await run([file], database: scratch.database) }
        #expect(failure?.message.hasPrefix("error: \(file): ") == true)
        #expect(failure?.message.contains(message) == true, "\(failure?.message ?? "")")
    }

    @Test func failsWhenTheFileCannotBeRead() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let failure = await #expect(throws: CommandFailure.self) {
            try await run([scratch.folder.appendingPathComponent("missing.csv").path], database: scratch.database)
        }
        #expect(failure?.message.hasPrefix("error: cannot read the Firebase export ") == true)
    }

    @Test func serveTakesTheSameRedirectAllowlistOption() throws {
        let serve = try ServeCommand.parse(["--config", "c.json", "--allow-redirect-host", "*.partner.example", "--allow-redirect-host", "x.example"])
        #expect(serve.redirectOptions.allowRedirectHost == ["*.partner.example", "x.example"])
    }
}
