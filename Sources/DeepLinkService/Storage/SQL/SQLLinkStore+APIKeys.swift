import Foundation

extension SQLLinkStore {
    private static var selectKeys: String { "SELECT id, name, secret_hash, created_at, revoked_at, last_used_at, scopes, created_by FROM api_keys" }

    /// Stores a new API key; see ``APIKeyStorage``.
    package func insert(_ key: APIKeyRecord) async throws(StoreError) {
        try await run(
            SQLQuery(
                "INSERT INTO api_keys (id, name, secret_hash, created_at, revoked_at, scopes, created_by) VALUES (\(placeholders(7)))",
                [
                    .text(key.id), .text(key.name), .text(key.secretHash), .seconds(key.createdAt), .seconds(key.revokedAt),
                    .text(APIKeyScope.stored(key.scopes)), .text(key.createdBy?.stored),
                ],
                action: "insert API key", duplicateMessage: "the key id \(key.id) is taken"))
    }

    /// The API key with an id, or `nil`.
    package func apiKey(id: String) async throws(StoreError) -> APIKeyRecord? {
        try await run(
            SQLQuery("\(Self.selectKeys) WHERE id = $1", [.text(id)], action: "read API key") { rows throws(StoreError) in
                try rows.first.map(APIKeyRecord.init(row:))
            })
    }

    /// Every API key, oldest first.
    package func apiKeys() async throws(StoreError) -> [APIKeyRecord] {
        try await run(
            SQLQuery("\(Self.selectKeys) ORDER BY created_at, id", action: "list API keys") { rows throws(StoreError) in
                try rows.map(APIKeyRecord.init(row:))
            })
    }

    /// Records a key's use, keeping the later time; see ``APIKeyStorage``.
    package func recordAPIKeyUse(id: String, at date: Date) async throws(StoreError) {
        try await run(
            SQLQuery(
                "UPDATE api_keys SET last_used_at = $1 WHERE id = $2 AND (last_used_at IS NULL OR last_used_at < $3)",
                [.seconds(date), .text(id), .seconds(date)], action: "record API key use"))
    }

    /// Marks a key revoked, keeping the first revocation time.
    package func revokeAPIKeys(createdBy creator: APIKeyCreator, at date: Date) async throws(StoreError) -> [String] {
        try await run(
            SQLQuery(
                "UPDATE api_keys SET revoked_at = $1 WHERE created_by = $2 AND revoked_at IS NULL RETURNING id",
                [.seconds(date), .text(creator.stored)], action: "revoke the keys a user created"
            ) { rows throws(StoreError) in try rows.map { row throws(StoreError) in try row.required("id", of: "api_keys") } })
    }

    package func revokeAPIKey(id: String, at date: Date) async throws(StoreError) -> Bool {
        try await run(
            SQLQuery(
                "UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $1) WHERE id = $2 RETURNING id", [.seconds(date), .text(id)],
                action: "revoke API key"
            ) { !$0.isEmpty })
    }
}

extension APIKeyRecord {
    /// Reads a row of the api_keys table.
    init(row: any SQLRow) throws(StoreError) {
        self.init(
            id: try row.required("id", of: "api_keys"), name: try row.required("name", of: "api_keys"),
            secretHash: try row.required("secret_hash", of: "api_keys"), createdAt: try row.required("created_at", of: "api_keys"),
            revokedAt: try row.date("revoked_at"), lastUsedAt: try row.date("last_used_at"), scopes: try Self.scopes(row), createdBy: try Self.creator(row))
    }

    private static func scopes(_ row: any SQLRow) throws(StoreError) -> Set<APIKeyScope> {
        let stored: String = try row.required("scopes", of: "api_keys")
        guard let scopes = APIKeyScope.parse(stored: stored) else {
            throw StoreError(code: .corrupt, message: "the api_keys table holds scopes that are not \(APIKeyScope.names) (\(stored))")
        }
        return scopes
    }

    private static func creator(_ row: any SQLRow) throws(StoreError) -> APIKeyCreator? {
        guard let stored = try row.text("created_by") else { return nil }
        guard let creator = APIKeyCreator(stored: stored) else {
            throw StoreError(code: .corrupt, message: "the api_keys table holds a creator that is neither cli, key: nor user: (\(stored))")
        }
        return creator
    }
}
