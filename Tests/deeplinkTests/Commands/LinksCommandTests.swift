import DeepLinkCore
import DeepLinkTesting
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// `deeplink links`, run as the real executable on an SQLite database in a scratch folder, with
/// the example config, whose link host is go.shop.example.com.
struct LinksCommandTests {
    static let shop = Fixtures.shopConfig.path

    /// A scratch folder and its database.
    struct Database {
        let scratch: Scratch
        var path: String { scratch.path("links.sqlite") }

        init() throws { scratch = try Scratch() }

        /// Runs `deeplink links SUBCOMMAND ARGUMENTS --database PATH`, with the example config when `config` is set.
        func links(
            _ subcommand: String, _ arguments: [String], config: Bool = false, input: String = ""
        ) async throws -> ServerProcess.Outcome {
            try await ServerProcess.run(
                ["links", subcommand] + (config ? ["--config", LinksCommandTests.shop] : []) + ["--database", path] + arguments, input: input)
        }

        /// Creates a link from options and returns its JSON.
        func create(_ arguments: [String]) async throws -> [String: JSONValue] {
            let created = try await links("create", arguments + ["--json"], config: true)
            #expect(created.status == 0, "\(created.error)")
            return try #require(try JSONValue(parsing: created.output).objectValue)
        }
    }

    @Test func createsALinkFromOptionsAsTheAdminAPIWouldAndShowsEveryField() async throws {
        let database = try Database()
        defer { database.scratch.remove() }
        let created = try await database.links(
            "create",
            [
                "--code", "spring", "--deep-link", "shop://sales/42", "--campaign", "spring", "--web-url", "https://shop.example.com/sales/42",
                "--utm-source", "newsletter", "--title", "Spring sale", "--expires-at", "2031-01-31T23:59:59Z", "--tags", "spring, email,spring",
                "--min-ios-version", "5.2",
            ], config: true)
        #expect(created.status == 0, "\(created.error)")
        #expect(created.error.hasPrefix("using sqlite:"))
        let lines = created.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "created link spring")
        #expect(lines.contains("url:                    https://go.shop.example.com/spring"))
        #expect(lines.contains("deepLink:               shop://sales/42"))
        #expect(lines.contains("fallbacks.webURL:       https://shop.example.com/sales/42"))
        #expect(lines.contains("expiresAt:              2031-01-31T23:59:59Z"))
        #expect(lines.contains("preview.imageURL:       -"))
        #expect(lines.contains("tags:                   email, spring"), "each tag once, sorted")
        #expect(lines.contains("minAppVersion.ios:      5.2"))
        #expect(lines.contains("minAppVersion.android:  -"))
        #expect(lines.contains("targets:                -"))
        #expect(lines.contains("variants:               -"))
        #expect(lines.contains("passwordProtected:      false"))
        #expect(lines.count == 28)

