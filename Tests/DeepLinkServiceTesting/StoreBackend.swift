import DeepLinkService
import DeepLinkTesting
import DeepLinkStorePostgres
import DeepLinkStoreSQLite
import Foundation
import Logging
import Testing

/// The store backends a test runs against: SQLite always, PostgreSQL when
/// `DEEPLINK_TEST_POSTGRES_URL` names a database.
package enum StoreBackend: String, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    /// Every backend available here; prints a note once when PostgreSQL is skipped.
    package static let available: [StoreBackend] = {
        guard TestPostgreSQL.url != nil else {
            print("note: DEEPLINK_TEST_POSTGRES_URL is not set; the PostgreSQL store tests are skipped")
            return [.sqlite]
        }
        return [.sqlite, .postgres]
    }()

    package var testDescription: String { rawValue }

    /// Runs `body` with a fresh, migrated store: a new SQLite file, or a new schema of the
    /// PostgreSQL database, so tests that purge or move clocks never touch each other's rows.
    package func withStore<Result: Sendable>(_ body: @Sendable (any LinkStore) async throws -> Result) async throws -> Result {
        var logger = Logger(label: "test.store")
        logger.logLevel = .warning
        switch self {
        case .sqlite:
            let folder = try temporaryFolder(prefix: "deeplink-test")
            defer { try? FileManager.default.removeItem(at: folder) }
            let store = try await SQLiteLinkStore.open(path: folder.appendingPathComponent("links.sqlite").path, logger: logger)
            do {
                let result = try await body(store)
                await store.close()
                return result
            } catch {
                await store.close()
                throw error
            }
        case .postgres:
            let schema = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
            let url = try #require(TestPostgreSQL.url(adding: "schema=\(schema)&pool_size=\(TestPostgreSQL.poolSize)"))
            // A turn of the shared database, as the suite runs many stores at once within
            // PostgreSQL's 100 connections, and waits for a connection that no loaded machine
            // reaches, where a server's is a second: with the whole suite and six busy loops on
            // two cores, concurrent clicks waited more than 10 s for one of the six connections.
            return try await TestPostgreSQL.withTurn {
                try await PostgresLinkStore.withStore(url: url, connectTimeout: .seconds(120), connectionWait: .seconds(120), logger: logger, body)
            }
        }
    }
}
