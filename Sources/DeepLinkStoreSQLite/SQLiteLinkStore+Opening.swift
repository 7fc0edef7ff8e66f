import DeepLinkCore
import DeepLinkService
import Foundation
import Logging
import SQLiteNIO

extension SQLiteLinkStore {
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
                checkpoints: Checkpoints(connection: checkpointer.connection, logger: logger), file: path)
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

    /// Opens a connection with the settings every use needs.
    static func connect(
        storage: SQLiteConnection.Storage, describedAs file: String, logger: Logger
    ) async throws(StoreError) -> SQLiteLinkStore {
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(storage: storage, logger: logger)
        } catch {
            throw failure(error, file: file)
        }
        let store = SQLiteLinkStore(connection: connection, file: file)
        try await store.closing { () async throws(StoreError) in
            try await store.pragma("busy_timeout = 5000", file: file)
            try await store.pragma("foreign_keys = ON", file: file)
        }
        return store
    }

    /// Runs the setup of a store just opened, closing it when the setup fails, as sqlite-nio
    /// requires of every connection it opened (it asserts so when one is dropped open).
    func closing(onFailureOf setup: () async throws(StoreError) -> Void) async throws(StoreError) {
        do {
            try await setup()
        } catch {
            await close()
            throw error
        }
    }

    /// Runs a `PRAGMA`, the first statement that reads the file, so the one that finds a file
    /// that is not a database.
    func pragma(_ pragma: String, file: String) async throws(StoreError) {
        do {
            _ = try await connection.query("PRAGMA \(pragma)")
        } catch {
            throw Self.failure(error, file: file)
        }
    }

    /// The folders missing on the way to `path`'s folder, outermost first, after creating them.
    static func createFolder(of path: String) throws(StoreError) -> [URL] {
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

    static func removeDatabaseFiles(at path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// What an SQLite error while opening means, naming the file.
    static func failure(_ error: any Error, file: String) -> StoreError {
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
    static func reason(_ error: any Error) -> String {
        (error as? SQLiteError)?.message ?? error.fileReason
    }
}
