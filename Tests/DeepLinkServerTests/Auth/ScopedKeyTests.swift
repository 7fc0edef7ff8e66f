import DeepLinkCore
import DeepLinkServiceTesting
import DeepLinkStoreSQLite
import DeepLinkTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import SQLiteNIO
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// Issue 27: keys limited to what they need, dashboard users with roles, and keys that end with
/// the user who made them.
struct ScopedKeyTests {
    /// Stores a key with `scopes` and returns its token.
    static func key(_ scopes: Set<APIKeyScope>, in server: ServerHarness, createdBy: APIKeyCreator? = nil) async throws -> String {
        let key = APIKey.generate(name: "scoped \(APIKeyScope.stored(scopes))", at: Date(), scopes: scopes, createdBy: createdBy)
        try await server.store.insert(key.record)
        return key.token
    }

    @Test func aReadOnlyKeyReadsButCannotWriteAndIsToldWhichScopeIsMissing() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let code = "scoped-\(UUID().uuidString.prefix(8).lowercased())"
            _ = try await server.createLink(#"{"code": "\#(code)", "deepLink": "shop://sales/42"}"#)
            let reader = try await Self.key([.linksRead], in: server)

            #expect(try await server.api(.get, "/api/v1/links/\(code)", token: reader).status == .ok)
            #expect(try await server.api(.get, "/api/v1/links", token: reader).status == .ok)
            #expect(try await server.api(.get, "/api/v1/links/\(code)/stats", token: reader).status == .ok)
            #expect(try await server.api(.get, "/api/v1/stats", token: reader).status == .ok)

            let writes: [(HTTPRequest.Method, String, String?)] = [
                (.post, "/api/v1/links", #"{"deepLink": "shop://sales/1"}"#), (.patch, "/api/v1/links/\(code)", #"{"note": "x"}"#),
                (.delete, "/api/v1/links/\(code)", nil),
            ]
            for (method, uri, body) in writes {
                let refused = try await server.api(method, uri, json: body, token: reader)
                #expect(refused.status == .forbidden, "\(method) \(uri)")
                let error = try #require(try refused.object()["error"]?.objectValue)
                #expect(error["code"] == "insufficient-scope")
                #expect(error["scope"] == "links:write")
                #expect(error["message"]?.stringValue?.contains("holds links:read") == true)
                #expect(refused.headers[.wwwAuthenticate] == #"Bearer realm="deeplink", error="insufficient_scope", scope="links:write""#)
            }
            // Nothing was changed by the refused requests.
            #expect(try await server.store.link(code: code)?.note == nil)
        }
    }

