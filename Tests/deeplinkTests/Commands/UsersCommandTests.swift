import DeepLinkCore
import DeepLinkTesting
import Foundation
import DeepLinkService
import Testing

/// `deeplink users`, run as the real executable on an SQLite database in a scratch folder.
struct UsersCommandTests {
    static let password = "correct horse battery"

    /// Runs `deeplink users SUBCOMMAND ARGUMENTS --database PATH` with `input` on standard input.
    static func users(_ subcommand: String, _ arguments: [String], database: String, input: String = "") async throws -> ServerProcess.Outcome {
        try await ServerProcess.run(["users", subcommand, "--database", database] + arguments, input: input)
    }

    @Test func createsListsAndDeletesAUserWithoutEverPrintingThePassword() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let database = scratch.path("users.sqlite")
        let created = try await Self.users("create", ["ops@example.com", "--password-stdin"], database: database, input: Self.password + "\n")
        #expect(created.status == 0, "\(created.error)")
        #expect(created.output == "created dashboard user ops@example.com (admin)\n")

        let listed = try await Self.users("list", [], database: database)
        #expect(listed.output.hasPrefix("ops@example.com  admin  created 20"), "\(listed.output)")
        let json = try await Self.users("list", ["--json"], database: database)
        let users = try #require(try JSONValue(parsing: json.output).objectValue?["users"])
        guard case .array(let list) = users, let user = list.first?.objectValue else { Issue.record("\(json.output)"); return }
        #expect(list.count == 1)
        #expect(Set(user.keys) == ["name", "role", "createdAt"])

        for output in [created, listed, json] {
            #expect(!output.output.contains("horse") && !output.error.contains("horse"))
            #expect(!output.output.contains("$2") && !output.error.contains("$2"), "a bcrypt hash was printed")
        }
        let stored = try Data(contentsOf: URL(fileURLWithPath: database))
        #expect(stored.range(of: Data(Self.password.utf8)) == nil, "the password is stored in clear")
        #expect(stored.range(of: Data("$12$".utf8)) != nil, "no bcrypt hash of cost 12 is stored")

        let deleted = try await Self.users("delete", ["ops@example.com"], database: database)
        #expect(deleted.status == 0)
        #expect(deleted.output == "deleted dashboard user ops@example.com, ended their sessions\n")
        let empty = try await Self.users("list", [], database: database)
        #expect(empty.output == "no dashboard users; create one with deeplink users create NAME\n")
    }

    /// Eleven characters and a CRLF: twelve if the CR were kept.
    @Test func readsThePasswordsFirstLineWithoutItsLineEnding() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let created = try await Self.users(
            "create", ["ops", "--password-stdin"], database: scratch.path("users.sqlite"), input: "elevenchars\r\nmore than twelve characters\n")
        #expect(created.status == 1)
        #expect(created.error.contains("password: a password needs at least 12 characters"), "\(created.error)")
    }

    @Test func refusesAShortPasswordNamingTheMinimum() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let refused = try await Self.users("create", ["ops", "--password-stdin", "--json"], database: scratch.path("users.sqlite"), input: "hunter2\n")
        #expect(refused.status == 1)
        #expect(
            refused.error
                == "error: password: a password needs at least 12 characters; a few random words make a good one (invalid-field)\n")
        #expect(try JSONValue(parsing: refused.output).objectValue?["error"]?.objectValue?["code"] == "invalid-field")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("users.sqlite")), "the database was opened for a refused password")
    }

    @Test func refusesATakenName() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let database = scratch.path("users.sqlite")
        #expect(try await Self.users("create", ["ops", "--password-stdin"], database: database, input: Self.password).status == 0)
        let again = try await Self.users("create", ["ops", "--password-stdin"], database: database, input: Self.password)
        #expect(again.status == 1)
        #expect(again.error.hasSuffix("error: there is already a dashboard user named ops (choose another name, or delete that user first) (duplicate)\n"))
    }

    @Test(arguments: ["", "two words", "a/b", String(repeating: "x", count: 65)])
    func refusesANameThatCannotSignIn(name: String) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let refused = try await Self.users("create", [name, "--password-stdin"], database: scratch.path("users.sqlite"), input: Self.password)
        #expect(refused.status == 1)
        #expect(refused.error.hasPrefix("error: name: a user name is 1 to 64 ASCII letters"), "\(refused.error)")
    }

    @Test func withoutAPasswordOnStandardInputSaysHowToGiveOne() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let database = scratch.path("users.sqlite")
        let notATerminal = try await Self.users("create", ["ops"], database: database)
        #expect(notATerminal.status == 64)
        #expect(
            notATerminal.error
                == "error: no password given (pipe it in with --password-stdin, or run the command in a terminal to type it) (no-password)\n")
        let empty = try await Self.users("create", ["ops", "--password-stdin"], database: database)
        #expect(empty.status == 1)
        #expect(empty.error.hasSuffix("(no-password)\n"))
    }

    @Test func deletingAnUnknownUserIsNotFound() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let missing = try await Self.users("delete", ["nobody", "--json"], database: scratch.path("users.sqlite"))
        #expect(missing.status == 1)
        #expect(missing.error.hasSuffix("error: there is no dashboard user named nobody (see deeplink users list) (not-found)\n"))
        #expect(try JSONValue(parsing: missing.output).objectValue?["error"]?.objectValue?["code"] == "not-found")
    }

    @Test func aDatabaseThatCannotBeOpenedIsAnEnvironmentError() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let notADatabase = try scratch.write("notes.txt", "not a database\n")
        for (subcommand, arguments) in [("create", ["ops", "--password-stdin"]), ("list", []), ("delete", ["ops"])] {
            let failed = try await Self.users(subcommand, arguments + ["--json"], database: notADatabase, input: Self.password)
            #expect(failed.status == 2, "users \(subcommand): \(failed.error)")
            #expect(try JSONValue(parsing: failed.output).objectValue?["error"]?.objectValue?["code"] != nil)
        }
        let unreachable = "postgres://deeplink:secret@127.0.0.1:\(try LoopbackListener.closedPort())/users"
        let closed = try await Self.users("list", [], database: unreachable)
        #expect(closed.status == 2)
        #expect(closed.error.hasSuffix("(unreachable)\n"), "\(closed.error)")
        let unnamed = try await ServerProcess.run(["users", "list"])
        #expect(unnamed.status == 64)
    }

    @Test(.enabled(if: TestPostgreSQL.url != nil), .postgreSQLTurn)
    func worksOnPostgreSQL() async throws {
        let database = try #require(TestPostgreSQL.url(adding: "pool_size=\(TestPostgreSQL.poolSize)"))
        let name = "cli-\(UUID().uuidString.prefix(8).lowercased())"
        #expect(try await Self.users("create", [name, "--password-stdin"], database: database, input: Self.password).status == 0)
        let listed = try await Self.users("list", [], database: database)
        #expect(listed.output.contains("\(name)  admin  created "))
        #expect(try await Self.users("delete", [name], database: database).status == 0)
        #expect(try await Self.users("delete", [name], database: database).status == 1)
    }
}

