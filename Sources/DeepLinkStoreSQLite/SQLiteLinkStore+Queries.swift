import DeepLinkService
import SQLiteNIO
import Synchronization

extension SQLiteLinkStore {
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
    func run<T>(
        _ what: String, duplicateMessage: String? = nil, on connection: SQLiteConnection? = nil, _ body: (SQLiteConnection) async throws -> T
    ) async throws(StoreError) -> T {
        try await uses.run { () async throws(StoreError) -> T in try await runOpen(what, duplicateMessage: duplicateMessage, on: connection, body) }
    }

    private func runOpen<T>(
        _ what: String, duplicateMessage: String?, on connection: SQLiteConnection?, _ body: (SQLiteConnection) async throws -> T
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

    static func rows<Result>(_ query: SQLQuery<Result>, on connection: SQLiteConnection) async throws -> [any SQLRow] {
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
    struct Row: SQLRow {
        let row: SQLiteRow

        func text(_ column: String) -> String? { row.column(column)?.string }

        func integer(_ column: String) -> Int64? { row.column(column)?.integer.map(Int64.init) }
    }
}
