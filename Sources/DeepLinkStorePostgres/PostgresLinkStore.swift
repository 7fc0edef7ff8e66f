import DeepLinkService
import Foundation
import Logging
import NIOCore
import PostgresNIO

/// A ``LinkStore`` in PostgreSQL through postgres-nio's connection pool.
///
/// Several server processes can share one database: click counts are incremented in the
/// database, and migrations take an advisory lock so two processes starting together apply each
/// version once. While the database is out, operations fail within the connection wait with
/// ``StoreError`` code `unavailable`, and the store uses the database again within a quarter of a
/// second of its return (see ``PostgresPool``). `Sendable`.
package final class PostgresLinkStore: SQLLinkStore {
    /// `"C"`: the database's default collation may not order by bytes.
    package static let byteOrder = #""C""#
    /// PostgreSQL's `LIKE` minds case, so columns are lowercased first.
    package static let lowercasesBeforeLike = true
    /// `strpos(haystack, needle)`.
    package static let findText = "strpos"

    private let pool: PostgresPool
    let logger: Logger
    /// The schema the tables live in, from the URL's `schema` parameter; `nil` for the default.
    let schema: String?

    /// The pool's configuration and encryption, for connections held outside it.
    let configuration: PostgresClient.Configuration
    let tls: PostgresTLS
    /// The logger of connections outside the pool.
    let backgroundLogger: Logger

    private init(
        pool: PostgresPool, logger: Logger, schema: String?, configuration: PostgresClient.Configuration, tls: PostgresTLS,
        backgroundLogger: Logger
    ) {
        self.pool = pool
        self.logger = logger
        self.schema = schema
        self.configuration = configuration
        self.tls = tls
        self.backgroundLogger = backgroundLogger
    }

    /// Connects, migrates, runs `body` with the store, then closes the pool.
    /// - Parameters:
    ///   - url: `postgres://USER:PASSWORD@HOST:PORT/DATABASE`, optionally with `?schema=NAME` to
    ///     keep the tables in a schema of their own (created if missing), `pool_size=N` for the
    ///     most connections the store opens (32 when not given), and libpq's `sslmode` and
    ///     `sslrootcert` for TLS (see ``PostgresTLS``; `prefer` when not given).
    ///   - connectTimeout: How long connecting and signing in may take.
    ///   - connectionWait: How long an operation waits for a pooled connection before it fails
    ///     with `unavailable`.
    ///   - migrating: Whether to create or upgrade the tables first; without, see ``appliedSchemaVersion()``.
    ///   - logger: The logger for the pool's background work.
    ///   - body: What to do with the store.
    /// - Returns: What `body` returns.
    /// - Throws: ``StoreError`` for a bad URL, a server that cannot be used (`unreachable`,
    ///   `access-denied`, `missing-database`, `tls-required`, `tls-failed`, each naming the host and port) or a
    ///   failed migration, or what `body` throws.
    package static func withStore<Result: Sendable>(
        url: String, connectTimeout: Duration = .seconds(5), connectionWait: Duration = .seconds(1), migrating: Bool = true,
        logger: Logger,
        _ body: @Sendable (PostgresLinkStore) async throws -> Result
    ) async throws -> Result {
        // The pool warns when a query races its own start; it is started just below, so only its errors are worth logging.
        var backgroundLogger = logger
        backgroundLogger.logLevel = max(logger.logLevel, .error)
        var (configuration, tls) = try configuration(url: url)
        configuration.options.connectTimeout = connectTimeout
        try await checkConnection(configuration, tls: tls, timeout: connectTimeout, logger: backgroundLogger)
        let schema = configuration.options.additionalStartupParameters.first { $0.0 == "search_path" }?.1
        let pool = PostgresPool(
            configuration: configuration, tls: tls, wait: connectionWait, logger: logger, backgroundLogger: backgroundLogger)
        return try await withThrowingTaskGroup(of: Void.self, returning: Result.self) { group in
            group.addTask { await pool.run() }
            defer { group.cancelAll() }
            let store = PostgresLinkStore(
                pool: pool, logger: logger, schema: schema, configuration: configuration, tls: tls, backgroundLogger: backgroundLogger)
            if migrating { try await store.migrate() }
            return try await body(store)
        }
    }

    /// The newest migration applied to the database, `0` when it has no tables yet.
    /// - Throws: ``StoreError`` when the database cannot be read.
    package func appliedSchemaVersion() async throws(StoreError) -> Int {
        try await run("read the schema version") { [logger] connection in
            let present = try await Self.rows(
                of: connection.query("SELECT CASE WHEN to_regclass('schema_migrations') IS NULL THEN 0 ELSE 1 END AS present", logger: logger))
            guard try present.first?.integer("present") == 1 else { return 0 }
            let rows = try await Self.rows(
                of: connection.query("SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations", logger: logger))
            return Int(try rows.first?.integer("version") ?? 0)
        }
    }

    /// The client configuration for a `postgres://` or `postgresql://` URL, and its TLS settings
    /// for the first connection.
    /// - Throws: ``StoreError`` with code `unavailable` naming what is wrong with the URL.
    static func configuration(url: String) throws(StoreError) -> (PostgresClient.Configuration, PostgresTLS) {
        guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme ?? ""),
            let host = components.host, !host.isEmpty, let user = components.user
        else {
            throw StoreError(code: .unavailable, message: "give the database as postgres://USER:PASSWORD@HOST:PORT/DATABASE")
        }
        func query(_ name: String) -> String? { components.queryItems?.first { $0.name == name }?.value }
        let tls = try PostgresTLS(mode: query("sslmode"), rootCertificate: query("sslrootcert"))
        let database = String(components.path.drop { $0 == "/" })
        var configuration = PostgresClient.Configuration(
            host: host, port: components.port ?? 5432, username: user.removingPercentEncoding ?? user,
            password: components.password.map { $0.removingPercentEncoding ?? $0 },
            database: database.isEmpty ? nil : database, tls: tls.client)
        configuration.options.maximumConnections = 32
        if let size = query("pool_size") {
            guard let count = Int(size), (1...1000).contains(count) else {
                throw StoreError(code: .unavailable, message: "pool_size=\(size) must be a whole number of connections from 1 to 1000")
            }
            configuration.options.maximumConnections = count
        }
        if let schema = query("schema") {
            guard schema.range(of: "^[a-z_][a-z0-9_]{0,62}$", options: .regularExpression) != nil else {
                throw StoreError(
                    code: .unavailable, message: "schema=\(schema) is not a plain schema name: lowercase letters, digits and _")
            }
            configuration.options.additionalStartupParameters = [("search_path", schema)]
        }
        return (configuration, tls)
    }

    /// Creates or upgrades the tables; see ``LinkStore/migrate()``.
    package func migrate() async throws(StoreError) {
        try await run("migrate") { [logger, schema] connection in
            try await connection.withTransaction(logger: logger) { connection in
                // One lock per schema: servers sharing a schema apply each version once, while
                // deployments (or test runs) in other schemas of the database never wait for it.
                let lockedSchema = schema ?? ""
                try await connection.query("SELECT pg_advisory_xact_lock(7264351, hashtext(\(lockedSchema)))", logger: logger)
                if let schema {
                    try await connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(schema)"), logger: logger)
                }
                try await LinkStoreSchema.migrate { query in
                    try await Self.rows(of: connection.query(Self.postgresQuery(query), logger: logger))
                }
            }
        }
    }

    /// Runs `SELECT 1`.
    package func checkHealth() async throws(StoreError) {
        try await run("answer a health check") { [logger] connection in _ = try await Self.rows(of: connection.query("SELECT 1", logger: logger)) }
    }

    /// Runs a query on a pooled connection; see ``SQLLinkStore/run(_:)``.
    package func run<Result>(_ query: SQLQuery<Result>) async throws(StoreError) -> Result {
        let rows = try await run(query.action, duplicateMessage: query.duplicateMessage) { [logger] connection in
            try await Self.rows(of: connection.query(Self.postgresQuery(query), logger: logger))
        }
        return try query.read(rows)
    }

    /// Runs writes as one statement, so in one transaction with one flush of the log; see
    /// ``SQLLinkStore/runTogether(_:)``. Each write but the last becomes a data-modifying `WITH`
    /// query, its placeholders renumbered after the ones before it. All of them see the database
    /// as it was when the statement began, which writes to different tables, as these are, do not
    /// notice.
    package func runTogether(_ queries: [SQLQuery<Void>]) async throws(StoreError) {
        guard let last = queries.last else { return }
        guard queries.count > 1 else { return try await run(last) }
        var sql = ""
        var values: [SQLValue] = []
        for (index, query) in queries.enumerated() {
            let statement = Self.shiftingPlaceholders(of: query.sql, by: values.count)
            sql += index == queries.count - 1 ? " \(statement)" : "\(index == 0 ? "WITH" : ",") write\(index) AS (\(statement))"
            values += query.values
        }
        let statement = Self.postgresQuery(sql, values)
        try await run(last.action, duplicateMessage: queries.lazy.compactMap(\.duplicateMessage).first) { [logger] connection in
            _ = try await Self.rows(of: connection.query(statement, logger: logger))
        }
    }

    /// The statement with each placeholder `$n` written `$(n + offset)`. Read byte by byte: a
    /// click flush joins statements of thousands of placeholders, which reading by `Character`
    /// made 2% of the server's time under the random-code benchmark.
    static func shiftingPlaceholders(of sql: String, by offset: Int) -> String {
        guard offset > 0 else { return sql }
        var result: [UInt8] = []
        result.reserveCapacity(sql.utf8.count + sql.utf8.count / 4)
        // The number read since the last `$`, and whether it has a digit yet (a `$` without one,
        // as in `$$`, is left as it is).
        var number: (value: Int, digits: Bool)?
        func flush() {
            if let number, number.digits { result.append(contentsOf: String(number.value + offset).utf8) }
            number = nil
        }
        for byte in sql.utf8 {
            if let current = number, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                number = (current.value * 10 + Int(byte - UInt8(ascii: "0")), true)
                continue
            }
            flush()
            result.append(byte)
            if byte == UInt8(ascii: "$") { number = (0, false) }
        }
        flush()
        return String(decoding: result, as: UTF8.self)
    }

    /// Runs database work on a pooled connection, turning its errors into ``StoreError``.
    @discardableResult
    func run<T: Sendable>(
        _ what: String, duplicateMessage: String? = nil, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws(StoreError) -> T {
        do {
            return try await pool.withConnection(body)
        } catch let error as StoreError {
            throw error
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == PostgresError.Code.uniqueViolation.raw {
            throw StoreError(code: .duplicate, message: duplicateMessage ?? "\(what): duplicate key", cause: error)
        } catch {
            throw StoreError(code: .unavailable, message: "PostgreSQL failed to \(what)", cause: error)
        }
    }

    private static func postgresQuery<Result>(_ query: SQLQuery<Result>) -> PostgresQuery {
        postgresQuery(query.sql, query.values)
    }

    private static func postgresQuery(_ sql: String, _ values: [SQLValue]) -> PostgresQuery {
        var binds = PostgresBindings(capacity: values.count)
        for value in values {
            switch value {
            case .text(let text): binds.append(text)
            case .integer(let integer): binds.append(integer)
            }
        }
        return PostgresQuery(unsafeSQL: sql, binds: binds)
    }

    private static func rows(of sequence: PostgresRowSequence) async throws -> [Row] {
        var rows: [Row] = []
        for try await row in sequence { rows.append(Row(columns: row.makeRandomAccess())) }
        return rows
    }

    /// A result row read by column name.
    struct Row: SQLRow, Sendable {
        let columns: PostgresRandomAccessRow

        func text(_ column: String) throws(StoreError) -> String? { try decode(column, as: String?.self) }

        func integer(_ column: String) throws(StoreError) -> Int64? { try decode(column, as: Int64?.self) }

        private func decode<Value: PostgresDecodable>(_ column: String, as type: Value.Type) throws(StoreError) -> Value {
            do {
                return try columns[column].decode(Value.self)
            } catch {
                throw StoreError(code: .corrupt, message: "the column \(column) cannot be read", cause: error)
            }
        }
    }
}