/// New users' names and passwords, checked as NIST SP 800-63B asks, and keys' names kept printable.
struct AccountInputTests {
    @Test(arguments: [
        (String(repeating: " ", count: 12), "only spaces"), ("aaaaaaaaaaaa", "one character repeated"),
        ("abcabcabcabc", "a few characters repeated"), ("password1234", "a common password (password) with digits"),
        ("qwertyuiopas", nil), ("1qaz2wsx3edc", "one of the most common passwords"), ("maria-secret-maria", "contain the user name"),
        ("short", "at least 12 characters"),
    ] as [(String, String?)])
    func aWeakPasswordIsRefusedSayingWhy(password: String, reason: String?) {
        let problem = DashboardPassword.problem(with: password, name: "maria")
        if let reason {
            #expect(problem?.contains(reason) == true, "\(password): \(problem ?? "accepted")")
        } else {
            #expect(problem == nil, "\(password): \(problem ?? "")")
        }
        #expect(DashboardPassword.problem(with: "correct horse battery staple", name: "maria") == nil)
    }

    @Test func aNameThatDiffersFromAnotherOnlyInCaseIsRefused() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let database = scratch.path("users.sqlite")
        #expect(try await UsersCommandTests.users("create", ["Maria", "--password-stdin"], database: database, input: UsersCommandTests.password).status == 0)
        let twin = try await UsersCommandTests.users("create", ["maria", "--password-stdin"], database: database, input: UsersCommandTests.password)
        #expect(twin.status == 1)
        #expect(twin.error.contains("differs from the existing user Maria only in case"), "\(twin.error)")
        let cyrillic = try await UsersCommandTests.users("create", ["mаria", "--password-stdin"], database: database, input: UsersCommandTests.password)
        #expect(cyrillic.status == 1, "a Cyrillic а is not ASCII")
    }

    @Test(arguments: ["ci\u{1B}[31m", "ci\u{07}", "ci\r\nforged", "ci\u{202E}gnp.exe", "c\u{200B}i"])
    func aKeyNameWithAControlOrInvisibleCharacterIsRefused(name: String) throws {
        #expect(throws: LinkServerError.self) { try APIKey.validated(name: name) }
        #expect(try APIKey.validated(name: "  ci  ") == "ci")
    }
}
