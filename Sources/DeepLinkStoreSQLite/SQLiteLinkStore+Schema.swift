import DeepLinkService
import SQLiteNIO

extension SQLiteLinkStore {
    /// The newest migration applied to the database, `0` when it has no tables yet.
    /// - Throws: ``StoreError`` when the database cannot be read.
    package func appliedSchemaVersion() async throws(StoreError) -> Int {
        try await run("read the schema version") { connection in
            let present = try await connection.query("SELECT COUNT(*) AS present FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
            guard present.first?.column("present")?.integer == 1 else { return 0 }
            return try await connection.query("SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations").first?.column("version")?.integer ?? 0
        }
    }

    /// Creates or upgrades the tables; see ``LinkStore/migrate()``.
    package func migrate() async throws(StoreError) {
        try await run("migrate") { connection in
            _ = try await connection.query("BEGIN IMMEDIATE")
            do {
                try await LinkStoreSchema.migrate { try await Self.rows($0, on: connection) }
                _ = try await connection.query("COMMIT")
            } catch {
                _ = try? await connection.query("ROLLBACK")
                throw error
            }
        }
    }

    /// Runs `SELECT 1`.
    package func checkHealth() async throws(StoreError) {
        try await run("answer a health check") { _ = try await $0.query("SELECT 1") }
    }
}
