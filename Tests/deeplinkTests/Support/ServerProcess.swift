import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

/// A `deeplink` subprocess, as a user would start it, on a free loopback port.
///
/// Waiting for a process blocks a thread, so it happens on a thread of its own: blocking the
/// few threads of Swift's cooperative pool would stall every other test running meanwhile.
final class ServerProcess: Sendable {
    let process: Process
    let port: Int
    /// What the server wrote to standard error until it logged its port.
    let startupLog: String
    private let errorOutput: Pipe

    /// The `deeplink` executable that `swift build` put beside the test bundle.
    static func executable() throws -> URL {
        let folder = Bundle.main.bundleURL.deletingLastPathComponent()
        let candidates = [folder, Bundle.main.bundleURL].map { $0.appendingPathComponent("deeplink") }
        return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }, "build deeplink first: swift build")
    }

    /// `deeplink ARGUMENTS` as a process: the settings variables of the tests' own environment
    /// left out, `environment` added, run in `folder`.
    static func process(_ arguments: [String], environment: [String: String], in folder: URL?) throws -> Process {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment
            .filter { !$0.key.hasPrefix("DEEPLINK_") || $0.key.hasPrefix("DEEPLINK_TEST_") }
            .merging(environment) { $1 }
        process.currentDirectoryURL = folder
        return process
    }

    /// What a finished `deeplink` command did, and how long it took from start to exit, measured
    /// on the thread that waited for it, so a busy test run does not count against the command.
    typealias Outcome = (status: Int32, output: String, error: String, elapsed: Duration)

    /// Runs `deeplink ARGUMENTS` to completion and returns its exit status, standard output and standard error.
    /// - Parameters:
    ///   - arguments: The arguments.
    ///   - environment: Variables to set, such as `DEEPLINK_DATABASE`.
    ///   - folder: The working directory; the tests' own by default.
    ///   - input: What the command reads on standard input; nothing (not the tests' terminal) by default.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], in folder: URL? = nil, input: String = ""
    ) async throws -> Outcome {
        let process = try process(arguments, environment: environment, in: folder)
        return try await onOwnThread { try runToCompletion(process, input: input) }
    }

    private static func runToCompletion(_ process: Process, input: String) throws -> Outcome {
        let start = ContinuousClock.now
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        // A file rather than a pipe: a command that exits without reading cannot break a write.
        let inputFile = FileManager.default.temporaryDirectory.appendingPathComponent("deeplink-input-\(UUID().uuidString)")
        try Data(input.utf8).write(to: inputFile)
        defer { try? FileManager.default.removeItem(at: inputFile) }
        let inputHandle = try FileHandle(forReadingFrom: inputFile)
        defer { try? inputHandle.close() }
        process.standardInput = inputHandle
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self),
            ContinuousClock.now - start
        )
    }

    /// Starts `deeplink serve` on port 0 and waits for the port it logs.
    convenience init(config: String, database: String) async throws {
        try await self.init(["serve", "--config", config, "--database", database, "--host", "127.0.0.1", "--port", "0"])
    }

    /// Starts `deeplink ARGUMENTS`, a `serve` command, and waits for the port it logs.
    /// - Parameters:
    ///   - arguments: The arguments, `serve` first.
    ///   - environment: Variables to set.
    ///   - folder: The working directory.
    init(_ arguments: [String], environment: [String: String] = [:], in folder: URL? = nil) async throws {
        let process = try Self.process(arguments, environment: environment, in: folder)
        let errorOutput = Pipe()
        process.standardError = errorOutput
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        (port, startupLog) = try await Self.onOwnThread { try Self.waitForPort(process, errorOutput) }
        self.process = process
        self.errorOutput = errorOutput
    }

    /// Reads standard error until the server logs its port.
    private static func waitForPort(_ process: Process, _ errorOutput: Pipe) throws -> (port: Int, log: String) {
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
        return (found, log)
    }

    /// Runs blocking work on a thread of its own and waits for it without blocking.
    private static func onOwnThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
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
