import DeepLinkTesting
import Foundation
import Synchronization
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

/// A `deeplink` subprocess, as a user would start it, on a free loopback port.
///
/// Waiting for a process blocks a thread, so it happens on a thread of its own: blocking the
/// few threads of Swift's cooperative pool would stall every other test running meanwhile.
final class ServerProcess: Sendable {
    let process: ChildProcess
    let port: Int
    /// What the server wrote to standard error until it logged its port.
    let startupLog: String

    /// The `deeplink` executable that `swift build` put beside the test bundle.
    static func executable() throws -> URL {
        let folder = Bundle.main.bundleURL.deletingLastPathComponent()
        let candidates = [folder, Bundle.main.bundleURL].map { $0.appendingPathComponent("deeplink") }
        return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }, "build deeplink first: swift build")
    }

    /// Starts `deeplink ARGUMENTS`: the settings variables of the tests' own environment left
    /// out, `environment` added, run in `folder`.
    static func start(
        _ arguments: [String], environment: [String: String], in folder: URL?, input: ChildProcess.Stream = .null,
        output: ChildProcess.Stream
    ) throws -> ChildProcess {
        try ChildProcess(
            executable: try executable().path, arguments: arguments,
            environment: ProcessInfo.processInfo.environment
                .filter { !$0.key.hasPrefix("DEEPLINK_") || $0.key.hasPrefix("DEEPLINK_TEST_") }
                .merging(environment) { $1 },
            directory: folder, input: input, output: output, error: .pipe)
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
        try await onOwnThread { try runToCompletion(arguments, environment: environment, in: folder, input: input) }
    }

    private static func runToCompletion(_ arguments: [String], environment: [String: String], in folder: URL?, input: String) throws -> Outcome {
        let started = ContinuousClock.now
        // A file rather than a pipe: a command that exits without reading cannot break a write.
        let inputFile = FileManager.default.temporaryDirectory.appendingPathComponent("deeplink-input-\(UUID().uuidString)")
        try Data(input.utf8).write(to: inputFile)
        defer { try? FileManager.default.removeItem(at: inputFile) }
        let process = try start(arguments, environment: environment, in: folder, input: .file(inputFile), output: .pipe)
        // Standard error is read on a thread of its own while standard output is read here, so
        // a command that fills one pipe while the other is being read cannot stall.
        let errorData = Mutex(Data())
        let errorRead = DispatchSemaphore(value: 0)
        Thread {
            let data = process.standardError?.readDataToEndOfFile() ?? Data()
            errorData.withLock { $0 = data }
            errorRead.signal()
        }.start()
        let outputData = process.standardOutput?.readDataToEndOfFile() ?? Data()
        errorRead.wait()
        let status = process.waitUntilExit()
        return (
            status, String(decoding: outputData, as: UTF8.self), String(decoding: errorData.withLock { $0 }, as: UTF8.self),
            ContinuousClock.now - started
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
        let process = try Self.start(arguments, environment: environment, in: folder, output: .null)
        (port, startupLog) = try await Self.onOwnThread { try Self.waitForPort(process) }
        self.process = process
    }

    /// Reads standard error until the server logs its port.
    private static func waitForPort(_ process: ChildProcess) throws -> (port: Int, log: String) {
        var log = ""
        var found: Int?
        let deadline = Date().addingTimeInterval(30)
        while found == nil, Date() < deadline, process.isRunning {
            guard let data = process.standardError?.availableData, !data.isEmpty else { break }
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
        return process.waitUntilExit()
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
