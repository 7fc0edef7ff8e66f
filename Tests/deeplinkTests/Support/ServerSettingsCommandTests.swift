import DeepLinkCore
import DeepLinkTesting
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// `serve`, `keys` and `import` read one set of settings (the config's `server` section, then
/// `DEEPLINK_*` variables, then flags) and fail in words a user can act on, as real processes.
@Suite(.serialized)
struct ServerSettingsCommandTests {
    /// The example config copied into `scratch/site/`, its `server` section replaced.
    static func config(in scratch: Scratch, server: String) throws -> String {
        let text = try String(contentsOf: Fixtures.shopConfig, encoding: .utf8)
        let start = try #require(text.range(of: #""server": {"#))
        let end = try #require(text.range(of: "\n  },\n", range: start.upperBound..<text.endIndex))
        try FileManager.default.createDirectory(at: scratch.folder.appendingPathComponent("site"), withIntermediateDirectories: true)
        return try scratch.write("site/MobileDeepLinkingConfig.json", text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "\"server\": \(server),\n"))
    }

    static func folder(_ scratch: Scratch, _ name: String) throws -> URL {
        let folder = scratch.folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aKeyCreatedFromAnotherFolderLandsInTheDatabaseTheServerUses() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let config = try Self.config(in: scratch, server: #"{"database": "data/links.sqlite", "listen": {"port": 0}}"#)
        let database = scratch.folder.appendingPathComponent("site/data/links.sqlite").path

        let created = try await ServerProcess.run(["keys", "create", "--config", config, "--name", "ops", "--json"], in: try Self.folder(scratch, "home"))
        #expect(created.status == 0, "\(created.error)")
        #expect(created.error == "using sqlite:\(database)\n")
        #expect(FileManager.default.fileExists(atPath: database))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("home/data")))
        let token = try #require(try JSONValue(parsing: created.output).objectValue?["token"]?.stringValue)

        let server = try await ServerProcess(["serve", "--config", config], in: try Self.folder(scratch, "elsewhere"))
        defer { _ = server.stop() }
        #expect(server.startupLog.hasPrefix("using sqlite:\(database)\n"))
        let links = try await server.request("/api/v1/links", headers: [.authorization: "Bearer \(token)"])
        #expect(links.status == .ok)
    }

    @Test func aFlagWinsOverAVariableWhichWinsOverTheConfig() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let config = try Self.config(in: scratch, server: #"{"database": "from-config.sqlite"}"#)
        let here = try Self.folder(scratch, "here")
        let variable = ["DEEPLINK_DATABASE": "from-variable.sqlite"]

        let fromConfig = try await ServerProcess.run(["keys", "list", "--config", config], in: here)
        #expect(fromConfig.error == "using sqlite:\(scratch.path("site/from-config.sqlite"))\n")
        let fromVariable = try await ServerProcess.run(["keys", "list", "--config", config], environment: variable, in: here)
        #expect(fromVariable.error == "using sqlite:\(scratch.path("here/from-variable.sqlite"))\n")
        let fromFlag = try await ServerProcess.run(["keys", "list", "--config", config, "--database", "sqlite:from-flag.sqlite"], environment: variable, in: here)
        #expect(fromFlag.error == "using sqlite:\(scratch.path("here/from-flag.sqlite"))\n")
        #expect([fromConfig.status, fromVariable.status, fromFlag.status] == [0, 0, 0])
    }

    @Test func anImportAllowsTheRedirectHostsTheServerAllows() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let takeout = Fixtures.file("Firebase/takeout-shop.page.link.csv").path
        let plain = try await ServerProcess.run(["import", "firebase", "--config", Fixtures.shopConfig.path, "--database", scratch.path("a.sqlite"), takeout])
        #expect(plain.output.hasSuffix("imported 3, already imported 0, skipped 4\n"))
        let config = try Self.config(in: scratch, server: #"{"allowedRedirectHosts": ["deals.example.net"]}"#)
        let allowed = try await ServerProcess.run(["import", "firebase", "--config", config, "--database", scratch.path("b.sqlite"), takeout])
        #expect(allowed.output.hasSuffix("imported 4, already imported 0, skipped 3\n"), "\(allowed.output)")
    }

    @Test func hstsIsOffUnlessTheFlagOrTheVariableTurnsItOn() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let config = try Self.config(in: scratch, server: #"{"database": "links.sqlite", "listen": {"port": 0}}"#)
        for (flags, environment, sent) in [([], [:], false), (["--hsts"], [:], true), ([], ["DEEPLINK_HSTS": "true"], true)] as [([String], [String: String], Bool)] {
            let server = try await ServerProcess(["serve", "--config", config] + flags, environment: environment)
            defer { _ = server.stop() }
            let health = try await server.request("/healthz")
            #expect(health.headers[.strictTransportSecurity] == (sent ? "max-age=31536000; includeSubDomains" : nil), "\(flags) \(environment)")
        }
    }

    @Test func aDryRunCreatesNoDatabase() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let config = try Self.config(in: scratch, server: #"{"listen": {"port": 0}}"#)
        let takeout = Fixtures.file("Firebase/takeout-shop.page.link.csv").path
        let dryRun = try await ServerProcess.run(["import", "firebase", "--config", config, "--dry-run", takeout])
        #expect(dryRun.status == 0)
        #expect(dryRun.output.hasSuffix("dry run, nothing written: would import 3, already imported 0, skipped 4\n"))
        let database = scratch.path("site/.deeplink/deeplink.sqlite")
        #expect(dryRun.error == "using sqlite:\(database) (not there yet; nothing is created)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("site")) == ["MobileDeepLinkingConfig.json"])
    }

    @Test func badSettingsAreNamedWhereverTheyCameFrom() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let variable = try await ServerProcess.run(["serve", "--config", Fixtures.shopConfig.path], environment: ["DEEPLINK_PORT": "http"])
        #expect(variable.status == 2)
        #expect(variable.error == "error: DEEPLINK_PORT: expected a whole number from 0 to 65535, found \"http\" (invalid-setting)\n")

        let config = try Self.config(in: scratch, server: #"{"listen": {"port": "8080"}}"#)
        let line = try #require(try String(contentsOfFile: config, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains(#""server": {"listen"#) }) + 1
        let section = try await ServerProcess.run(["serve", "--config", config])
        #expect(section.status == 1)
        #expect(section.error.hasPrefix("error: \(config):\(line):"), "\(section.error)")
        #expect(section.error.hasSuffix(": server.listen.port: expected a number, found a string (wrong-type)\n"))

        let nowhere = try await ServerProcess.run(["keys", "list"])
        #expect(nowhere.status == 64)
        #expect(nowhere.error.hasPrefix("error: no link database given (give --config with the server's config file"))
    }

    @Test func aPublicURLIsTakenOnTheLocalNetworkOnlyAndAddressesEveryLink() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let refused = try await ServerProcess.run(["serve", "--config", Fixtures.shopConfig.path, "--public-url", "https://go.shop.example.com"])
        #expect(refused.status == 64, "\(refused.error)")
        #expect(refused.error.contains("--public-url: go.shop.example.com is not an address of the local network"), "\(refused.error)")
        let fromConfig = try Self.config(in: scratch, server: #"{"publicURL": "http://203.0.113.7:8080"}"#)
        let configRefused = try await ServerProcess.run(["links", "list", "--config", fromConfig])
        #expect(configRefused.status == 1)
        #expect(configRefused.error.contains("server.publicURL: 203.0.113.7 is not an address of the local network"), "\(configRefused.error)")

        let database = "sqlite:" + scratch.path("links.sqlite")
        let created = try await ServerProcess.run(
            ["links", "create", "--config", Fixtures.shopConfig.path, "--database", database, "--code", "lan", "--deep-link", "shop://sales/1", "--json"],
            environment: ["DEEPLINK_PUBLIC_URL": "http://192.168.1.20:8080"])
        #expect(created.status == 0, "\(created.error)")
        #expect(try JSONValue(parsing: created.output).objectValue?["url"] == "http://192.168.1.20:8080/lan")
    }

    @Test func aPortInUseIsSaidBeforeAnyServingLine() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let occupied = try LoopbackListener()
        defer { occupied.close() }
        let database = scratch.path("links.sqlite")
        let serve = try await ServerProcess.run([
            "serve", "--config", Fixtures.shopConfig.path, "--database", database, "--port", String(occupied.port),
        ])
        #expect(serve.status == 2)
        #expect(serve.error == "using sqlite:\(database)\nerror: 127.0.0.1:\(occupied.port) is already in use (use --port) (address-in-use)\n")
    }

    @Test func revokingTwiceOrAnUnknownKeySaysSoAndExits1() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let database = scratch.path("keys.sqlite")
        let created = try await ServerProcess.run(["keys", "create", "--database", database, "--name", "ops", "--json"])
        let id = try #require(try JSONValue(parsing: created.output).objectValue?["id"]?.stringValue)
        #expect(try await ServerProcess.run(["keys", "revoke", "--database", database, id]).status == 0)
        let again = try await ServerProcess.run(["keys", "revoke", "--database", database, id])
        #expect(again.status == 1)
        #expect(again.error.contains("error: the API key \(id) was already revoked at "))
        #expect(again.error.hasSuffix(" (already-revoked)\n"))
        let unknown = try await ServerProcess.run(["keys", "revoke", "--database", database, "ffffffffffff"])
        #expect(unknown.status == 1)
        #expect(unknown.error.hasSuffix("error: there is no API key with the id ffffffffffff (see deeplink keys list) (unknown-key)\n"))
    }

    @Test func aTextFileGivenAsTheDatabaseIsNamedAndLeftAsItWas() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.write("notes.txt", "a shopping list\n")
        let keys = try await ServerProcess.run(["keys", "list", "--database", file])
        #expect(keys.status == 2)
        #expect(
            keys.error
                == "using sqlite:\(file)\nerror: \(file) is not an SQLite database (it holds something else); give another path or move the file away (not-a-database)\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "a shopping list\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.folder.path) == ["notes.txt"])
    }

    @Test func aClosedPostgreSQLPortFailsAtOnceNamingHostAndPort() async throws {
        let port = try LoopbackListener.closedPort()
        let keys = try await ServerProcess.run(["keys", "list", "--database", "postgres://deeplink:secret@127.0.0.1:\(port)/links"])
        #expect(keys.elapsed < .seconds(5))
        #expect(keys.status == 2)
        #expect(
            keys.error
                == "using postgres://deeplink:****@127.0.0.1:\(port)/links\nerror: cannot connect to PostgreSQL at 127.0.0.1:\(port): "
                + "nothing listens there (connection refused); start PostgreSQL or correct the host and port (unreachable)\n")
    }

    @Test func aServerThatNeverAnswersFailsWithinTheConnectTimeout() async throws {
        let silent = try LoopbackListener()
        defer { silent.close() }
        let keys = try await ServerProcess.run([
            "keys", "list", "--database", "postgres://deeplink:secret@127.0.0.1:\(silent.port)/links", "--database-connect-timeout", "1",
        ])
        #expect(keys.elapsed < .seconds(5))
        #expect(keys.status == 2)
        #expect(keys.error.hasSuffix("error: cannot connect to PostgreSQL at 127.0.0.1:\(silent.port): no answer within 1 s; check the host, port and firewall, or allow longer with --database-connect-timeout (unreachable)\n"))
    }

    @Test(.enabled(if: TestPostgreSQL.url != nil), .postgreSQLTurn)
    func aWrongPostgreSQLPasswordOrDatabaseIsNamed() async throws {
        let url = try #require(TestPostgreSQL.url)
        var wrongPassword = try #require(URLComponents(string: url))
        wrongPassword.password = "wrong"
        let denied = try await ServerProcess.run(["keys", "list", "--database", try #require(wrongPassword.string)])
        #expect(denied.elapsed < .seconds(5))
        #expect(denied.status == 2)
        #expect(denied.error.hasSuffix("; correct the password in the database URL (access-denied)\n"), "\(denied.error)")

        var missing = try #require(URLComponents(string: url))
        missing.path = "/no_such_database"
        let absent = try await ServerProcess.run(["keys", "list", "--database", try #require(missing.string)])
        #expect(absent.elapsed < .seconds(5))
        #expect(absent.status == 2)
        #expect(absent.error.contains("has no database no_such_database; create it"), "\(absent.error)")
        #expect(absent.error.hasSuffix("(missing-database)\n"))
    }
}
