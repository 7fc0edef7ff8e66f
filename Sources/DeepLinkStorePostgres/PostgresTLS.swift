import DeepLinkService
import Foundation
import NIOSSL
import PostgresNIO

/// How connections to PostgreSQL are encrypted, from a database URL's `sslmode` and `sslrootcert`,
/// read as libpq reads them so the URL a team already uses with `psql` works unchanged.
///
/// - `disable`: never TLS.
/// - `allow`, `prefer` (the default, as in libpq): TLS when the server offers it, unverified; a
///   server without TLS is used in the clear. (libpq's `allow` tries the clear first; the driver
///   cannot, so it is read as `prefer`.)
/// - `require`: TLS or no connection, unverified; with `sslrootcert` it verifies as `verify-ca`, as libpq does.
/// - `verify-ca`: TLS with a certificate signed by the CA in `sslrootcert`.
/// - `verify-full`: as `verify-ca`, and the certificate must be for the URL's host.
///
/// `sslrootcert` is a PEM file of CA certificates, or `system` for the system's trusted roots.
struct PostgresTLS: Sendable {
    /// The `sslmode` values.
    enum Mode: String, CaseIterable, Sendable {
        case disable, allow, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    /// The mode as written, for messages.
    let mode: Mode
    /// The TLS settings, or `nil` when TLS is off.
    private let configuration: TLSConfiguration?
    /// Whether a server without TLS is refused.
    private let isRequired: Bool

    /// Reads the URL's settings.
    /// - Parameters:
    ///   - mode: The `sslmode` value; `nil` means `prefer`.
    ///   - rootCertificate: The `sslrootcert` value.
    /// - Throws: ``StoreError`` with code `unavailable` for an unknown mode, a verifying mode
    ///   without `sslrootcert`, or a CA file that cannot be read.
    init(mode text: String?, rootCertificate: String?) throws(StoreError) {
        guard let mode = Mode(rawValue: text ?? Mode.prefer.rawValue) else {
            let modes = Mode.allCases.map(\.rawValue).joined(separator: ", ")
            throw StoreError(code: .unavailable, message: "sslmode=\(text ?? "") in the database URL is not one of \(modes)")
        }
        self.mode = mode
        let verifies = mode == .verifyCA || mode == .verifyFull || (mode == .require && rootCertificate != nil)
        if verifies, rootCertificate == nil {
            throw StoreError(
                code: .unavailable,
                message: "sslmode=\(mode.rawValue) verifies the server's certificate and needs the CA that signed it: "
                    + "add sslrootcert=/path/to/ca.pem to the database URL, or sslrootcert=system for the system's trusted roots")
        }
        guard mode != .disable else {
            configuration = nil
            isRequired = false
            return
        }
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = !verifies ? .none : mode == .verifyFull ? .fullVerification : .noHostnameVerification
        if verifies, let rootCertificate, rootCertificate != "system" {
            let certificates: [NIOSSLCertificate]
            do {
                certificates = try NIOSSLCertificate.fromPEMFile(rootCertificate)
            } catch {
                let reason = FileManager.default.isReadableFile(atPath: rootCertificate) ? "holds no PEM certificate" : "cannot be read"
                throw StoreError(
                    code: .unavailable, message: "sslrootcert=\(rootCertificate) in the database URL \(reason); give the CA's certificate as a PEM file")
            }
            guard !certificates.isEmpty else {
                throw StoreError(
                    code: .unavailable,
                    message: "sslrootcert=\(rootCertificate) in the database URL holds no PEM certificate; give the CA's certificate as a PEM file")
            }
            configuration.trustRoots = .certificates(certificates)
        }
        self.configuration = configuration
        isRequired = mode != .allow && mode != .prefer
    }

    /// The setting for the connection pool.
    var client: PostgresClient.Configuration.TLS {
        guard let configuration else { return .disable }
        return isRequired ? .require(configuration) : .prefer(configuration)
    }

    /// The setting for a single connection.
    /// - Throws: NIOSSL's error when the TLS context cannot be made.
    func connection() throws -> PostgresConnection.Configuration.TLS {
        guard let configuration else { return .disable }
        let context = try NIOSSLContext(configuration: configuration)
        return isRequired ? .require(context) : .prefer(context)
    }
}
