import DeepLinkService
import DeepLinkTesting
import Foundation
import Logging
import Testing

@testable import DeepLinkStorePostgres

/// A PostgreSQL server that cannot be used fails saying which of unreachable, access denied,
/// missing database or TLS required it is, with the host and port, and never with the driver's
/// type names. How long that takes is measured on the command line (`ServerSettingsCommandTests`),
/// where a busy test run's threads cannot add to it.
@Suite(.serialized)
struct PostgresLinkStoreConnectingTests {
    static let logger = Logger(label: "test.postgres")

    /// The test database's URL with one part changed.
    static func url(_ change: (inout URLComponents) -> Void) throws -> String {
        let url = try #require(TestPostgreSQL.url)
        var components = try #require(URLComponents(string: url))
        change(&components)
        return try #require(components.string)
    }

    /// Opens the store at `url` and returns how it failed; by default within a connect timeout no
    /// loaded machine reaches, so a refusal is not mistaken for no answer.
    static func failure(_ url: String, timeout: Duration = .seconds(120)) async -> StoreError? {
        do {
            try await PostgresLinkStore.withStore(url: url, connectTimeout: timeout, logger: logger) { _ in }
            return nil
        } catch {
            return error as? StoreError
        }
    }

    static func expectPlainWords(_ message: String?) {
        for name in ["PSQLError", "ConnectionPool", "NIOConnectionError", "ChannelError"] {
            #expect(message?.contains(name) == false, "\(message ?? "")")
        }
    }

    @Test(.enabled(if: TestPostgreSQL.url != nil))
    func aClosedPortIsUnreachable() async throws {
        let port = try LoopbackListener.closedPort()
        let url = try Self.url { $0.host = "127.0.0.1"; $0.port = port }
        let error = await Self.failure(url)
        #expect(error?.code == .unreachable)
        #expect(
            error?.message
                == "cannot connect to PostgreSQL at 127.0.0.1:\(port): nothing listens there (connection refused); "
                + "start PostgreSQL or correct the host and port")
    }

    @Test(.enabled(if: TestPostgreSQL.url != nil))
    func aServerThatNeverAnswersTimesOut() async throws {
        let listener = try LoopbackListener()
        defer { listener.close() }
        let url = try Self.url { $0.host = "127.0.0.1"; $0.port = Int(listener.port) }
        let error = await Self.failure(url, timeout: .milliseconds(500))
        #expect(error?.code == .unreachable)
        #expect(error?.message.hasPrefix("cannot connect to PostgreSQL at 127.0.0.1:\(listener.port): no answer within 0.5 s") == true)
    }

    @Test(.enabled(if: TestPostgreSQL.url != nil), .postgreSQLTurn)
    func aWrongPasswordIsAccessDenied() async throws {
        let url = try Self.url { $0.password = "not-the-password" }
        let components = try #require(URLComponents(string: url))
        let error = await Self.failure(url)
        #expect(error?.code == .accessDenied)
        #expect(
            error?.message
                == "PostgreSQL at \(components.host ?? ""):\(components.port ?? 5432) refused the password of user \(components.user ?? ""); "
                + "correct the password in the database URL")
        Self.expectPlainWords(error?.message)
    }

    @Test(.enabled(if: TestPostgreSQL.url != nil), .postgreSQLTurn)
    func aMissingDatabaseSaysSo() async throws {
        let url = try Self.url { $0.path = "/no_such_database_\(UUID().uuidString.prefix(8).lowercased())" }
        let components = try #require(URLComponents(string: url))
        let error = await Self.failure(url)
        #expect(error?.code == .missingDatabase)
        #expect(error?.message.hasPrefix("PostgreSQL at \(components.host ?? ""):\(components.port ?? 5432) has no database \(components.path.dropFirst());") == true)
        Self.expectPlainWords(error?.message)
    }

    /// The server's refusals, by SQLSTATE and message, as PostgreSQL 15 words them.
    @Test(arguments: [
        ("28000", #"no pg_hba.conf entry for host "10.0.0.7", user "deeplink", database "links", no encryption"#, StoreError.Code.tlsRequired,
         "PostgreSQL at db.internal:5432 accepts no unencrypted connection from this host for user deeplink and database links (pg_hba.conf): it requires TLS"),
        ("28000", #"no pg_hba.conf entry for host "10.0.0.7", user "deeplink", database "links", SSL encryption"#, .accessDenied,
         "PostgreSQL at db.internal:5432 refused user deeplink: no pg_hba.conf entry"),
        ("28000", #"role "deeplink" does not exist"#, .accessDenied, "PostgreSQL at db.internal:5432 has no user deeplink"),
        ("28P01", #"password authentication failed for user "deeplink""#, .accessDenied,
         "PostgreSQL at db.internal:5432 refused the password of user deeplink"),
        ("3D000", #"database "links" does not exist"#, .missingDatabase, "PostgreSQL at db.internal:5432 has no database links"),
        ("57P03", "the database system is starting up", .unreachable, "PostgreSQL at db.internal:5432 is starting up or shutting down"),
        ("53300", "sorry, too many clients already", .unavailable, "PostgreSQL at db.internal:5432 refused the connection: sorry, too many clients already"),
    ] as [(String, String, StoreError.Code, String)])
    func namesWhatTheServersRefusalMeans(sqlState: String, message: String, code: StoreError.Code, words: String) {
        let target = PostgresLinkStore.Target(host: "db.internal", port: 5432, user: "deeplink", database: "links")
        let error = target.refusal(sqlState: sqlState, message: message)
        #expect(error.code == code)
        #expect(error.message.hasPrefix(words), "\(error.message)")
    }
}
