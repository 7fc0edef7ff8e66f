import ArgumentParser
import DeepLinkServer
import DeepLinkStorePostgres
import DeepLinkStoreSQLite
import Foundation
import Logging

/// `--database sqlite:PATH | postgres://…`, shared by `serve` and `keys`.
struct DatabaseOptions: ParsableArguments {
    /// The default database: an SQLite file under `./.deeplink/`.
    static let defaultDatabase = "sqlite:.deeplink/deeplink.sqlite"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The link database: sqlite:PATH or postgres://USER:PASSWORD@HOST:PORT/DATABASE.", valueName: "url"))
    var database: String = DatabaseOptions.defaultDatabase

    /// Opens the store, migrates it, runs `body`, and closes it.
    func withStore<Result: Sendable>(
        logger: Logger, _ body: @Sendable (any LinkStore) async throws -> Result
    ) async throws -> Result {
        if database.hasPrefix("postgres://") || database.hasPrefix("postgresql://") {
            return try await PostgresLinkStore.withStore(url: database, logger: logger) { try await body($0) }
        }
        guard database.hasPrefix("sqlite:") else {
            throw CommandFailure("error: --database must be sqlite:PATH or postgres://…, not \(database)")
        }
        let path = String(database.dropFirst("sqlite:".count))
        guard !path.isEmpty else { throw CommandFailure("error: --database sqlite: needs a file path, e.g. sqlite:.deeplink/deeplink.sqlite") }
        let store = try await SQLiteLinkStore.open(path: path, logger: logger)
        do {
            let result = try await body(store)
            await store.close()
            return result
        } catch {
            await store.close()
            throw error
        }
    }
}
