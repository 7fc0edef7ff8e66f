import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

/// A `deeplink` subprocess, as a user would start it, on a free loopback port.
final class ServerProcess: Sendable {
    let process: Process
    let port: Int
    private let errorOutput: Pipe

    /// The `deeplink` executable that `swift build` put beside the test bundle.
    static func executable() throws -> URL {
        let folder = Bundle.main.bundleURL.deletingLastPathComponent()
        let candidates = [folder, Bundle.main.bundleURL].map { $0.appendingPathComponent("deeplink") }
        return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }, "build deeplink first: swift build")
    }

    /// Runs `deeplink ARGUMENTS` to completion and returns its standard output.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }

    /// Starts `deeplink serve` on port 0 and waits for the port it logs.
    init(config: String, database: String) throws {
        process = Process()
        process.executableURL = try Self.executable()
        process.arguments = ["serve", "--config", config, "--database", database, "--host", "127.0.0.1", "--port", "0"]
        errorOutput = Pipe()
        process.standardError = errorOutput
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var log = ""
        var found: Int?
        let deadline = Date().addingTimeInterval(30)
        while found == nil, Date() < deadline, process.isRunning {
            let data = errorOutput.fileHandleForReading.availableData
            log += String(decoding: data, as: UTF8.self)
            if let range = log.range(of: #"port=(\d+)"#, options: .regularExpression) {
                found = Int(log[range].dropFirst(5))
            }
        }
        guard let found else {
            process.terminate()
            throw ServerProcessError(message: "deeplink serve did not start: \(log)")
        }
        port = found
    }

    /// Sends SIGTERM and waits for a graceful exit.
    func stop() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Sends one request over a new loopback connection.
    func request(
        _ path: String, method: HTTPRequest.Method = .get, headers: HTTPFields = [:], body: String? = nil
    ) async throws -> TestClient.Response {
        try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
            try await client.execute(
                TestClient.Request(path, method: method, authority: "shop.example.com", headers: headers, body: body.map { ByteBuffer(string: $0) }))
        }
    }
}

struct ServerProcessError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

extension TestClient.Response {
    /// The body as text.
    var text: String { body.map { String(buffer: $0) } ?? "" }
}
