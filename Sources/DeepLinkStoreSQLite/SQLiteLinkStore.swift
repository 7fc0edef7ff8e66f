import DeepLinkCore
import DeepLinkService
import Foundation
import Logging
import NIOCore
import SQLiteNIO
import Synchronization

/// A ``LinkStore`` in one SQLite file (or in memory), in WAL mode, through sqlite-nio.
///
/// One connection writes; a file's reads (`SELECT`s) go to two more connections that only read,
/// so a link is looked up while a batch of click counts is being written: in WAL mode readers
/// never wait for the writer, and a read sees every write that returned before it began. WAL
/// also lets other processes, such as `deeplink keys create`, read and write the same file
/// meanwhile. A fourth connection copies the write-ahead log back into the file every half
/// second (a passive checkpoint, which waits for nobody), so the writer does not do it inside
/// a commit and hold up the requests waiting on that commit. `Sendable`.
package final class SQLiteLinkStore: SQLLinkStore {
    /// `BINARY`: SQLite compares text byte by byte by default.
    package static let byteOrder = "BINARY"
    /// SQLite's `LIKE` ignores ASCII case already.
    package static let lowercasesBeforeLike = false

    /// How many connections only read, beside the one that writes.
    static let readerCount = 2

    /// How often the write-ahead log is copied back into the file.
    static let checkpointInterval = Duration.milliseconds(500)
    /// The log's length, in pages, at which the writer copies it back itself: only reached when
    /// the background checkpoints fall behind (SQLite's default is 1,000).
    static let writerCheckpointPages = 10_000

    private let connection: SQLiteConnection
    private let readers: [SQLiteConnection]
    private let readsRun = Atomic<Int>(0)
    private let checkpoints: Checkpoints?

    private init(connection: SQLiteConnection, readers: [SQLiteConnection] = [], checkpoints: Checkpoints? = nil) {
        self.connection = connection
        self.readers = readers
        self.checkpoints = checkpoints
    }

    /// The connection that checkpoints the log and the task that runs it.
    private struct Checkpoints: Sendable {
        let connection: SQLiteConnection
        let task: Task<Void, Never>

        /// Starts checkpointing every ``SQLiteLinkStore/checkpointInterval``; a failed checkpoint
        /// is logged and the next one tried as usual.
        init(connection: SQLiteConnection, logger: Logger) {
            self.connection = connection
            task = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: SQLiteLinkStore.checkpointInterval)
                    guard !Task.isCancelled else { return }
                    do {
                        _ = try await connection.query("PRAGMA wal_checkpoint(PASSIVE)")
                    } catch {
                        logger.warning("cannot checkpoint the SQLite write-ahead log", metadata: ["error": "\(error)"])
                    }
                }
            }
        }

        /// Stops checkpointing and closes the connection.
        func stop() async {
            task.cancel()
            await task.value
            try? await connection.close()
        }
    }

    /// Opens (creating if needed) a database file and brings its schema up to date.
    ///
    /// When the file cannot be used, nothing is left behind: a file or folder this call created
    /// is removed again, and a failed migration is rolled back.
    /// - Parameters:
    ///   - path: The file's path; its folder is created if missing. `nil` for an in-memory database.
    ///   - logger: The logger for the connection.
    /// - Throws: ``StoreError`` naming the file: `not-a-database` for a file that holds something
    ///   else, `cannot-create` for a file or folder that cannot be created or written,
    ///   `unavailable` when it cannot be migrated.
    package static func open(path: String?, logger: Logger) async throws(StoreError) -> SQLiteLinkStore {
        guard let path else {
            let store = try await connect(storage: .memory, describedAs: ":memory:", logger: logger)
            try await store.closing { () async throws(StoreError) in try await store.migrate() }
            return store
        }
        let created = try createFolder(of: path)
        let fileExisted = FileManager.default.fileExists(atPath: path)
        do throws(StoreError) {
            let store = try await connect(storage: .file(path: path), describedAs: path, logger: logger)
            try await store.closing { () async throws(StoreError) in
                try await store.pragma("journal_mode = WAL", file: path)
                // In WAL mode NORMAL never corrupts the file; a power cut may lose the last commits.
                try await store.pragma("synchronous = NORMAL", file: path)
                try await store.pragma("wal_autocheckpoint = \(writerCheckpointPages)", file: path)
                try await store.migrate()
            }
            var readers: [SQLiteLinkStore] = []
            let checkpointer: SQLiteLinkStore
            do throws(StoreError) {
                for _ in 0..<readerCount {
                    let reader = try await connect(storage: .file(path: path), describedAs: path, logger: logger)
                    readers.append(reader)
                    try await reader.pragma("query_only = ON", file: path)
                }
                checkpointer = try await connect(storage: .file(path: path), describedAs: path, logger: logger)
            } catch {
                for reader in readers { await reader.close() }
                await store.close()
                throw error
            }
            return SQLiteLinkStore(
                connection: store.connection, readers: readers.map(\.connection),
                checkpoints: Checkpoints(connection: checkpointer.connection, logger: logger))
        } catch {
            if !fileExisted { removeDatabaseFiles(at: path) }
            for folder in created.reversed() { try? FileManager.default.removeItem(at: folder) }
            throw error
        }
    }

    /// Opens an existing database file to read it, without creating, migrating or writing
    /// anything: for reports such as an import's dry run.
    /// - Parameters:
    ///   - path: The file's path.
    ///   - logger: The logger for the connection.
    /// - Returns: The store, or `nil` when there is no file at `path`.
    /// - Throws: ``StoreError`` with code `not-a-database` for a file that holds something else.
    package static func openExisting(path: String, logger: Logger) async throws(StoreError) -> SQLiteLinkStore? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let store = try await connect(storage: .file(path: path), describedAs: path, logger: logger)
        try await store.closing { () async throws(StoreError) in
            try await store.pragma("query_only = ON", file: path)
            try await store.pragma("schema_version", file: path)
        }
        return store
    }

    /// The newest migration applied to the database, `0` when it has no tables yet.
    /// - Throws: ``StoreError`` when the database cannot be read.
    package func appliedSchemaVersion() async throws(StoreError) -> Int {
        try await run("read the schema version") { connection in
            let present = try await connection.query("SELECT COUNT(*) AS present FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
            guard present.first?.column("present")?.integer == 1 else { return 0 }
            return try await connection.query("SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations").first?.column("version")?.integer ?? 0
        }
    }

    /// Opens a connection with the settings every use needs.
    private static func connect(
        storage: SQLiteConnection.Storage, describedAs file: String, logger: Logger
    ) async throws(StoreError) -> SQLiteLinkStore {
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(storage: storage, logger: logger)
        } catch {
            throw failure(error, file: file)
        }
        let store = SQLiteLinkStore(connection: connection)
        try await store.closing { () async throws(StoreError) in
            try await store.pragma("busy_timeout = 5000", file: file)
            try await store.pragma("foreign_keys = ON", file: file)
        }
        return store
    }

    /// Runs the setup of a store just opened, closing it when the setup fails, as sqlite-nio
    /// requires of every connection it opened (it asserts so when one is dropped open).
    private func closing(onFailureOf setup: () async throws(StoreError) -> Void) async throws(StoreError) {
        do {
            try await setup()
        } catch {
            await close()
            throw error
        }
    }

    /// Runs a `PRAGMA`, the first statement that reads the file, so the one that finds a file
    /// that is not a database.
    private func pragma(_ pragma: String, file: String) async throws(StoreError) {
        do {
            _ = try await connection.query("PRAGMA \(pragma)")
        } catch {
            throw Self.failure(error, file: file)
        }
    }

    /// The folders missing on the way to `path`'s folder, outermost first, after creating them.
    private static func createFolder(of path: String) throws(StoreError) -> [URL] {
        var missing: [URL] = []
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.path), folder.path != "/" {
            missing.insert(folder, at: 0)
            folder.deleteLastPathComponent()
        }
        do {
            for folder in missing { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false) }
        } catch {
            for folder in missing.reversed() { try? FileManager.default.removeItem(at: folder) }
            throw StoreError(
                code: .cannotCreate,
                message: "cannot create the folder \(URL(fileURLWithPath: path).deletingLastPathComponent().path) for the SQLite database "
                    + "\(path): \(reason(error)); choose a path in a folder you can write to")
        }
        return missing
    }

    private static func removeDatabaseFiles(at path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// What an SQLite error while opening means, naming the file.
    private static func failure(_ error: any Error, file: String) -> StoreError {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), isFolder.boolValue {
            return StoreError(code: .notADatabase, message: "\(file) is a folder, not an SQLite database; give a file path")
        }
        switch (error as? SQLiteError)?.reason {
        case .notADatabase?:
            return StoreError(
                code: .notADatabase, message: "\(file) is not an SQLite database (it holds something else); give another path or move the file away")
        case .cantOpen?, .readOnly?, .permission?, .cantOpenDirectory?, .readonlyDirectory?, .ioErrorFailedAccess?:
            return StoreError(
                code: .cannotCreate, message: "cannot open or create the SQLite database \(file): \(reason(error)); choose a path you can write to")
        case .corrupt?:
            return StoreError(code: .notADatabase, message: "\(file) is a damaged SQLite database; restore it from a backup")
        default:
            return StoreError(code: .unavailable, message: "cannot open the SQLite database \(file): \(reason(error))")
        }
    }

    /// An error's reason in words, without type names.
    private static func reason(_ error: any Error) -> String {
        (error as? SQLiteError)?.message ?? error.fileReason
    }

    /// Closes the connections; the store cannot be used afterwards.
    package func close() async {
        await checkpoints?.stop()
        for reader in readers { try? await reader.close() }
        try? await connection.close()
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

    /// Runs a query, a `SELECT` on a reading connection (in turn) and anything else on the
    /// writing one; see ``SQLLinkStore/run(_:)``.
    package func run<Result>(_ query: SQLQuery<Result>) async throws(StoreError) -> Result {
        var connection = self.connection
        if !readers.isEmpty, query.sql.hasPrefix("SELECT ") {
            connection = readers[readsRun.wrappingAdd(1, ordering: .relaxed).oldValue % readers.count]
        }
        return try query.read(
            try await run(query.action, duplicateMessage: query.duplicateMessage, on: connection) { try await Self.rows(query, on: $0) })
    }

    /// Runs database work, turning its errors into ``StoreError``.
    private func run<T>(
        _ what: String, duplicateMessage: String? = nil, on connection: SQLiteConnection? = nil, _ body: (SQLiteConnection) async throws -> T
    ) async throws(StoreError) -> T {
        do {
            return try await body(connection ?? self.connection)
        } catch let error as SQLiteError where error.reason == .constraintPrimaryKeyFailed || error.reason == .constraintUniqueFailed {
            throw StoreError(code: .duplicate, message: duplicateMessage ?? "\(what): duplicate key", cause: error)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(code: .unavailable, message: "SQLite failed to \(what)", cause: error)
        }
    }

    private static func rows<Result>(_ query: SQLQuery<Result>, on connection: SQLiteConnection) async throws -> [any SQLRow] {
        let values = query.values.map { value -> SQLiteData in
            switch value {
            case .text(let text): text.map(SQLiteData.text) ?? .null
            case .integer(let integer): integer.map { .integer(SQLiteInt64($0)) } ?? .null
            }
        }
        return try await connection.query(numberedPlaceholders(query.sql), values).map(Row.init)
    }

    /// The query with PostgreSQL's `$1` placeholders written as SQLite's `?1`. SQLite reads `$1`
    /// as a named parameter and looks each new name up among the earlier ones, so preparing a
    /// statement with thousands of placeholders (a batch of deferred clicks) takes time that
    /// grows with their square; `?1` is bound by its number directly. Both forms bind every
    /// occurrence of one number to one value.
    static func numberedPlaceholders(_ sql: String) -> String {
        var bytes = Array(sql.utf8)
        for index in bytes.indices.dropLast() where bytes[index] == UInt8(ascii: "$") {
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index + 1]) { bytes[index] = UInt8(ascii: "?") }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A result row read by column name.
    private struct Row: SQLRow {
        let row: SQLiteRow

        func text(_ column: String) -> String? { row.column(column)?.string }

        func integer(_ column: String) -> Int64? { row.column(column)?.integer.map(Int64.init) }
    }
}
