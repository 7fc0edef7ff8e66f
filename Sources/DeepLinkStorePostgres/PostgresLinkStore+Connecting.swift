import DeepLinkService
import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO

extension PostgresLinkStore {
    /// Opens one connection outside the pool and closes it again, so that a database that cannot
    /// be used fails at once with the reason. The pool alone would retry in the background and
    /// keep its queries waiting.
    /// - Parameters:
    ///   - configuration: The pool's configuration, whose server, user and database are tried.
    ///   - tls: How the connection is encrypted, as the pool's are.
    ///   - timeout: How long connecting and signing in may take.
    ///   - logger: The connection's logger.
    /// - Throws: ``StoreError`` saying which of unreachable, access denied, missing database or
    ///   TLS required or failed it is, with the host and port.
    static func checkConnection(
        _ configuration: PostgresClient.Configuration, tls: PostgresTLS, timeout: Duration, logger: Logger
    ) async throws(StoreError) {
        let connection = try await openConnection(configuration, tls: tls, timeout: timeout, logger: logger)
        try? await connection.close()
    }

    /// Opens one connection outside the pool, for a check or for work that holds a connection
    /// for long, such as following `NOTIFY`s.
    /// - Parameters:
    ///   - configuration: The pool's configuration, whose server, user and database are used.
    ///   - tls: How the connection is encrypted, as the pool's are.
    ///   - timeout: How long connecting and signing in may take.
    ///   - logger: The connection's logger.
    /// - Returns: The open connection; the caller closes it.
    /// - Throws: ``StoreError`` as ``checkConnection(_:tls:timeout:logger:)`` does.
    static func openConnection(
        _ configuration: PostgresClient.Configuration, tls: PostgresTLS, timeout: Duration, logger: Logger
    ) async throws(StoreError) -> PostgresConnection {
        var target = Target(configuration)
        target.sslMode = tls.mode.rawValue
        let connectionTLS: PostgresConnection.Configuration.TLS
        do {
            connectionTLS = try tls.connection()
        } catch {
            throw StoreError(code: .tlsFailed, message: "cannot set up TLS for \(target.server): \(error)", cause: error)
        }
        let connection = {
            var connection = PostgresConnection.Configuration(
                host: target.host, port: target.port, username: configuration.username, password: configuration.password,
                database: configuration.database, tls: connectionTLS)
            connection.options.connectTimeout = .nanoseconds(Int64(timeout / .nanoseconds(1)))
            connection.options.additionalStartupParameters = configuration.options.additionalStartupParameters
            return connection
        }()
        let attempt = await withTaskGroup(of: Result<PostgresConnection, any Error>?.self) { group in
            group.addTask {
                do {
                    return .success(try await PostgresConnection.connect(configuration: connection, id: 0, logger: logger))
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            // A connection that completes after the deadline is closed rather than left open.
            for await case .success(let late)? in group { try? await late.close() }
            return first
        }
        switch attempt {
        case .success(let opened)?: return opened
        case .failure(let error)?: throw target.failure(error, timeout: timeout)
        case nil: throw target.noAnswer(within: timeout)
        }
    }

    /// The server, user and database a connection was for, which every message names.
    struct Target: Sendable {
        let host: String
        let port: Int
        let user: String
        let database: String
        /// The URL's `sslmode`, for messages about TLS.
        var sslMode = PostgresTLS.Mode.prefer.rawValue

        init(_ configuration: PostgresClient.Configuration) {
            host = configuration.host ?? "localhost"
            port = configuration.port ?? 5432
            user = configuration.username
            database = configuration.database ?? configuration.username
        }

        init(host: String, port: Int, user: String, database: String) {
            self.host = host
            self.port = port
            self.user = user
            self.database = database
        }

        /// `PostgreSQL at HOST:PORT`.
        var server: String { "PostgreSQL at \(host):\(port)" }

        /// What a failed connection means, in words; never the driver's type names.
        func failure(_ error: any Error, timeout: Duration) -> StoreError {
            if let handshake = Self.tlsHandshakeError(in: error) {
                return StoreError(
                    code: .tlsFailed,
                    message: "the TLS handshake with \(server) failed (\(tlsReason(handshake))); with sslmode=\(sslMode), check that sslrootcert is "
                        + "the CA that signed the server's certificate and, for verify-full, that the URL's host is a name in the certificate")
            }
            guard let error = error as? PSQLError else {
                return StoreError(code: .unreachable, message: "cannot connect to \(server): \(error.localizedDescription)")
            }
            switch error.code {
            case .server:
                return refusal(sqlState: error.serverInfo?[.sqlState], message: error.serverInfo?[.message] ?? "")
            case .sslUnsupported:
                return StoreError(
                    code: .tlsFailed,
                    message: "\(server) does not offer TLS, and sslmode=\(sslMode) requires it: turn on ssl in its postgresql.conf, "
                        + "or use sslmode=prefer on a network you trust")
            case .failedToAddSSLHandler:
                return StoreError(code: .tlsFailed, message: "cannot set up TLS for \(server): \(error.underlying.map { "\($0)" } ?? "no reason given")")
            case .connectionError:
                return unreachable(error.underlying, timeout: timeout)
            case .authMechanismRequiresPassword:
                return StoreError(
                    code: .accessDenied,
                    message: "\(server) asks user \(user) for a password; put it in the URL: postgres://\(user):PASSWORD@\(host):\(port)/\(database)")
            case .unsupportedAuthMechanism, .saslError:
                return StoreError(
                    code: .accessDenied,
                    message: "\(server) asks user \(user) to sign in in a way this server does not support; use password or SCRAM-SHA-256 authentication")
            case .serverClosedConnection, .uncleanShutdown, .messageDecodingFailure, .unexpectedBackendMessage:
                return StoreError(
                    code: .unreachable,
                    message: "\(server) closed the connection before signing in; check that the port is PostgreSQL's")
            default:
                return StoreError(code: .unreachable, message: "cannot connect to \(server) (\(error.code))")
            }
        }

        /// What the server's refusal means, by its SQLSTATE and message.
        func refusal(sqlState: String?, message: String) -> StoreError {
            switch sqlState {
            case "28P01":
                return StoreError(
                    code: .accessDenied, message: "\(server) refused the password of user \(user); correct the password in the database URL")
            case "28000" where message.contains("no pg_hba.conf entry") && message.contains("no encryption"):
                return StoreError(
                    code: .tlsRequired,
                    message: "\(server) accepts no unencrypted connection from this host for user \(user) and database \(database) "
                        + "(pg_hba.conf): it requires TLS, which sslmode=\(sslMode) does not use; use sslmode=require "
                        + "(or verify-full with sslrootcert to check its certificate), or add a host entry for this host to pg_hba.conf")
            case "28000" where message.contains("does not exist"):
                return StoreError(
                    code: .accessDenied, message: "\(server) has no user \(user); create it (CREATE ROLE \(user) LOGIN PASSWORD '…') or correct the URL")
            case "28000":
                return StoreError(code: .accessDenied, message: "\(server) refused user \(user): \(message)")
            case "3D000":
                return StoreError(
                    code: .missingDatabase,
                    message: "\(server) has no database \(database); create it (createdb -O \(user) \(database)) or correct the URL")
            case "57P03":
                return StoreError(code: .unreachable, message: "\(server) is starting up or shutting down; try again in a moment")
            default:
                return StoreError(code: .unavailable, message: "\(server) refused the connection: \(message) (SQLSTATE \(sqlState ?? "unknown"))")
            }
        }

        /// The TLS library's reason in words: `certificate verify failed`, `the certificate is not for HOST`.
        func tlsReason(_ error: any Error) -> String {
            if error as? NIOSSLExtraError == .failedToValidateHostname { return "the certificate is not for \(host)" }
            let text = "\(error)"
            guard let reason = text.firstMatch(of: /OPENSSL_internal:([A-Z_]+)/)?.output.1 else { return text }
            return reason.lowercased().replacingOccurrences(of: "_", with: " ")
        }

        /// The TLS library's error behind a failed connection, if the handshake is what failed.
        static func tlsHandshakeError(in error: any Error) -> (any Error)? {
            var current: (any Error)? = error
            while let error = current {
                if error is NIOSSLError || error is BoringSSLError || error is NIOSSLExtraError { return error }
                current = (error as? PSQLError)?.underlying
            }
            return nil
        }

        /// A server that did not connect and sign in within the timeout.
        func noAnswer(within timeout: Duration) -> StoreError {
            StoreError(
                code: .unreachable,
                message: "cannot connect to \(server): no answer within \(timeout.secondsText); check the host, port and firewall, "
                    + "or allow longer with --database-connect-timeout")
        }

        private func unreachable(_ cause: (any Error)?, timeout: Duration) -> StoreError {
            if let cause = cause as? NIOConnectionError {
                if cause.dnsAError != nil, cause.dnsAAAAError != nil {
                    return StoreError(code: .unreachable, message: "cannot connect to \(server): the host \(host) is unknown; correct the URL")
                }
                if cause.connectionErrors.contains(where: { ($0.error as? IOError)?.errnoCode == ECONNREFUSED }) {
                    return StoreError(
                        code: .unreachable,
                        message: "cannot connect to \(server): nothing listens there (connection refused); start PostgreSQL or correct the host and port")
                }
            }
            if case .connectTimeout? = cause as? ChannelError { return noAnswer(within: timeout) }
            return StoreError(code: .unreachable, message: "cannot connect to \(server): \(cause.map { "\($0)" } ?? "the connection failed")")
        }
    }
}

extension Duration {
    /// `5 s`, `0.5 s`.
    var secondsText: String {
        let seconds = Double(components.seconds) + Double(components.attoseconds) / 1e18
        return (seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)) + " s"
    }
}
