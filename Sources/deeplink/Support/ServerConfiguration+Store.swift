import DeepLinkServer
import DeepLinkService
#if PostgreSQL
import DeepLinkStorePostgres
#endif
import DeepLinkStoreSQLite
import Logging

extension ServerConfiguration {
    /// How a command uses the database.
    enum StoreAccess {
        /// Creates the database if missing and brings its tables up to date.
        case readWrite
        /// Creates, migrates and writes nothing: a missing or empty database reads as empty.
        case readOnly
    }

    /// Opens the database these settings name, says which on standard error
    /// (`using sqlite:/srv/deeplink/deeplink.sqlite`, passwords hidden), runs `body`, and closes it.
    /// - Parameters:
    ///   - access: Whether the database may be created and migrated.
    ///   - logger: The store's logger.
    ///   - body: The work.
    /// - Throws: ``StoreError`` when the database cannot be used, or what `body` throws.
    func withStore<Result: Sendable>(
        access: StoreAccess = .readWrite, logger: Logger, _ body: @Sendable (any LinkStore) async throws -> Result
    ) async throws -> Result {
        switch database {
        case .postgres(let url):
            #if PostgreSQL
            printError("using \(database)")
            return try await PostgresLinkStore.withStore(
                url: url, connectTimeout: databaseConnectTimeout, connectionWait: databaseWait, migrating: access == .readWrite, logger: logger
            ) { store in
                guard access == .readOnly else { return try await body(store) }
                return try await Self.reading(store, version: try await store.appliedSchemaVersion(), logger: logger, body)
            }
            #else
            _ = url
            throw Self.builtWithoutPostgreSQL
            #endif
        case .sqlite(let path) where access == .readOnly:
            guard let store = try await SQLiteLinkStore.openExisting(path: path, logger: logger) else {
                printError("using \(database) (not there yet; nothing is created)")
                return try await Self.withEmptyStore(logger: logger, body)
            }
            printError("using \(database)")
            return try await Self.closing(store) { try await Self.reading(store, version: try await store.appliedSchemaVersion(), logger: logger, body) }
        case .sqlite(let path):
            printError("using \(database)")
            let store = try await SQLiteLinkStore.open(path: path, logger: logger)
            return try await Self.closing(store) { try await body(store) }
        }
    }

    /// Why a `postgres://` database cannot be used by a build without the `PostgreSQL` trait.
    static let builtWithoutPostgreSQL = CommandFailure(
        "this deeplink was built without PostgreSQL support, so it cannot use a postgres:// database",
        fix: "build it with `swift build -c release --traits PostgreSQL`, run it with `swift run --traits PostgreSQL deeplink …`, "
            + "or use an SQLite database (sqlite:PATH)",
        code: "postgresql-not-built", status: .environment)

    /// Runs store work for a command that prints a report, quietly (warnings only), turning any
    /// failure into a ``CommandFailure``; a `CommandFailure` thrown by `body` passes unchanged.
    /// - Parameters:
    ///   - label: The logger's label, e.g. `deeplink.import`.
    ///   - access: Whether the database may be created and migrated.
    ///   - body: The work.
    func withCommandStore<Result: Sendable>(
        label: String, access: StoreAccess = .readWrite, _ body: @Sendable (any LinkStore) async throws -> Result
    ) async throws(CommandFailure) -> Result {
        let logger = Logger.standardError(label: label, level: .warning)
        do {
            return try await withStore(access: access, logger: logger, body)
        } catch let failure as CommandFailure {
            throw failure
        } catch let error as StoreError {
            throw CommandFailure(error)
        } catch {
            throw CommandFailure("the database failed: \(error)", code: "database-failed", status: .environment)
        }
    }

    /// Runs `body` on a store opened without migrating: an empty database reads as an empty
    /// store, an outdated one is refused rather than upgraded.
    private static func reading<Result: Sendable>(
        _ store: any LinkStore, version: Int, logger: Logger, _ body: @Sendable (any LinkStore) async throws -> Result
    ) async throws -> Result {
        if version == 0 { return try await withEmptyStore(logger: logger, body) }
        guard version >= LinkStoreSchema.migrations.count else {
            throw StoreError(
                code: .outdatedSchema,
                message: "the database's tables are at version \(version) of \(LinkStoreSchema.migrations.count), and this command "
                    + "only reads; upgrade them by running deeplink serve once, or the command without --dry-run")
        }
        return try await body(store)
    }

    /// Runs `body` on an empty store in memory, which leaves nothing behind.
    private static func withEmptyStore<Result: Sendable>(
        logger: Logger, _ body: @Sendable (any LinkStore) async throws -> Result
    ) async throws -> Result {
        let store = try await SQLiteLinkStore.open(path: nil, logger: logger)
        return try await closing(store) { try await body(store) }
    }

    private static func closing<Result: Sendable>(_ store: SQLiteLinkStore, _ body: () async throws -> Result) async throws -> Result {
        do {
            let result = try await body()
            await store.close()
            return result
        } catch {
            await store.close()
            throw error
        }
    }
}
