import DeepLinkCore
import DeepLinkTesting
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// The README's walkthrough against real `deeplink` processes: create a key, serve the example
/// config, create a link with curl's requests, open it as an iPhone, an Android phone and a
/// desktop, and read the stats.
@Suite(.serialized)
struct ServeCommandTests {
    static let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"
    static let android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36"
    static let desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36"

    static func temporaryDatabase() throws -> (folder: URL, url: String) {
        let folder = try temporaryFolder(prefix: "deeplink-serve")
        return (folder, "sqlite:" + folder.appendingPathComponent("links.sqlite").path)
    }

    static func createKey(database: String) async throws -> String {
        let created = try await ServerProcess.run(["keys", "create", "--name", "walkthrough", "--database", database, "--json"])
        #expect(created.status == 0, "\(created.error)")
        return try #require(try JSONValue(parsing: created.output).objectValue?["token"]?.stringValue)
    }

    static func walkthrough(_ server: ServerProcess, token: String, code: String) async throws {
        let auth: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
        let created = try await server.request(
            "/api/v1/links", method: .post, headers: auth,
            body: #"{"code": "\#(code)", "deepLink": "https://shop.example.com/sales/42", "fallbacks": {"appStoreID": "123456789"}, "preview": {"title": "Spring sale"}}"#)
        #expect(created.status == .created, "\(created.text)")

        let iPhone = try await server.request("/\(code)", headers: [.userAgent: iPhone])
        #expect(iPhone.status == .ok)
        #expect(iPhone.text.contains("app-argument=https://shop.example.com/sales/42"))

        let android = try await server.request("/\(code)", headers: [.userAgent: android])
        #expect(android.status == .found)
        #expect(android.headers[.location]?.hasPrefix("intent://shop.example.com/sales/42#Intent;scheme=https;") == true)

        // Without the app, Chrome takes the store hop to Play; the installed app claims the click once.
        let hop = try await server.request("/\(code)/install?store=google", headers: [.userAgent: Self.android])
        let play = try #require(hop.headers[.location].flatMap(URLComponents.init(string:)))
        let referrer = try #require(play.queryItems?.first { $0.name == "referrer" }?.value)
        let clickToken = try #require(referrer.firstMatch(of: /deeplink_click=([A-Za-z0-9_-]+)/)?.1)
        let claim = #"{"token": "\#(clickToken)"}"#
        let claimed = try await server.request(
            "/api/v1/deferred/claim", method: .post, headers: [.contentType: "application/json"], body: claim)
        #expect(try JSONValue(parsing: claimed.text).objectValue?["deepLink"] == "https://shop.example.com/sales/42")
        let again = try await server.request(
            "/api/v1/deferred/claim", method: .post, headers: [.contentType: "application/json"], body: claim)
        #expect(try JSONValue(parsing: again.text) == ["match": "none"])

        let desktop = try await server.request("/\(code)", headers: [.userAgent: desktop])
        #expect(desktop.status == .found)
        #expect(desktop.headers[.location] == "https://shop.example.com/sales/42")
    }

    static func total(_ server: ServerProcess, token: String, code: String) async throws -> JSONValue? {
        let stats = try await server.request("/api/v1/links/\(code)/stats", headers: [.authorization: "Bearer \(token)"])
        return try JSONValue(parsing: stats.text).objectValue?["totalClicks"]
    }

    @Test func runsTheReadmeWalkthroughOnSQLite() async throws {
        let (folder, database) = try Self.temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let token = try await Self.createKey(database: database)
        let server = try await ServerProcess(config: Fixtures.shopConfig.path, database: database)
        do {
            let health = try await server.request("/healthz")
            #expect(health.status == .ok)
            let aasa = try await server.request("/.well-known/apple-app-site-association")
            #expect(aasa.headers[.contentType] == "application/json")
            try await Self.walkthrough(server, token: token, code: "spring")
            #expect(try await Self.total(server, token: token, code: "spring") == 3)

            let listed = try await ServerProcess.run(["keys", "list", "--database", database, "--json"])
            guard let keys = try JSONValue(parsing: listed.output).objectValue?["keys"]?.arrayValue else {
                Issue.record("keys list --json did not print {\"keys\": [...]}: \(listed.output)")
                return
            }
            let id = try #require(keys.first?.objectValue?["id"]?.stringValue)
            #expect(try await ServerProcess.run(["keys", "revoke", id, "--database", database]).status == 0)
            let revoked = try await server.request("/api/v1/links", headers: [.authorization: "Bearer \(token)"])
            #expect(revoked.status == .unauthorized)
            #expect(try await server.request("/spring", headers: [.userAgent: Self.iPhone]).status == .ok)
        } catch {
            _ = server.stop()
            throw error
        }
        #expect(server.stop() == 0, "graceful shutdown exits 0")

        // The click counted just before the shutdown was written on the way out.
        let newToken = try await Self.createKey(database: database)
        let restarted = try await ServerProcess(config: Fixtures.shopConfig.path, database: database)
        defer { _ = restarted.stop() }
        #expect(try await Self.total(restarted, token: newToken, code: "spring") == 4)

        // The admin API and the command line print one stats document, funnel included.
        for (path, arguments) in [("/api/v1/links/spring/stats?days=7", ["spring", "--days", "7"]), ("/api/v1/stats?days=7&top=0", ["--all", "--days", "7"])] {
            let api = try await restarted.request(path, headers: [.authorization: "Bearer \(newToken)"])
            let command = try await ServerProcess.run(["links", "stats"] + arguments + ["--json", "--config", Fixtures.shopConfig.path, "--database", database])
            #expect(command.status == 0, "\(command.error)")
            var fromAPI = try JSONValue(parsing: api.text).objectValue ?? [:]
            #expect(fromAPI["funnel"]?.objectValue?["storeHops"] == 1, "\(api.text)")
            fromAPI["topLinks"] = nil
            #expect(JSONValue.object(fromAPI) == (try JSONValue(parsing: command.output)), "\(path)")
        }
    }

    @Test func reportsBadOptionsOnStandardErrorWithAFailingExit() async throws {
        let badProxies = try await ServerProcess.run(["serve", "--config", Fixtures.shopConfig.path, "--trusted-proxies", "0"])
        #expect(badProxies.status == 64)
        #expect(badProxies.error.contains("--trusted-proxies: expected a whole number from 1 to 10, found 0"))

        let badHeader = try await ServerProcess.run(["serve", "--config", Fixtures.shopConfig.path, "--client-address-header", "X Forwarded"])
        #expect(badHeader.status == 64)
        #expect(badHeader.error.contains("is not a header name"))

        let badDatabase = try await ServerProcess.run(["serve", "--config", Fixtures.shopConfig.path, "--database", "mysql://localhost/x"])
        #expect(badDatabase.status == 64)
        #expect(badDatabase.error.hasPrefix("Error: --database: mysql:// is not a database this server can use; write sqlite:PATH, a file path or postgres://"))

        let (folder, database) = try Self.temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let unknownKey = try await ServerProcess.run(["keys", "revoke", "000000000000", "--database", database])
        #expect(unknownKey.status == 1)
        #expect(unknownKey.error.contains("error: there is no API key with the id 000000000000 (see deeplink keys list) (unknown-key)"))

        let empty = try await ServerProcess.run(["keys", "list", "--database", database])
        #expect(empty.status == 0)
        #expect(empty.output.contains("no API keys"))
    }

    /// Counts are written once a second and once more on SIGTERM: a burst answered in the second
    /// before the signal is still pending then, and must all be stored.
    @Test func aGracefulShutdownMidBurstLosesNoAnsweredClick() async throws {
        let (folder, database) = try Self.temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let token = try await Self.createKey(database: database)
        // Every click comes from 127.0.0.1: without a higher rate, all but 60 would be a flood's.
        let server = try await ServerProcess([
            "serve", "--config", Fixtures.shopConfig.path, "--database", database, "--host", "127.0.0.1", "--port", "0", "--clicks-per-minute", "1000000",
        ])
        let answered: Int
        do {
            let created = try await server.request(
                "/api/v1/links", method: .post, headers: [.authorization: "Bearer \(token)", .contentType: "application/json"],
                body: #"{"code": "burst", "deepLink": "https://shop.example.com/sales/42"}"#)
            #expect(created.status == .created, "\(created.text)")
            // Eight clients for at least 1.5 s and 8 clicks each, so the burst spans a timed write
            // and ends between two however busy the machine is.
            let end = ContinuousClock.now + .milliseconds(1500)
            answered = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        var count = 0
                        while ContinuousClock.now < end || count < 8 {
                            let response = try await server.request("/burst", headers: [.userAgent: Self.desktop])
                            if response.status == .found { count += 1 }
                        }
                        return count
                    }
                }
                return try await group.reduce(0, +)
            }
        } catch {
            _ = server.stop()
            throw error
        }
        #expect(server.stop() == 0, "graceful shutdown exits 0")
        #expect(answered > 50)

