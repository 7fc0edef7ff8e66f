import DeepLinkServer
import Foundation
import Logging
import NIOCore
import SQLiteNIO

/// A ``LinkStore`` in one SQLite file (or in memory), in WAL mode, through sqlite-nio.
///
/// One connection serves every query; SQLite serializes them and WAL lets other processes, such
/// as `deeplink keys create`, read and write the same file meanwhile. `Sendable`.
public final class SQLiteLinkStore: SQLLinkStore {
    /// `BINARY`: SQLite compares text byte by byte by default.
    public static let byteOrder = "BINARY"

    private let connection: SQLiteConnection

    private init(connection: SQLiteConnection) {
        self.connection = connection
    }

    /// Opens (creating if needed) a database file and brings its schema up to date.
    /// - Parameters:
    ///   - path: The file's path; its folder is created if missing. `nil` for an in-memory database.
    ///   - logger: The logger for the connection.
    /// - Throws: ``StoreError`` with code `unavailable` when the file cannot be opened or migrated.
    public static func open(path: String?, logger: Logger) async throws(StoreError) -> SQLiteLinkStore {
        let store: SQLiteLinkStore
        do {
            if let path {
                let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            let connection = try await SQLiteConnection.open(storage: path.map { .file(path: $0) } ?? .memory, logger: logger)
            store = SQLiteLinkStore(connection: connection)
            if path != nil {
                _ = try await connection.query("PRAGMA journal_mode = WAL")
                // In WAL mode NORMAL never corrupts the file; a power cut may lose the last commits.
                _ = try await connection.query("PRAGMA synchronous = NORMAL")
            }
            _ = try await connection.query("PRAGMA busy_timeout = 5000")
            _ = try await connection.query("PRAGMA foreign_keys = ON")
        } catch {
            throw StoreError(code: .unavailable, message: "cannot open the SQLite database \(path ?? ":memory:")", cause: error)
        }
        try await store.migrate()
        return store
    }

    /// Closes the connection; the store cannot be used afterwards.
    public func close() async {
        try? await connection.close()
    }

    /// Creates or upgrades the tables; see ``LinkStore/migrate()``.
    public func migrate() async throws(StoreError) {
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
    public func checkHealth() async throws(StoreError) {
        try await run("answer a health check") { _ = try await $0.query("SELECT 1") }
    }

    /// Runs a query on the connection; see ``SQLLinkStore/run(_:)``.
    public func run<Result>(_ query: SQLQuery<Result>) async throws(StoreError) -> Result {
        try query.read(try await run(query.action, duplicateMessage: query.duplicateMessage) { try await Self.rows(query, on: $0) })
    }

    /// Runs database work, turning its errors into ``StoreError``.
    private func run<T>(
        _ what: String, duplicateMessage: String? = nil, _ body: (SQLiteConnection) async throws -> T
    ) async throws(StoreError) -> T {
        do {
            return try await body(connection)
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
        return try await connection.query(query.sql, values).map(Row.init)
    }

    /// A result row read by column name.
    private struct Row: SQLRow {
        let row: SQLiteRow

        func text(_ column: String) -> String? { row.column(column)?.string }

        func integer(_ column: String) -> Int64? { row.column(column)?.integer.map(Int64.init) }
    }
}
