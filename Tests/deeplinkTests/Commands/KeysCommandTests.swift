import DeepLinkCore
import DeepLinkTesting
import Foundation
import DeepLinkService
import DeepLinkStoreSQLite
import Logging
import Testing

/// `deeplink keys` with scopes, and `deeplink users` with roles and the keys a user made, run as
/// the real executable on an SQLite database in a scratch folder (issue 27).
struct KeysCommandTests {
    static func run(_ arguments: [String], database: String, input: String = "") async throws -> ServerProcess.Outcome {
        try await ServerProcess.run(arguments + ["--database", database], input: input)
    }

    @Test func createsAKeyWithTheScopesGivenAndListsThemWithItsCreator() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let database = scratch.path("keys.sqlite")
        let created = try await Self.run(["keys", "create", "--name", "site", "--scope", "links:read", "--scope", "links:write", "--json"], database: database)
        #expect(created.status == 0, "\(created.error)")
        let object = try #require(try JSONValue(parsing: created.output).objectValue)
        #expect(object["scopes"] == .array(["links:read", "links:write"]))

        let plain = try await Self.run(["keys", "create", "--name", "ops"], database: database)
        #expect(plain.output.contains("scopes: admin"), "a key without --scope is an admin key, as before: \(plain.output)")

        let listed = try await Self.run(["keys", "list"], database: database)
        #expect(listed.output.contains("site  links:read, links:write  created "), "\(listed.output)")
        #expect(listed.output.contains(" by deeplink keys create "), "\(listed.output)")
        let json = try await Self.run(["keys", "list", "--json"], database: database)
        let keys = try #require(try JSONValue(parsing: json.output).objectValue?["keys"]?.arrayValue)
        let site = try #require(keys.compactMap(\.objectValue).first { $0["name"] == "site" })
        #expect(site["createdBy"] == "cli")
        #expect(site["scopes"] == .array(["links:read", "links:write"]))

        let wrong = try await Self.run(["keys", "create", "--name", "x", "--scope", "links:delete"], database: database)
        #expect(wrong.status == 64)
        #expect(wrong.error.contains("links:delete"), "\(wrong.error)")
    }

    @Test func changesAUsersRoleAndDeletingThemRevokesTheKeysTheyMadeUnlessTold() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let database = scratch.path("users.sqlite")
        for name in ["ana", "ben"] {
            let created = try await Self.run(["users", "create", name, "--password-stdin", "--role", "editor"], database: database, input: "correct horse battery\n")
            #expect(created.output == "created dashboard user \(name) (editor)\n", "\(created.error)")
        }
        let changed = try await Self.run(["users", "set-role", "ana", "viewer"], database: database)
        #expect(changed.output == "ana is now a viewer\n")
        #expect(try await Self.run(["users", "list"], database: database).output.contains("ana  viewer  created "))
        let unknown = try await Self.run(["users", "set-role", "nobody", "admin"], database: database)
        #expect(unknown.status == 1)
        let badRole = try await Self.run(["users", "set-role", "ana", "owner"], database: database)
        #expect(badRole.status == 64)

        // Keys made in the dashboard by each user, written as the dashboard writes them.
        let store = try await SQLiteLinkStore.open(path: database, logger: Logger(label: "test"))
        var made: [String: APIKey] = [:]
        for name in ["ana", "ben"] {
            let key = APIKey.generate(name: "\(name)'s", at: Date(), scopes: [.linksWrite], createdBy: .user(name: name))
            try await store.insert(key.record)
            made[name] = key
        }
        try await store.insert(APIKey.generate(name: "ana's other", at: Date(), scopes: [.linksRead], createdBy: .user(name: "ana")).record)
        // A key made in a session signed in with ana's key goes with hers.
        let anaKey = try #require(made["ana"])
        try await store.insert(APIKey.generate(name: "made with ana's", at: Date(), scopes: [.linksRead], createdBy: .apiKey(id: anaKey.record.id)).record)
        await store.close()

        let deleted = try await Self.run(["users", "delete", "ana", "--json"], database: database)
        let revoked = try #require(try JSONValue(parsing: deleted.output).objectValue?["revokedKeys"]?.arrayValue)
        #expect(revoked.count == 3)
        let kept = try await Self.run(["users", "delete", "ben", "--keep-keys"], database: database)
        #expect(kept.output == "deleted dashboard user ben, ended their sessions; the keys they created still work\n")

        let keys = try #require(try JSONValue(parsing: try await Self.run(["keys", "list", "--json"], database: database).output).objectValue?["keys"]?.arrayValue)
        let active = keys.compactMap(\.objectValue).filter { $0["revokedAt"] == .null }.compactMap { $0["createdBy"]?.stringValue }
        #expect(active == ["user:ben"])
    }
}