        let restarted = try await ServerProcess(config: Fixtures.shopConfig.path, database: database)
        defer { _ = restarted.stop() }
        #expect(try await Self.total(restarted, token: token, code: "burst") == .number(Double(answered)))
    }

    @Test(.enabled(if: TestPostgreSQL.url != nil), .postgreSQLTurn)
    func twoServersSharingPostgreSQLResolveEachOthersLinksAndAddUpClicks() async throws {
        let database = try #require(TestPostgreSQL.url(adding: "pool_size=\(TestPostgreSQL.poolSize)"))
        let token = try await Self.createKey(database: database)
        let config = Fixtures.shopConfig.path
        let first = try await ServerProcess(config: config, database: database)
        let second = try await ServerProcess(config: config, database: database)
        defer {
            _ = first.stop()
            _ = second.stop()
        }
        #expect(first.port != second.port)
        let code = "scale-\(UUID().uuidString.prefix(8))"
        try await Self.walkthrough(first, token: token, code: code)
        let resolved = try await second.request("/\(code)", headers: [.userAgent: Self.iPhone])
        #expect(resolved.status == .ok)
        #expect(resolved.text.contains("Spring sale"))
        _ = try await second.request("/\(code)", headers: [.userAgent: Self.desktop])
        // Each server writes its counts within a second; reading stats writes the reader's own at once.
        try await eventually("both servers' five clicks in the first server's stats") {
            try await Self.total(first, token: token, code: code) == 5
        }
        #expect(try await Self.total(second, token: token, code: code) == 5)
    }

    /// A client gets its claims once across servers, not once per server: the token buckets are
    /// rows of the shared database. The address is the test's own, through the client-address
    /// header, so that other tests' claims from loopback do not count.
    @Test(.enabled(if: TestPostgreSQL.url != nil), .postgreSQLTurn)
    func twoServersSharingPostgreSQLShareAnAddresssClaimLimit() async throws {
        let database = try #require(TestPostgreSQL.url(adding: "pool_size=\(TestPostgreSQL.poolSize)"))
        let arguments = [
            "serve", "--config", Fixtures.shopConfig.path, "--database", database, "--host", "127.0.0.1", "--port", "0",
            "--claims-per-minute", "3", "--client-address-header", "X-Forwarded-For",
        ]
        let first = try await ServerProcess(arguments)
        let second = try await ServerProcess(arguments)
        defer {
            _ = first.stop()
            _ = second.stop()
        }
        var generator = SeededRandomNumberGenerator()
        let address = "10.\(Int.random(in: 0...255, using: &generator)).\(Int.random(in: 0...255, using: &generator)).\(Int.random(in: 1...254, using: &generator))"
        let headers: HTTPFields = [HTTPField.Name("X-Forwarded-For")!: address, .contentType: "application/json"]
        var statuses: [Int] = []
        for server in [first, second, first, second] {
            statuses.append(try await server.request("/api/v1/deferred/claim", method: .post, headers: headers, body: #"{"platform": "ios"}"#).status.code)
        }
        #expect(!statuses.prefix(3).contains(429), "\(statuses), \(generator)")
        #expect(statuses.last == 429, "the fourth claim from one address, on the second server, is over the limit of 3: \(statuses), \(generator)")
    }

    /// With a cache lifetime of ten minutes, only the announcement can make the second server
    /// drop its copy within the two minutes the test allows (a second on a quiet machine).
    @Test(.enabled(if: TestPostgreSQL.url != nil), .postgreSQLTurn)
    func anEditOrDeleteThroughOneServerShowsOnAnotherSharingPostgreSQL() async throws {
        let database = try #require(TestPostgreSQL.url(adding: "pool_size=\(TestPostgreSQL.poolSize)"))
        let token = try await Self.createKey(database: database)
        let config = Fixtures.shopConfig.path
        let arguments = ["serve", "--config", config, "--database", database, "--host", "127.0.0.1", "--port", "0", "--link-cache-seconds", "600"]
        let first = try await ServerProcess(arguments)
        let second = try await ServerProcess(arguments)
        defer {
            _ = first.stop()
            _ = second.stop()
        }
        let auth: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
        let code = "notify-\(UUID().uuidString.prefix(8))"
        let created = try await first.request(
            "/api/v1/links", method: .post, headers: auth,
            body: #"{"code": "\#(code)", "deepLink": "shop://sales/42", "fallbacks": {"webURL": "https://shop.example.com/sales/42"}}"#)
        #expect(created.status == .created, "\(created.text)")
        let before = try await second.request("/\(code)", headers: [.userAgent: Self.desktop])
        #expect(before.headers[.location] == "https://shop.example.com/sales/42")

        /// Asks the second server until `done` holds.
        func waitOnSecond(_ what: String, _ done: @escaping (TestClient.Response) -> Bool) async throws {
            try await eventually(what) { done(try await second.request("/\(code)", headers: [.userAgent: Self.desktop])) }
        }

        let updated = try await first.request(
            "/api/v1/links/\(code)", method: .patch, headers: auth, body: #"{"fallbacks": {"webURL": "https://shop.example.com/sales/43"}}"#)
        #expect(updated.status == .ok, "\(updated.text)")
        try await waitOnSecond("the second server sends the edited fallback") { $0.headers[.location] == "https://shop.example.com/sales/43" }

        let deleted = try await first.request("/api/v1/links/\(code)", method: .delete, headers: auth)
        #expect(deleted.status == .noContent)
        try await waitOnSecond("the second server forgets the deleted link") { $0.status == .notFound }
    }
}
