// At the target's root: the README's contract holds for every command, not one source folder.
import ArgumentParser
import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

@testable import deeplink

/// The README's command line contract, checked on every subcommand of the real executable:
/// `--help` renders cleanly, and `--json` prints exactly one JSON document on standard output
/// for a success and for a failure, with the documented exit status.
@Suite(.serialized)
struct CommandLineContractTests {
    /// Every command's path below `deeplink`, e.g. `["keys", "create"]`, and whether it has subcommands.
    static let commands: [(path: [String], isLeaf: Bool)] = {
        func walk(_ command: any ParsableCommand.Type, _ path: [String]) -> [([String], Bool)] {
            let subcommands = command.configuration.subcommands
            return [(path, subcommands.isEmpty)]
                + subcommands.flatMap { walk($0, path + [$0.configuration.commandName ?? "\($0)".lowercased()]) }
        }
        return walk(DeepLinkCommand.self, [])
    }()

    @Test(arguments: commands.map { $0.path.joined(separator: " ") })
    func helpRendersWithoutStrayEscapes(command: String) async throws {
        let path = command.split(separator: " ").map(String.init)
        let help = try await ServerProcess.run(["help"] + path)
        #expect(help.status == 0)
        #expect(help.output.contains("USAGE: deeplink \(command)"), "\(help.output)")
        #expect(!help.output.contains("\u{1B}"), "an escape sequence in the help of deeplink \(command)")
        #expect(!help.output.contains("\\"), "a backslash in the help of deeplink \(command):\n\(help.output)")
        #expect(help.error.isEmpty)
    }