    @Test func aWriteKeyReadsAndWritesAndAWebhooksKeyDoesNeither() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let writer = try await Self.key([.linksWrite], in: server)
            let created = try await server.api(.post, "/api/v1/links", json: #"{"deepLink": "shop://sales/1"}"#, token: writer)
            #expect(created.status == .created)
            let code = try #require(try created.object()["code"]?.stringValue)
            #expect(try await server.api(.get, "/api/v1/links/\(code)", token: writer).status == .ok)
            #expect(try await server.api(.delete, "/api/v1/links/\(code)", token: writer).status == .noContent)

            let hooks = try await Self.key([.webhooks], in: server)
            let refused = try await server.api(.get, "/api/v1/links", token: hooks)
            #expect(refused.status == .forbidden)
            #expect(try refused.object()["error"]?.objectValue?["scope"] == "links:read")
        }
    }

    @Test func scopesGrantWhatTheySay() {
        let cases: [(held: Set<APIKeyScope>, needed: APIKeyScope, granted: Bool)] = [
            ([.admin], .webhooks, true), ([.linksWrite], .linksRead, true), ([.linksRead], .linksWrite, false),
            ([.webhooks], .linksRead, false), ([.linksRead, .webhooks], .webhooks, true), ([.linksWrite], .admin, false),
        ]
        for (held, needed, granted) in cases {
            #expect(needed.isGranted(by: held) == granted, "\(held) for \(needed)")
            #expect(needed.isGranted(byMask: APIKeyScope.mask(held)) == granted, "\(held) as a mask for \(needed)")
            #expect(APIKeyScope.scopes(inMask: APIKeyScope.mask(held)) == held)
        }
    }

    @Test func scopesAreReadByNameAndStoredSorted() throws {
        #expect(try APIKeyScope.named(" Links:Write ") == .linksWrite)
        let error = #expect(throws: LinkServerError.self) { try APIKeyScope.named("links:delete") }
        #expect(error?.message == #"unknown scope "links:delete"; a key's scopes are links:read, links:write, webhooks, admin"#)
        #expect(APIKeyScope.stored([.admin, .linksRead]) == "links:read admin")
        #expect(APIKeyScope.parse(stored: "links:read admin") == [.linksRead, .admin])
        #expect(APIKeyScope.parse(stored: "links:read root") == nil)
        #expect(APIKeyScope.parse(stored: "") == nil)
    }

    @Test func keysAndUsersFromBeforeScopesKeepFullRights() async throws {
        let folder = try temporaryFolder(prefix: "deeplink-scopes")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("links.sqlite").path
        let scopesMigration = try #require(LinkStoreSchema.migrations.firstIndex { $0.contains { $0.contains("ADD COLUMN scopes") } })
        let old = try await SQLiteConnection.open(storage: .file(path: path), logger: Logger(label: "test"))
        do {
            _ = try await old.query("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)")
            for (index, statements) in LinkStoreSchema.migrations.prefix(scopesMigration).enumerated() {
                for sql in statements { _ = try await old.query(sql) }
                _ = try await old.query("INSERT INTO schema_migrations (version, applied_at) VALUES (\(index + 1), 0)")
            }
            _ = try await old.query("INSERT INTO api_keys (id, name, secret_hash, created_at) VALUES ('0123456789ab', 'ci', 'aa', 0)")
            _ = try await old.query("INSERT INTO dashboard_users (name, password_hash, created_at) VALUES ('ops', 'x', 0)")
        } catch {
            try await old.close()
            throw error
        }
        try await old.close()

        let store = try await SQLiteLinkStore.open(path: path, logger: Logger(label: "test"))
        defer { Task { await store.close() } }
        let key = try #require(try await store.apiKey(id: "0123456789ab"))
        #expect(key.scopes == [.admin])
        #expect(key.createdBy == nil)
        #expect(try await store.dashboardUser(name: "ops")?.role == .admin)
    }

    @Test func deletingAUsersKeysRevokesOnlyTheKeysTheyCreated() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let name = "leaver-\(UUID().uuidString.prefix(6).lowercased())"
            let theirs = try await Self.key([.linksRead], in: server, createdBy: .user(name: name))
            let others = try await Self.key([.linksRead], in: server, createdBy: .user(name: name + "-stays"))
            let revoked = try await server.store.revokeAPIKeys(createdBy: .user(name: name), at: Date())
            #expect(revoked == [try #require(APIKey.id(of: theirs))])
            #expect(try await server.api(.get, "/api/v1/links", token: theirs).status == .unauthorized)
            #expect(try await server.api(.get, "/api/v1/links", token: others).status == .ok)
        }
    }

    @Test func aReadOnlyKeysRefusedWritesSpendNoOnesWriteLimit() async throws {
        var configuration = try ServerHarness.configuration()
        configuration.writesPerMinutePerAddress = 2
        try await ServerHarness.run(.sqlite, configuration: configuration, clock: TestClock()) { server in
            let reader = try await Self.key([.linksRead], in: server)
            for _ in 0..<5 {
                let refused = try await server.api(.post, "/api/v1/links", json: #"{"deepLink": "shop://sales/1"}"#, token: reader)
                #expect(refused.status == .forbidden)
            }
            // The address's two writes are still there for a key that may write.
            #expect(try await server.api(.post, "/api/v1/links", json: #"{"deepLink": "shop://sales/1"}"#).status == .created)
        }
    }

    @Test func revokingAKeyRevokesTheKeysMadeWithItAllTheWayDown() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let parent = APIKey.generate(name: "parent", at: Date(), scopes: [.admin], createdBy: .commandLine)
            let child = APIKey.generate(name: "child", at: Date(), scopes: [.linksWrite], createdBy: .apiKey(id: parent.record.id))
            let grandchild = APIKey.generate(name: "grandchild", at: Date(), scopes: [.linksRead], createdBy: .apiKey(id: child.record.id))
            let unrelated = APIKey.generate(name: "unrelated", at: Date(), scopes: [.linksRead], createdBy: .commandLine)
            for key in [parent, child, grandchild, unrelated] { try await server.store.insert(key.record) }

            let admin = try await DashboardBrowser.signIn(server)
            let revoked = try await admin.post("/dashboard/keys/\(parent.record.id)/revoke", [])
            #expect(revoked.headers[.location] == "/dashboard/keys?done=revoked&with=2")
            #expect(try await admin.get(try #require(revoked.headers[.location])).text.contains("Key revoked, and the 2 keys made with it."))
            for key in [parent, child, grandchild] {
                #expect(try await server.store.apiKey(id: key.record.id)?.revokedAt != nil, "\(key.record.name)")
                #expect(try await server.api(.get, "/api/v1/links", token: key.token).status == .unauthorized)
            }
            #expect(try await server.api(.get, "/api/v1/links", token: unrelated.token).status == .ok)
        }
    }
}