        let shown = try await database.links("show", ["spring", "--json"])
        #expect(shown.status == 0)
        let link = try #require(try JSONValue(parsing: shown.output).objectValue)
        #expect(link["deepLink"] == "shop://sales/42")
        #expect(link["utm"]?.objectValue?["source"] == "newsletter")
        #expect(link["preview"]?.objectValue?["title"] == "Spring sale")
        // The config's apps section gives the store fields, as it does through the API.
        #expect(link["fallbacks"]?.objectValue?["playPackage"] == "com.example.shop")
    }

    @Test func rejectsAnUnroutableDeepLinkNamingTheField() async throws {
        let database = try Database()
        defer { database.scratch.remove() }
        let rejected = try await database.links("create", ["--deep-link", "mail://sales/3"], config: true)
        #expect(rejected.status == 1)
        #expect(rejected.output.isEmpty)
        #expect(rejected.error.contains("\nerror: deepLink: the config's router does not route mail://sales/3"), "\(rejected.error)")
        #expect(rejected.error.hasSuffix("(unroutable-deep-link)\n"))

        let json = try await database.links("create", ["--deep-link", "mail://sales/3", "--json"], config: true)
        #expect(json.status == 1)
        #expect(try JSONValue(parsing: json.output).objectValue?["error"]?.objectValue?["code"] == "unroutable-deep-link")
    }

    @Test func reportsEveryBadOptionAtOnce() async throws {
        let database = try Database()
        defer { database.scratch.remove() }
        let rejected = try await database.links(
            "create", ["--deep-link", "shop://sales/3", "--code", "x", "--app-store-id", "abc"], config: true)
        #expect(rejected.status == 1)
        let lines = rejected.error.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(lines.count == 2, "\(rejected.error)")
        #expect(lines.first?.hasPrefix("error: code: ") == true && lines.last?.hasPrefix("error: fallbacks.appStoreID: ") == true, "\(lines)")
        let json = try await database.links(
            "create", ["--deep-link", "shop://sales/3", "--code", "x", "--app-store-id", "abc", "--json"], config: true)
        let errors = try JSONValue(parsing: json.output).objectValue?["error"]?.objectValue?["errors"]?.arrayValue
        #expect(errors?.count == 2)
    }

    @Test func statsCoverAnyRangeOfDaysAndRefuseAnImpossibleOne() async throws {
        let database = try Database()
        defer { database.scratch.remove() }
        let json = try await database.links("stats", ["--all", "--from", "2026-02-27", "--to", "2026-03-02", "--json"])
        #expect(json.status == 0, "\(json.error)")
        let numbers = try #require(try JSONValue(parsing: json.output).objectValue)
        #expect(numbers["from"] == "2026-02-27" && numbers["to"] == "2026-03-02")
        #expect(numbers["clicksPerDay"]?.arrayValue?.count == 4, "2026 is no leap year: 27, 28 February, 1, 2 March")
        let reversed = try await database.links("stats", ["--all", "--from", "2026-03-02", "--to", "2026-02-27"])
        #expect(reversed.status == 64)
        #expect(reversed.error.contains("--from: from (2026-03-02) is after to (2026-02-27)"), "\(reversed.error)")
        let impossible = try await database.links("stats", ["--all", "--from", "2026-02-30"])
        #expect(impossible.status == 64 && impossible.error.contains("--from: from must be a day"), "\(impossible.error)")
    }

    @Test func rejectsAFallbackOffTheConfigsHostsUnlessAllowed() async throws {
        let database = try Database()
        defer { database.scratch.remove() }
        let arguments = ["--deep-link", "shop://sales/3", "--web-url", "https://deals.example.net/3"]
        let rejected = try await database.links("create", arguments, config: true)
        #expect(rejected.status == 1)
        #expect(rejected.error.contains("error: fallbacks.webURL: "), "\(rejected.error)")
        #expect(rejected.error.hasSuffix("(disallowed-url)\n"))
        let allowed = try await database.links("create", arguments + ["--allow-redirect-host", "deals.example.net"], config: true)
        #expect(allowed.status == 0, "\(allowed.error)")
    }

    @Test func createsALinkFromTheAdminAPIsJSONInAFileOrOnStandardInput() async throws {
        let database = try Database()
        defer { database.scratch.remove() }
        let body = #"{"code": "autumn", "deepLink": "shop://sales/7", "utm": {"campaign": "autumn"}}"#
        let file = try database.scratch.write("link.json", body)
        let fromFile = try await database.links("create", ["--from-json", file, "--json"], config: true)
        #expect(fromFile.status == 0, "\(fromFile.error)")
        #expect(try JSONValue(parsing: fromFile.output).objectValue?["utm"]?.objectValue?["campaign"] == "autumn")

        let fromInput = try await database.links(
            "create", ["--from-json", "-"], config: true, input: #"{"code": "winter", "deepLink": "shop://sales/8"}"#)
        #expect(fromInput.status == 0, "\(fromInput.error)")
        #expect(fromInput.output.hasPrefix("created link winter\n"))

        let broken = try await database.links("create", ["--from-json", "-"], config: true, input: "{")
        #expect(broken.status == 1)
        #expect(broken.error.contains("error: standard input: invalid JSON at line 1, column 2"), "\(broken.error)")
        #expect(broken.error.hasSuffix("(invalid-json)\n"))
    }

    @Test func refusesARepeatedKeyInTheLinksJSONAsTheAdminAPIDoes() async throws {
        let database = try Database()
        defer { database.scratch.remove() }
        let repeated = try await database.links(
            "create", ["--from-json", "-"], config: true, input: #"{"code": "twice", "deepLink": "shop://sales/1", "deepLink": "shop://sales/2"}"#)
        #expect(repeated.status == 1)
        #expect(
            repeated.error.contains(#"standard input: the key "deepLink" appears twice (at line 1, column 19 and line 1, column 49)"#),
            "\(repeated.error)")
        #expect(repeated.error.hasSuffix("(invalid-json)\n"))
        let list = try await database.links("list", ["--json"], config: true)
        #expect(!list.output.contains("twice"), "nothing is stored")
    }

    @Test(arguments: [
        (["--campaign", "x"], "give --deep-link URL, or --from-json FILE with a deepLink"),
        (["--deep-link", "shop://sales/1", "--from-json", "link.json"], "give the fields as options or with --from-json, not both"),
        (["--code", "abc", "--from-json", "link.json"], "give the code in the --from-json body, not with --code"),
    ])
    func refusesOptionsThatCannotMakeOneBodyAsAUsageError(arguments: [String], message: String) async throws {
        let database = try Database()
        defer { database.scratch.remove() }
        let refused = try await database.links("create", arguments, config: true)
        #expect(refused.status == 64)
        #expect(refused.error.contains(message), "\(refused.error)")
    }

    @Test func updatesTheGivenFieldsAndAnEmptyOptionClearsOne() async throws {
        let database = try Database()
        defer { database.scratch.remove() }
        _ = try await database.create(["--code", "spring", "--deep-link", "shop://sales/42", "--campaign", "spring", "--title", "Spring"])
        let updated = try await database.links("update", ["spring", "--campaign", "", "--utm-medium", "email", "--json"], config: true)
        #expect(updated.status == 0, "\(updated.error)")
        let link = try #require(try JSONValue(parsing: updated.output).objectValue)
        #expect(link["utm"]?.objectValue?["campaign"] == .null, "--campaign is --utm-campaign")
        #expect(link["utm"]?.objectValue?["medium"] == "email")
        #expect(link["preview"]?.objectValue?["title"] == "Spring")

        let unroutable = try await database.links("update", ["spring", "--deep-link", "shop://nowhere/1"], config: true)
        #expect(unroutable.status == 1)
        #expect(unroutable.error.contains("error: deepLink: "), "\(unroutable.error)")
        let unchanged = try await database.links("show", ["spring", "--json"])
        #expect(try JSONValue(parsing: unchanged.output).objectValue?["deepLink"] == "shop://sales/42")

        let nothing = try await database.links("update", ["spring"], config: true)
        #expect(nothing.status == 64)
    }

    @Test func removePasswordIsAChangeOfItsOwnAndNotWithFromJSON() async throws {
        let database = try Database()
        defer { database.scratch.remove() }
        let body = try database.scratch.write("link.json", #"{"code": "kit", "deepLink": "shop://sales/42", "password": "press kit"}"#)
        let created = try await database.links("create", ["--from-json", body, "--json"], config: true)
        #expect(created.status == 0, "\(created.error)")
        #expect(try JSONValue(parsing: created.output).objectValue?["passwordProtected"] == true)
        let removed = try await database.links("update", ["kit", "--remove-password", "--json"], config: true)
        #expect(removed.status == 0, "\(removed.error)")
        #expect(try JSONValue(parsing: removed.output).objectValue?["passwordProtected"] == false)
        let both = try await database.links("update", ["kit", "--remove-password", "--from-json", body], config: true)
        #expect(both.status == 64)
    }

    @Test func aCodeWithNoLinkIsNotFound() async throws {
        let database = try Database()
        defer { database.scratch.remove() }
        for (subcommand, arguments, config) in [
            ("show", ["nothing"], false), ("delete", ["nothing"], false), ("stats", ["nothing"], false),
            ("update", ["nothing", "--campaign", "x"], true),
        ] {
            let missing = try await database.links(subcommand, arguments, config: config)
            #expect(missing.status == 1, "links \(subcommand)")
            #expect(
                missing.error.hasSuffix("error: there is no link with the code nothing (see deeplink links list) (not-found)\n"),
                "links \(subcommand): \(missing.error)")
        }
    }

    @Test func deletesALink() async throws {
        let database = try Database()
        defer { database.scratch.remove() }
        _ = try await database.create(["--code", "spring", "--deep-link", "shop://sales/42"])
        let deleted = try await database.links("delete", ["spring"])
        #expect(deleted.status == 0)
        #expect(deleted.output == "deleted link spring\n")
        #expect(try await database.links("show", ["spring"]).status == 1)
    }

    @Test func listsAPageOfTheLinksThatMatchWithTheTotal() async throws {
        let database = try Database()
        defer { database.scratch.remove() }
        let web = ["--web-url", "https://shop.example.com/sales"]
        _ = try await database.create(["--code", "spring", "--deep-link", "shop://sales/1", "--campaign", "seasons", "--tags", "q1,email"] + web)
        _ = try await database.create(["--code", "summer", "--deep-link", "shop://sales/2", "--campaign", "seasons", "--tags", "email"] + web)
        _ = try await database.create(["--code", "cart", "--deep-link", "shop://cart"])

        // The config names the link host, so there is a URL column.
        let all = try await database.links("list", ["--sort", "code"], config: true)
        #expect(all.status == 0)
        let lines = all.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("CODE    URL                                 DEEP LINK       CAMPAIGN  TAGS      CLICKS  CREATED") == true, "\(all.output)")
        #expect(lines.dropFirst().map { String($0.prefix(6)) } == ["cart  ", "spring", "summer", "3 of 3"])
        #expect(lines[1].hasPrefix("cart    https://go.shop.example.com/cart    shop://cart     -         -         0       20"))
        #expect(lines[2].contains("  email,q1  "))

        let tagged = try await database.links("list", ["--tag", "email", "--sort", "code", "--json"])
        let taggedCodes = try JSONValue(parsing: tagged.output).objectValue?["links"]?.arrayValue?.compactMap { $0.objectValue?["code"]?.stringValue }
        #expect(taggedCodes == ["spring", "summer"])
        let tags = try await database.links("tags", [])
        #expect(tags.output == "TAG    LINKS  CLICKS\nemail  2      0\nq1     1      0\n", "\(tags.output)")
        let badTag = try await database.links("list", ["--tag", "a,b"])
        #expect(badTag.status == 64 && badTag.error.contains("--tag: tag contains a comma"), "\(badTag.error)")

        let page = try await database.links("list", ["--search", "SEASONS", "--sort", "code", "--limit", "1", "--offset", "1", "--json"])
        let document = try #require(try JSONValue(parsing: page.output).objectValue)
        #expect(document["total"] == 2)
        var summer = try JSONValue(parsing: try await database.links("show", ["summer", "--json"]).output).objectValue ?? [:]
        summer["clicks"] = 0
        #expect(document["links"] == .array([.object(summer)]), "the link as show prints it, with its clicks")
        let pageText = try await database.links("list", ["--search", "seasons", "--sort", "code", "--limit", "1", "--offset", "1"])
        #expect(pageText.output.hasSuffix("\n2-2 of 2 links\n"))

        let noFallback = try await database.links("list", ["--filter", "no-fallback", "--json"])
        #expect(try JSONValue(parsing: noFallback.output).objectValue?["total"] == 1)
        let none = try await database.links("list", ["--search", "autumn"])
        #expect(none.output == "0 of 0 links\n")
    }

    @Test(arguments: [["--limit", "0"], ["--limit", "1001"], ["--offset", "-1"], ["--filter", "broken"], ["--sort", "popular"]])
    func refusesAPageOutOfRangeOrAnUnknownFilterAsAUsageError(arguments: [String]) async throws {
        let database = try Database()
        defer { database.scratch.remove() }
        #expect(try await database.links("list", arguments).status == 64)
    }

    @Test func printsNumbersAsASummaryJSONAndCSV() async throws {
        let database = try Database()
        defer { database.scratch.remove() }
        _ = try await database.create(["--code", "spring", "--deep-link", "shop://sales/42"])
        let server = try await ServerProcess(config: Self.shop, database: database.path)
        let iPhone = try await server.request("/spring", headers: [.userAgent: ServeCommandTests.iPhone])
        #expect(iPhone.status == .ok)
        _ = try await server.request("/spring", headers: [.userAgent: ServeCommandTests.desktop])
        #expect(server.stop() == 0)

        let json = try await database.links("stats", ["spring", "--days", "7", "--json"])
        #expect(json.status == 0, "\(json.error)")
        let numbers = try #require(try JSONValue(parsing: json.output).objectValue)
        #expect(numbers["code"] == "spring")
        #expect(numbers["totalClicks"] == 2)
        #expect(numbers["clicksPerDay"].map { if case .array(let days) = $0 { days.count } else { 0 } } == 7)
        #expect(numbers["funnel"]?.objectValue?["phoneClicks"] == 1)

        let text = try await database.links("stats", ["--all"])
        #expect(text.output.hasPrefix("all links: 2 clicks from "), "\(text.output)")
        #expect(text.output.contains("\nby platform:   desktop 1, ios 1\n"), "\(text.output)")
        #expect(text.output.hasSuffix("\nfunnel:        1 phone click → 0 store hops (0%) → 0 claimed installs (Android only: iPhone installs need deferred.pasteboard or probabilistic matching)\n"), "\(text.output)")

        let csv = try await database.links("stats", ["spring", "--days", "1", "--csv"])
        #expect(csv.output.hasPrefix("section,name,count\r\nday,"))
        #expect(csv.output.hasSuffix("\r\nfunnel,claimed_installs,0\r\n"))
    }

    @Test(arguments: [[], ["spring", "--all"], ["--all", "--days", "0"], ["--all", "--days", "367"], ["--all", "--csv", "--json"]])
    func refusesStatsWithoutOneSubjectOrWithABadRangeAsAUsageError(arguments: [String]) async throws {
        let database = try Database()
        defer { database.scratch.remove() }
        #expect(try await database.links("stats", arguments).status == 64)
    }

    @Test func aDatabaseThatCannotBeOpenedIsAnEnvironmentError() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let notADatabase = try scratch.write("notes.txt", "not a database\n")
        for (subcommand, arguments) in [("list", []), ("show", ["spring"]), ("delete", ["spring"]), ("stats", ["--all"])] {
            let failed = try await ServerProcess.run(["links", subcommand, "--database", notADatabase] + arguments + ["--json"])
            #expect(failed.status == 2, "links \(subcommand): \(failed.error)")
            #expect(try JSONValue(parsing: failed.output).objectValue?["error"]?.objectValue?["code"] != nil)
        }
        let create = try await ServerProcess.run(["links", "create", "--config", Self.shop, "--database", notADatabase, "--deep-link", "shop://cart"])
        #expect(create.status == 2, "\(create.error)")
        let unreachable = "postgres://deeplink:secret@127.0.0.1:\(try LoopbackListener.closedPort())/links"
        let closed = try await ServerProcess.run(["links", "show", "spring", "--database", unreachable])
        #expect(closed.status == 2)
        #expect(closed.error.hasSuffix("(unreachable)\n"), "\(closed.error)")
    }

    @Test func withoutAnyDatabaseNamedItIsAUsageError() async throws {
        let list = try await ServerProcess.run(["links", "list"])
        #expect(list.status == 64)
        #expect(list.error.contains("error: no link database given"), "\(list.error)")
    }

    @Test(.enabled(if: TestPostgreSQL.url != nil), .postgreSQLTurn)
    func worksOnPostgreSQL() async throws {
        let database = try #require(TestPostgreSQL.url(adding: "pool_size=\(TestPostgreSQL.poolSize)"))
        let code = "cli-\(UUID().uuidString.prefix(8).lowercased())"
        let arguments = ["--database", database]
        let created = try await ServerProcess.run(
            ["links", "create", "--config", Self.shop, "--code", code, "--deep-link", "shop://sales/9"] + arguments)
        #expect(created.status == 0, "\(created.error)")
        let listed = try await ServerProcess.run(["links", "list", "--search", code, "--json"] + arguments)
        #expect(try JSONValue(parsing: listed.output).objectValue?["total"] == 1)
        #expect(try await ServerProcess.run(["links", "delete", code] + arguments).status == 0)
        #expect(try await ServerProcess.run(["links", "show", code] + arguments).status == 1)
    }

    /// Issue 27: `links export --csv` then `links import --csv` into an empty database gives the
    /// same links, and running the import again changes nothing.
    @Test func exportsAsCSVAndImportingTheExportIntoAnEmptyDatabaseGivesTheSameLinks() async throws {
        let first = try Database()
        defer { first.scratch.remove() }
        _ = try await first.create(["--code", "spring", "--deep-link", "shop://sales/3", "--note", "=SUM(A1), \"quoted\"", "--utm-campaign", "spring"])
        _ = try await first.create(["--code", "cart", "--deep-link", "https://shop.example.com/cart", "--title", "Der Warenkorb ✓"])
        let file = first.scratch.path("links.csv")
        let exported = try await first.links("export", ["--csv", file])
        #expect(exported.status == 0, "\(exported.error)")
        #expect(exported.error.contains("exported 2 links to \(file)"))
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix("code,deepLink,note,"))
        #expect(text.contains("'=SUM(A1)"), "a formula is defused: \(text)")

        let second = try Database()
        defer { second.scratch.remove() }
        let imported = try await second.links("import", ["--csv", file], config: true)
        #expect(imported.output == "imported 2, already imported 0, skipped 0\n", "\(imported.error)")
        let again = try await second.links("import", ["--csv", file, "--json"], config: true)
        let report = try #require(try JSONValue(parsing: again.output).objectValue)
        #expect(report["alreadyImported"] == 2)
        #expect(report["imported"] == 0)

        let reexported = try await second.links("export", [])
        #expect(reexported.output == text, "the second database's links are the first's")
    }
}