    @Test func printsItsVersion() async throws {
        let version = try await ServerProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.output == DeepLinkCommand.version + "\n")
    }

    /// Commands that report something have `--json`, and a case below.
    @Test func everyCommandThatReportsHasJSONCases() {
        let reporting = Self.commands.filter(\.isLeaf).map(\.path).filter { path in
            DeepLinkCommand.helpMessage(for: subcommand(at: path), columns: 200).contains("--json")
        }
        #expect(Set(reporting.map { $0.joined(separator: " ") }) == Set(JSONCase.all.map(\.command)))
        #expect(reporting.count >= 17)
    }

    private func subcommand(at path: [String]) -> any ParsableCommand.Type {
        path.reduce(DeepLinkCommand.self as any ParsableCommand.Type) { command, name in
            command.configuration.subcommands.first { $0.configuration.commandName == name } ?? command
        }
    }

    @Test(arguments: JSONCase.all)
    func printsOneJSONDocumentOnStandardOutputForASuccessAndAFailure(jsonCase: JSONCase) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let server = try LoopbackHTTPServer(routes: try Self.associationRoutes())
        defer { server.stop() }
        let context = JSONCase.Context(scratch: scratch, site: server.origin.absoluteString)
        let command = jsonCase.command.split(separator: " ").map(String.init)

        let success = try await ServerProcess.run(command + (try await jsonCase.success(context)) + ["--json"], input: jsonCase.input)
        #expect(success.status == 0, "\(success.error)")
        #expect(Self.isOneJSONDocument(success.output), "stdout of a success: \(success.output)")

        let (arguments, status) = try await jsonCase.failure(context)
        let failure = try await ServerProcess.run(command + arguments + ["--json"], input: jsonCase.input)
        #expect(failure.status == status, "\(failure.output)\(failure.error)")
        #expect(Self.isOneJSONDocument(failure.output), "stdout of a failure: \(failure.output)")
        if status == 2 {
            #expect(try JSONValue(parsing: failure.output).objectValue?["error"]?.objectValue?["code"]?.stringValue != nil)
            #expect(failure.error.hasPrefix("error: ") || failure.error.contains("\nerror: "), "\(failure.error)")
        }
    }

    @Test func reportsAnErrorInOneStyleOnStandardErrorAndAsJSONOnStandardOutput() async throws {
        let missing = try await ServerProcess.run(["aasa", "validate", "--file", "/no/such/aasa", "--json"])
        #expect(missing.status == 2)
        #expect(
            missing.error
                == "error: cannot read the file /no/such/aasa: no such file or directory (check the path and its permissions) (unreadable-file)\n")
        let document = try #require(try JSONValue(parsing: missing.output).objectValue?["error"]?.objectValue)
        #expect(document["code"] == "unreadable-file")
        #expect(document["fix"] == "check the path and its permissions")
        #expect(document["message"]?.stringValue?.hasPrefix("cannot read the file /no/such/aasa") == true)
    }

    @Test(arguments: [
        ["route", "--json", "--config", Fixtures.shopConfig.path],
        ["route", "--json", "--config", Fixtures.shopConfig.path, "--idiom", "android", "shop://sales/3"],
        ["keys", "create", "--json", "--name", ""],
        ["links", "list", "--json", "--limit", "0"],
        ["doctor", "--json", "https://shop.example.com", "--timeout", "0"],
        ["applinks", "resolve", "--json", "ftp://shop.example.com/sales/3"],
    ])
    func aUsageErrorWithJSONStillPrintsOneDocument(arguments: [String]) async throws {
        let usage = try await ServerProcess.run(arguments)
        #expect(usage.status == 64, "\(usage.error)")
        #expect(Self.isOneJSONDocument(usage.output), "stdout: \(usage.output)")
        let error = try #require(try JSONValue(parsing: usage.output).objectValue?["error"]?.objectValue)
        // The parser's own errors are `usage`; a command's check of an argument names what is wrong with it.
        #expect(error["code"] == "usage" || error["code"] == "invalid-url")
        #expect(error["message"]?.stringValue?.isEmpty == false)
        #expect(usage.error.hasPrefix("Error: ") || usage.error.hasPrefix("error: "), "\(usage.error)")
        let plain = try await ServerProcess.run(arguments.filter { $0 != "--json" })
        #expect(plain.status == 64)
        #expect(plain.output.isEmpty, "without --json, nothing on standard output")
    }

    @Test func aFileThatIsNotUTF8IsAnInvalidInputNamingTheByteNotAnUnreadableOne() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = scratch.path("latin1.json")
        try Data(#"{"applinks": {"details": []}, "note": "caf"#.utf8 + [0xE9] + #""}"#.utf8).write(to: URL(fileURLWithPath: file))
        for command in [["aasa", "validate", "--file", file], ["assetlinks", "validate", "--file", file]] {
            let result = try await ServerProcess.run(command + ["--json"])
            #expect(result.status == 1, "\(command): \(result.error)")
            let error = try #require(try JSONValue(parsing: result.output).objectValue?["error"]?.objectValue)
            #expect(error["code"] == "invalid-encoding")
            #expect(error["message"]?.stringValue?.contains("not UTF-8 text: the byte at offset 42 (0xE9)") == true, "\(error)")
            #expect(error["fix"] == "save it as UTF-8")
        }
    }

    @Test func aSavedPageThatIsNotUTF8IsReadAsLatin1AsBrowsersReadIt() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = scratch.path("page.html")
        try Data(#"<html><head><meta property="al:android:package" content="com.example.shop"><title>Caf"#.utf8 + [0xE9] + "</title>".utf8)
            .write(to: URL(fileURLWithPath: file))
        let parsed = try await ServerProcess.run(["applinks", "parse", "--html", file, "--url", "https://shop.example.com/"])
        #expect(parsed.status == 0, "\(parsed.error)")
        #expect(parsed.output.contains("package=com.example.shop"), "\(parsed.output)")
    }

    @Test func aVerdictGoesToStandardOutputEvenWithoutJSON() async throws {
        let rejected = try await ServerProcess.run(["route", "--config", Fixtures.shopConfig.path, "mail://sales/3"])
        #expect(rejected.status == 1)
        #expect(rejected.output.hasPrefix("mail://sales/3\n  outcome:    rejected"))
        #expect(rejected.error.isEmpty)
    }

    static func isOneJSONDocument(_ output: String) -> Bool {
        guard output.hasSuffix("\n"), output.filter({ $0 == "\n" }).count == 1 else { return false }
        return (try? JSONValue(parsing: output)) != nil
    }

    /// The files `doctor` finds on its loopback site: what `generate` writes for the example host.
    static func associationRoutes() throws -> [String: LoopbackHTTPServer.Response] {
        let aasa = try Fixtures.text("Association/Generated/hosts/shop.example.com/.well-known/apple-app-site-association")
        let assetLinks = try Fixtures.text("Association/Generated/hosts/shop.example.com/.well-known/assetlinks.json")
        return [
            "/.well-known/apple-app-site-association": .json(aasa), "/apple-app-site-association": .json(aasa),
            "/.well-known/assetlinks.json": .json(assetLinks), "/sales/1": .html("<h1>Sale</h1>"),
            "/addToCart/1": .html("<h1>Product</h1>"), "/search?q=1": .html("<h1>Results</h1>"),
            "/applinks": .html(try Fixtures.text("AppLinks/protocol-ios.html")),
        ]
    }
}

