import DeepLinkService
import DeepLinkServiceTesting
import Logging
import PostgresNIO
import Testing

@testable import DeepLinkStorePostgres

/// The pool against a PostgreSQL server of the test's own, since the test stops it.
struct PostgresPoolTests {
    /// The database shuts down after a request got its connection and before it sent its query,
    /// as the outage test's first `/healthz` after stopping the database could: PostgresNIO drops
    /// a query written to a connection that has closed, and the request waited for ever (the
    /// suite's rare hang in that test). It fails as unavailable instead.
    @Test(.enabled(if: TemporaryPostgreSQL.isAvailable || TemporaryPostgreSQL.isRequired), .timeLimit(.minutes(5)))
    func workWhoseConnectionClosedBeforeItsQueryFailsAsUnavailable() async throws {
        try await TemporaryPostgreSQL.with(tls: false) { database in
            let (configuration, tls) = try PostgresLinkStore.configuration(url: database.url(host: "127.0.0.1", query: "sslmode=disable"))
            let logger = {
                var logger = Logger(label: "test.pool")
                logger.logLevel = .critical
                return logger
            }()
            let pool = PostgresPool(configuration: configuration, tls: tls, wait: .seconds(120), logger: logger, backgroundLogger: logger)
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await pool.run() }
                let error = await #expect(throws: StoreError.self) {
                    try await pool.withConnection { connection in
                        try await database.pause()
                        try await connection.closeFuture.get()
                        return try await connection.query("SELECT 1", logger: logger).collect().count
                    }
                }
                #expect(error?.code == .unavailable)
                group.cancelAll()
            }
        }
    }
}
