import DeepLinkTesting
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

/// A PostgreSQL server of the test's own, in a temporary folder on a loopback port, that accepts
/// only TLS connections with a certificate made for it, or only plain ones: for the tests that must
/// change what the shared test database cannot (its TLS settings, or being stopped and started).
/// Needs PostgreSQL's server programs and `openssl`.
package final class TemporaryPostgreSQL: Sendable {
    /// Set to `1` (CI does) to fail rather than skip when the programs are missing.
    package static let isRequired = ProcessInfo.processInfo.environment["DEEPLINK_TEST_REQUIRE_POSTGRES_SERVER"] == "1"

    /// The folder of `initdb` and `pg_ctl`: the newest Debian installation, or `pg_config --bindir`.
    package static let binaries: URL? = {
        let debian = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: debian.path)) ?? []
        if let newest = versions.compactMap(Int.init).max() {
            return debian.appendingPathComponent("\(newest)/bin")
        }
        return (try? TemporaryPostgreSQL.run(["pg_config", "--bindir"])).map { URL(fileURLWithPath: $0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }()

    /// Whether the server can be started here.
    package static let isAvailable: Bool = {
        guard let binaries, FileManager.default.isExecutableFile(atPath: binaries.appendingPathComponent("pg_ctl").path) else { return false }
        return (try? run(["openssl", "version"])) != nil
    }()

    /// The loopback port the server listens on.
    package let port: Int
    /// The folder holding the data, certificates and log.
    package let folder: URL
    /// The CA that signed the server's certificate, which names `localhost` only (no IP address).
    package let certificateAuthority: URL
    /// A CA that signed nothing the server holds.
    package let otherCertificateAuthority: URL
    private let data: URL
    /// `pg_ctl`'s `-o`: the port, the addresses, TLS.
    private let serverOptions: String

    /// Makes the certificates, creates the cluster with user `deeplink` trusted over TLS only (or,
    /// with `tls: false`, over plain connections only, TLS turned off), and starts it. The
    /// programs run on a thread of their own (``onOwnThread(_:)``): `initdb` takes seconds.
    package init(tls: Bool = true) async throws {
        guard Self.binaries != nil else { throw Failure("PostgreSQL's server programs are not installed") }
        folder = URL(fileURLWithPath: "/tmp/deeplink-postgres-\(UUID().uuidString.prefix(8))")
        data = folder.appendingPathComponent("data")
        certificateAuthority = folder.appendingPathComponent("ca.pem")
        otherCertificateAuthority = folder.appendingPathComponent("other-ca.pem")
        port = try LoopbackListener.closedPort()
        serverOptions = [
            "-p \(port)", "-c listen_addresses=127.0.0.1", "-c unix_socket_directories=\(folder.path)", "-c ssl=\(tls ? "on" : "off")",
            "-c ssl_cert_file=\(folder.path)/server.pem", "-c ssl_key_file=\(folder.path)/server.key", "-c fsync=off",
        ].joined(separator: " ")
        try await onOwnThread { [self] in try create(tls: tls) }
    }

    /// Starts a server, runs `body` with it, and stops it, whether `body` throws or not.
    /// - Parameters:
    ///   - tls: Whether it takes TLS connections only (else plain ones only).
    ///   - body: The test.
    package static func with<Result: Sendable>(tls: Bool = true, _ body: (TemporaryPostgreSQL) async throws -> Result) async throws -> Result {
        let server = try await TemporaryPostgreSQL(tls: tls)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    private func create(tls: Bool) throws {
        guard let binaries = Self.binaries else { throw Failure("PostgreSQL's server programs are not installed") }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try makeCertificates()
        try Self.run(["chmod", "-R", "a+rX", folder.path])
        if getuid() == 0 { try Self.run(["chown", "-R", "postgres", folder.path]) }
        try Self.run(["chmod", "600", folder.appendingPathComponent("server.key").path])
        try runAsServerUser([binaries.appendingPathComponent("initdb").path, "-D", data.path, "-U", "deeplink", "-A", "trust", "--no-sync"])
        try "\(tls ? "hostssl" : "hostnossl") all all 127.0.0.1/32 trust\n".write(to: data.appendingPathComponent("pg_hba.conf"), atomically: true, encoding: .utf8)
        try start()
    }

    /// Shuts the server down as an administrator does (`pg_ctl stop -m fast`: sessions are ended,
    /// new connections refused), keeping its data and port for ``resume()``.
    package func pause() async throws {
        guard let binaries = Self.binaries else { throw Failure("PostgreSQL's server programs are not installed") }
        try await onOwnThread { [self] in
            _ = try runAsServerUser([binaries.appendingPathComponent("pg_ctl").path, "-D", data.path, "-m", "fast", "-w", "stop"])
        }
    }

    /// Starts the server, on its port with its data, and returns once it accepts connections.
    package func resume() async throws {
        try await onOwnThread { [self] in try start() }
    }

    private func start() throws {
        guard let binaries = Self.binaries else { throw Failure("PostgreSQL's server programs are not installed") }
        try runAsServerUser([
            binaries.appendingPathComponent("pg_ctl").path, "-D", data.path, "-l", folder.appendingPathComponent("server.log").path,
            "-w", "-t", "300", "-o", serverOptions, "start",
        ])
    }

    /// Stops the server at once and removes its folder.
    package func stop() async {
        await onOwnThread { [self] in
            if let binaries = Self.binaries {
                _ = try? runAsServerUser([binaries.appendingPathComponent("pg_ctl").path, "-D", data.path, "-m", "immediate", "-w", "stop"])
            }
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// The URL of the `postgres` database for user `deeplink` at `host`, with the given query.
    package func url(host: String = "localhost", query: String) -> String {
        "postgres://deeplink@\(host):\(port)/postgres?\(query)"
    }

    private func makeCertificates() throws {
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        for (name, subject) in [("ca", "/CN=deeplink test CA"), ("other-ca", "/CN=deeplink other CA")] {
            try Self.run(
                ["openssl", "req", "-x509"] + key
                    + ["-keyout", "\(folder.path)/\(name).key", "-out", "\(folder.path)/\(name).pem", "-days", "2", "-subj", subject])
        }
        try Self.run(["openssl", "req"] + key + ["-keyout", "\(folder.path)/server.key", "-out", "\(folder.path)/server.csr", "-subj", "/CN=localhost"])
        try "subjectAltName=DNS:localhost\n".write(to: folder.appendingPathComponent("server.ext"), atomically: true, encoding: .utf8)
        try Self.run([
            "openssl", "x509", "-req", "-in", "\(folder.path)/server.csr", "-CA", certificateAuthority.path, "-CAkey", "\(folder.path)/ca.key",
            "-CAcreateserial", "-out", "\(folder.path)/server.pem", "-days", "2", "-extfile", "\(folder.path)/server.ext",
        ])
    }

    /// PostgreSQL refuses to run as root, so as root its programs run as `postgres`, through
    /// `setpriv`, which becomes the program instead of waiting for it as `runuser` does.
    @discardableResult
    private func runAsServerUser(_ arguments: [String]) throws -> String {
        try Self.run(getuid() == 0 ? ["setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups"] + arguments : arguments)
    }

    /// Runs a program and returns what it printed. Its output goes through a file: `pg_ctl start`
    /// leaves the server it starts holding the descriptors it inherited, so a pipe would never
    /// see its end.
    @discardableResult
    private static func run(_ arguments: [String]) throws -> String {
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("deeplink-run-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let child = try ChildProcess(
            executable: arguments[0], arguments: Array(arguments.dropFirst()), output: .file(outputFile), error: .standardOutput)
        let status = child.waitUntilExit()
        let text = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
        guard status == 0 else { throw Failure("\(arguments.joined(separator: " ")) ended with status \(status): \(text)") }
        return text
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        package init(_ description: String) { self.description = description }
    }
}