/// A command that reports, with arguments for a success and for a failure and its exit status.
struct JSONCase: Sendable, CustomTestStringConvertible {
    /// What a case's arguments may use: a scratch folder and a loopback site serving the example's files.
    struct Context {
        let scratch: Scratch
        let site: String
    }

    let command: String
    let success: @Sendable (Context) async throws -> [String]
    let failure: @Sendable (Context) async throws -> ([String], Int32)
    /// What both runs read on standard input.
    var input = ""

    var testDescription: String { command }

    static let shop = Fixtures.shopConfig.path
    static let association = Fixtures.file("Association/ShopConfig.json").path
    static let apple = Fixtures.file("Association/apple-documentation-example.json").path
    static let google = Fixtures.file("Association/google-documentation-example.json").path
    static let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static let page = Fixtures.file("AppLinks/protocol-ios.html").path
    static let takeout = Fixtures.file("Firebase/takeout-shop.page.link.csv").path

    /// A database that is a text file: an environment error.
    static func textFileDatabase(_ context: Context) throws -> String {
        try context.scratch.write("notes.txt", "not a database\n")
    }

    /// A database in the scratch folder with a webhook endpoint, and the endpoint's id: the arguments of the commands that name one.
    static func webhookArguments(_ context: Context) async throws -> [String] {
        let database = context.scratch.path("hooks.sqlite")
        let created = try await ServerProcess.run(
            ["webhooks", "create", "--database", database, "--url", "http://127.0.0.1:9/hook", "--allow-private-webhook-urls", "--json"])
        let id = try #require(try JSONValue(parsing: created.output).objectValue?["id"]?.stringValue, "\(created.error)")
        return ["--database", database, id]
    }

    /// A database in the scratch folder with the link `spring` in it.
    static func databaseWithALink(_ context: Context) async throws -> String {
        let database = context.scratch.path("links.sqlite")
        let created = try await ServerProcess.run([
            "links", "create", "--config", shop, "--database", database, "--code", "spring", "--deep-link", "shop://sales/3",
        ])
        #expect(created.status == 0, "\(created.error)")
        return database
    }

    /// A database in the scratch folder with the dashboard user `ops` in it.
    static func databaseWithAUser(_ context: Context) async throws -> String {
        let database = context.scratch.path("users.sqlite")
        let created = try await ServerProcess.run(
            ["users", "create", "ops", "--password-stdin", "--database", database], input: "correct horse battery\n")
        #expect(created.status == 0, "\(created.error)")
        return database
    }

