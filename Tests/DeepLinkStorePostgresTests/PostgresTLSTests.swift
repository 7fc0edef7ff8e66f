import DeepLinkService
import DeepLinkServiceTesting
import Foundation
import Logging
import Testing

@testable import DeepLinkStorePostgres

/// TLS to PostgreSQL with libpq's `sslmode` and `sslrootcert`, against a server of the test's own
/// that accepts only TLS, with a certificate for `localhost` signed by a CA made in the test.
@Suite(.serialized)
struct PostgresTLSTests {
    static let logger = Logger(label: "test.postgres-tls")

    /// Opens the store at `url`, checks its health, and returns how it failed, if it did.
    static func failure(_ url: String) async -> StoreError? {
        do {
            // A busy machine (the whole suite at once) may take over the default second to hand out a connection.
            try await PostgresLinkStore.withStore(url: url, connectTimeout: .seconds(120), connectionWait: .seconds(120), logger: logger) { store in
                try await store.checkHealth()
            }
            return nil
        } catch {
            return error as? StoreError
        }
    }

    @Test(.enabled(if: TemporaryPostgreSQL.isAvailable || TemporaryPostgreSQL.isRequired))
    func connectsOverTLSVerifiesTheCertificateAndExplainsEachRefusal() async throws {
        try await TemporaryPostgreSQL.with { server in
            let ca = server.certificateAuthority.path
            let otherCA = server.otherCertificateAuthority.path

            // The server takes TLS connections only, so each success below was encrypted.
            for query in ["sslmode=require", "sslmode=prefer", "schema=tls_default", "sslmode=verify-ca&sslrootcert=\(ca)",
                          "sslmode=verify-full&sslrootcert=\(ca)", "sslmode=require&sslrootcert=\(ca)"] {
                let error = await Self.failure(server.url(query: query))
                #expect(error == nil, "\(query): \(error?.message ?? "")")
            }

            let plain = await Self.failure(server.url(query: "sslmode=disable"))
            #expect(plain?.code == .tlsRequired)
            #expect(plain?.message.contains("it requires TLS, which sslmode=disable does not use; use sslmode=require") == true, "\(plain?.message ?? "")")

            for query in ["sslmode=verify-full&sslrootcert=\(otherCA)", "sslmode=verify-ca&sslrootcert=\(otherCA)", "sslmode=require&sslrootcert=\(otherCA)"] {
                let error = await Self.failure(server.url(query: query))
                #expect(error?.code == .tlsFailed, "\(query)")
                #expect(
                    error?.message.hasPrefix("the TLS handshake with PostgreSQL at localhost:\(server.port) failed (certificate verify failed)") == true,
                    "\(error?.message ?? "")")
                #expect(error?.message.contains("check that sslrootcert is the CA that signed the server's certificate") == true)
            }

            // The certificate names localhost only: verify-full refuses it at 127.0.0.1, verify-ca does not look.
            let otherName = await Self.failure(server.url(host: "127.0.0.1", query: "sslmode=verify-full&sslrootcert=\(ca)"))
            #expect(otherName?.code == .tlsFailed)
            #expect(otherName?.message.contains("failed (the certificate is not for 127.0.0.1)") == true, "\(otherName?.message ?? "")")
            let unnamed = await Self.failure(server.url(host: "127.0.0.1", query: "sslmode=verify-ca&sslrootcert=\(ca)"))
            #expect(unnamed == nil, "\(unnamed?.message ?? "")")
        }
    }

    @Test(.enabled(if: TemporaryPostgreSQL.isAvailable || TemporaryPostgreSQL.isRequired))
    func aServerWithoutTLSIsRefusedWhenTLSIsRequiredAndUsedPlainWhenPreferred() async throws {
        try await TemporaryPostgreSQL.with(tls: false) { server in
            for query in ["sslmode=prefer", "sslmode=allow", "sslmode=disable"] {
                let error = await Self.failure(server.url(query: query))
                #expect(error == nil, "\(query): \(error?.message ?? "")")
            }
            for mode in ["require", "verify-full&sslrootcert=\(server.certificateAuthority.path)"] {
                let error = await Self.failure(server.url(query: "sslmode=\(mode)"))
                #expect(error?.code == .tlsFailed, "\(mode)")
                #expect(
                    error?.message.hasPrefix("PostgreSQL at localhost:\(server.port) does not offer TLS, and sslmode=\(mode.prefix { $0 != "&" }) requires it") == true,
                    "\(error?.message ?? "")")
            }
        }
    }

    @Test(arguments: [
        ("sslmode=always", "sslmode=always in the database URL is not one of disable, allow, prefer, require, verify-ca, verify-full"),
        ("sslmode=verify-full",
         "sslmode=verify-full verifies the server's certificate and needs the CA that signed it: add sslrootcert=/path/to/ca.pem"),
        ("sslmode=verify-ca", "sslmode=verify-ca verifies the server's certificate and needs the CA that signed it"),
        ("sslmode=verify-full&sslrootcert=/no/such/ca.pem", "sslrootcert=/no/such/ca.pem in the database URL cannot be read; give the CA's certificate as a PEM file"),
    ])
    func refusesTLSSettingsItCannotHonour(query: String, message: String) {
        #expect {
            _ = try PostgresLinkStore.configuration(url: "postgres://deeplink@db.internal:5432/links?\(query)")
        } throws: { error in
            guard let error = error as? StoreError else { return false }
            return error.code == .unavailable && error.message.hasPrefix(message)
        }
    }

    @Test func aFileWithoutACertificateIsRefusedAsSuch() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-ca-\(UUID().uuidString).pem")
        try "not a certificate\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect {
            _ = try PostgresLinkStore.configuration(url: "postgres://deeplink@db.internal/links?sslmode=verify-full&sslrootcert=\(file.path)")
        } throws: { error in
            (error as? StoreError)?.message == "sslrootcert=\(file.path) in the database URL holds no PEM certificate; give the CA's certificate as a PEM file"
        }
    }

    @Test func withoutAnSSLModeTheStorePrefersTLSAsLibpqDoes() throws {
        let (_, tls) = try PostgresLinkStore.configuration(url: "postgres://deeplink@db.internal/links")
        #expect(tls.mode == .prefer)
    }
}