    static let all: [JSONCase] = [
        JSONCase(
            command: "simulate",
            success: { context in
                ["--config", shop, "--database", try await databaseWithALink(context), "https://go.shop.example.com/spring", "--device", "iphone"]
            },
            failure: { context in (["--config", shop, "--database", context.scratch.path("none.sqlite"), "https://shop.example.com/sales/3"], 64) }),
        JSONCase(command: "route", success: { _ in ["--config", shop, "shop://sales/3"] }, failure: { _ in (["--config", shop, "mail://sales/3"], 1) }),
        JSONCase(
            command: "check", success: { _ in ["--config", shop] },
            failure: { context in (["--config", try context.scratch.write("bad.json", #"{"routes": {"a/:x/:x": {"class": "A"}}}"#)], 1) }),
        JSONCase(
            command: "test", success: { _ in ["--config", shop, Fixtures.repositoryRoot.appendingPathComponent("Examples/Shop/deeplink-tests.json").path] },
            failure: { context in
                (["--config", shop, try context.scratch.write("cases.json", #"[{"url": "shop://sales/3", "expect": {"outcome": "default"}}]"#)], 1)
            }),
        JSONCase(
            command: "generate", success: { context in ["--config", association, "--out", context.scratch.path("out")] },
            failure: { context in
                (["--config", try context.scratch.write("bad-apps.json", #"{"apps": 3, "routes": {"a": {"class": "A"}}}"#), "--out", context.scratch.path("out")], 1)
            }),
        JSONCase(
            command: "diff", success: { _ in [shop, shop] },
            failure: { context in
                let database = "sqlite:" + context.scratch.path("diff.sqlite")
                _ = try await ServerProcess.run(["links", "create", "--config", shop, "--database", database, "--code", "cart1", "--deep-link", "shop://cart"])
                let noCart = try context.scratch.write("no-cart.json", #"{"schemes": ["shop"], "routes": {"sales": {"class": "S"}}}"#)
                return ([shop, noCart, "--database", database], 1)
            }),
        JSONCase(
            command: "links verify",
            success: { context in ["--config", shop, "--csv", try context.scratch.write("ok.csv", "code,deepLink\na,shop://cart\n")] },
            failure: { context in (["--config", shop, "--csv", try context.scratch.write("bad.csv", "code,deepLink\na,shop://nowhere/1\n")], 1) }),
        JSONCase(
            command: "aasa match", success: { _ in ["--file", apple, "--app-id", "ABCDE12345.com.example.app", "https://www.example.com/buy/shoes"] },
            failure: { _ in (["--file", apple, "--app-id", "ABCDE12345.com.example.app", "https://www.example.com/about"], 1) }),
        JSONCase(
            command: "aasa validate", success: { _ in ["--file", apple] },
            failure: { context in (["--file", try context.scratch.write("aasa", #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a.b"], "components": 5}]}}"#)], 1) }),
        JSONCase(
            command: "assetlinks check",
            success: { _ in ["--file", google, "--site", "https://example.com", "--package", "com.example", "--fingerprint", fingerprint] },
            failure: { _ in (["--file", google, "--site", "https://example.com", "--package", "com.other", "--fingerprint", fingerprint], 1) }),
        JSONCase(
            command: "assetlinks validate", success: { _ in ["--file", google] },
            failure: { context in (["--file", try context.scratch.write("assetlinks.json", "[{}]")], 1) }),
        JSONCase(
            command: "applinks parse", success: { _ in ["--html", page, "--url", "http://example.com/applinks"] },
            failure: { _ in (["--html", "/no/such/page.html", "--url", "http://example.com/applinks"], 2) }),
        JSONCase(
            command: "applinks navigate", success: { _ in ["--html", page, "--url", "http://example.com/applinks", "--device", "iphone"] },
            failure: { _ in
                (["--html", Fixtures.file("AppLinks/messy.html").path, "--url", "http://example.com/applinks", "--device", "windows_phone"], 1)
            }),
        JSONCase(
            command: "applinks decode",
            success: { _ in ["example://docs?al_applink_data=%7B%22target_url%22%3A%22http%3A%5C%2F%5C%2Fexample.com%5C%2Fdocs%22%7D"] },
            failure: { _ in (["example://docs?al_applink_data=%7B%22version%22%3A%222.0%22%7D"], 1) }),
        JSONCase(
            command: "applinks resolve", success: { context in [context.site + "/applinks"] },
            failure: { _ in (["http://127.0.0.1:\(try LoopbackListener.closedPort())/applinks"], 2) }),
        JSONCase(
            command: "doctor",
            success: { context in [context.site, "--config", association, "--as-host", "shop.example.com", "--allow-http-loopback"] },
            failure: { context in ([context.site, "--config", shop, "--as-host", "shop.example.com", "--allow-http-loopback"], 1) }),
        JSONCase(
            command: "keys create", success: { context in ["--database", context.scratch.path("keys.sqlite"), "--name", "ci"] },
            failure: { context in (["--database", try textFileDatabase(context), "--name", "ci"], 2) }),
        JSONCase(
            command: "keys list", success: { context in ["--database", context.scratch.path("keys.sqlite")] },
            failure: { context in (["--database", try textFileDatabase(context)], 2) }),
        JSONCase(
            command: "keys revoke",
            success: { context in
                let database = context.scratch.path("keys.sqlite")
                let created = try await ServerProcess.run(["keys", "create", "--database", database, "--name", "ci", "--json"])
                let id = try #require(try JSONValue(parsing: created.output).objectValue?["id"]?.stringValue)
                return ["--database", database, id]
            },
            failure: { context in (["--database", context.scratch.path("keys.sqlite"), "000000000000"], 1) }),
        JSONCase(
            command: "webhooks create",
            success: { context in
                ["--database", context.scratch.path("hooks.sqlite"), "--url", "http://127.0.0.1:9/hook", "--allow-private-webhook-urls"]
            },
            failure: { context in (["--database", context.scratch.path("hooks.sqlite"), "--url", "http://127.0.0.1:9/hook"], 1) }),
        JSONCase(
            command: "webhooks list", success: { context in ["--database", context.scratch.path("hooks.sqlite")] },
            failure: { context in (["--database", try textFileDatabase(context)], 2) }),
        JSONCase(
            command: "webhooks delete", success: { context in try await webhookArguments(context) },
            failure: { context in (["--database", context.scratch.path("hooks.sqlite"), "wh_000000000000"], 1) }),
        JSONCase(
            command: "webhooks enable", success: { context in try await webhookArguments(context) },
            failure: { context in (["--database", context.scratch.path("hooks.sqlite"), "wh_000000000000"], 1) }),
        JSONCase(
            command: "webhooks deliveries", success: { context in try await webhookArguments(context) },
            failure: { context in (["--database", context.scratch.path("hooks.sqlite"), "wh_000000000000"], 1) }),
        JSONCase(
            command: "import firebase", success: { context in ["--config", shop, "--database", context.scratch.path("links.sqlite"), takeout] },
            failure: { context in (["--config", shop, "--database", try textFileDatabase(context), takeout], 2) }),
        JSONCase(
            command: "links list", success: { context in ["--database", try await databaseWithALink(context)] },
            failure: { context in (["--database", try textFileDatabase(context)], 2) }),
        JSONCase(
            command: "links tags", success: { context in ["--database", try await databaseWithALink(context)] },
            failure: { context in (["--database", try textFileDatabase(context)], 2) }),
        JSONCase(
            command: "links show", success: { context in ["--database", try await databaseWithALink(context), "spring"] },
            failure: { context in (["--database", context.scratch.path("links.sqlite"), "nothing"], 1) }),
        JSONCase(
            command: "links create",
            success: { context in ["--config", shop, "--database", context.scratch.path("links.sqlite"), "--deep-link", "shop://sales/3"] },
            failure: { context in (["--config", shop, "--database", context.scratch.path("links.sqlite"), "--deep-link", "mail://sales/3"], 1) }),
        JSONCase(
            command: "links update",
            success: { context in ["--config", shop, "--database", try await databaseWithALink(context), "spring", "--campaign", "spring"] },
            failure: { context in (["--config", shop, "--database", context.scratch.path("links.sqlite"), "nothing", "--campaign", "spring"], 1) }),
        JSONCase(
            command: "links delete", success: { context in ["--database", try await databaseWithALink(context), "spring"] },
            failure: { context in (["--database", context.scratch.path("links.sqlite"), "spring"], 1) }),
        JSONCase(
            command: "links stats", success: { context in ["--database", context.scratch.path("links.sqlite"), "--all"] },
            failure: { context in (["--database", context.scratch.path("links.sqlite"), "nothing"], 1) }),
        JSONCase(
            command: "links import",
            success: { context in
                let file = context.scratch.path("import.csv")
                try "code,deepLink\r\nspring,shop://sales/3\r\n".write(toFile: file, atomically: true, encoding: .utf8)
                return ["--config", shop, "--database", context.scratch.path("links.sqlite"), "--csv", file]
            },
            failure: { context in
                let file = context.scratch.path("broken.csv")
                try "code,deeplink_url\r\nspring,shop://sales/3\r\n".write(toFile: file, atomically: true, encoding: .utf8)
                return (["--config", shop, "--database", context.scratch.path("links.sqlite"), "--csv", file], 1)
            }),
        JSONCase(
            command: "users create", success: { context in ["--database", context.scratch.path("users.sqlite"), "ops", "--password-stdin"] },
            failure: { context in (["--database", context.scratch.path("users.sqlite"), "ops", "--password-stdin"], 1) },
            input: "correct horse battery\n"),
        JSONCase(
            command: "users list", success: { context in ["--database", try await databaseWithAUser(context)] },
            failure: { context in (["--database", try textFileDatabase(context)], 2) }),
        JSONCase(
            command: "users set-role", success: { context in ["--database", try await databaseWithAUser(context), "ops", "viewer"] },
            failure: { context in (["--database", context.scratch.path("users.sqlite"), "nobody", "viewer"], 1) }),
        JSONCase(
            command: "users delete", success: { context in ["--database", try await databaseWithAUser(context), "ops"] },
            failure: { context in (["--database", context.scratch.path("users.sqlite"), "ops"], 1) }),
    ]
}
