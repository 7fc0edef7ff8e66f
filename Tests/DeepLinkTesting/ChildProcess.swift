import CChildProcess
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program the tests run (`deeplink`, `zbarimg`, `python3`, PostgreSQL's `pg_ctl`), started
/// with `posix_spawn` instead of Foundation's `Process`. `Sendable`.
///
/// On Linux, `Process.run()` of Swift 6.3.1 lists `/proc/self/fd` with a read past the end of a
/// buffer and now and then crashes the whole test run with a bad pointer dereference
/// (swift-corelibs-foundation pull request 5472, "Process.run() on Linux crashes intermittently";
/// seen here once in a few full runs). Here the child gets standard input, output and error as
/// asked and every other descriptor closed (`posix_spawn_file_actions_addclosefrom_np`), so a
/// server the child starts cannot hold another test's pipe or database connection open either,
/// and the signals of a new process, not the spawning thread's blocked ones.
public final class ChildProcess: Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// A pipe whose other end is ``ChildProcess/standardOutput`` or ``ChildProcess/standardError``.
        case pipe
        /// A file, created or truncated (for output) or read (for input).
        case file(URL)
        /// Standard error only: wherever standard output goes.
        case standardOutput
    }

    /// The child's process id.
    public let id: pid_t
    /// The reading end of the child's standard output, when it goes to a pipe.
    public let standardOutput: FileHandle?
    /// The reading end of the child's standard error, when it goes to a pipe.
    public let standardError: FileHandle?
    /// How the child ended, once it has been waited for.
    private let exit = Mutex<Int32?>(nil)

    /// Starts a program.
    /// - Parameters:
    ///   - executable: The program's path, or its name to look for in `PATH`.
    ///   - arguments: Its arguments, without the program itself.
    ///   - environment: Its whole environment.
    ///   - directory: Its working directory; the tests' own when `nil`.
    ///   - input: Its standard input: `/dev/null` or a file.
    ///   - output: Its standard output.
    ///   - error: Its standard error.
    /// - Throws: ``Failure`` when it cannot be started.
    public init(
        executable: String, arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
        directory: URL? = nil, input: Stream = .null, output: Stream = .null, error: Stream = .null
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The parent's ends of the pipes, and the child's ends to close here once it has started.
        var parentEnds: [Int32: Int32] = [:]
        var childEnds: [Int32] = []
        defer { childEnds.forEach { _ = close($0) } }
        func connect(_ stream: Stream, to target: Int32) throws {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let url):
                let flags = target == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
                posix_spawn_file_actions_addopen(&actions, target, url.path, flags, 0o644)
            case .standardOutput:
                posix_spawn_file_actions_adddup2(&actions, 1, target)
            case .pipe:
                var ends: [Int32] = [0, 0]
                guard child_process_pipe(&ends) == 0 else { throw Failure("a pipe for \(executable): \(String(cString: strerror(errno)))") }
                let (parent, child) = target == 0 ? (ends[1], ends[0]) : (ends[0], ends[1])
                parentEnds[target] = parent
                childEnds.append(child)
                posix_spawn_file_actions_adddup2(&actions, child, target)
            }
        }
        do {
            try connect(input, to: 0)
            try connect(output, to: 1)
            try connect(error, to: 2)
        } catch {
            parentEnds.values.forEach { _ = close($0) }
            throw error
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        guard child_process_prepare(&actions, &attributes) == 0 else {
            parentEnds.values.forEach { _ = close($0) }
            throw Failure("\(executable) could not be prepared: \(String(cString: strerror(errno)))")
        }
        if let directory { child_process_change_directory(&actions, directory.path) }

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var id = pid_t()
        let spawned = posix_spawnp(&id, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            parentEnds.values.forEach { _ = close($0) }
            throw Failure("\(executable) could not be started: \(String(cString: strerror(spawned)))")
        }
        self.id = id
        standardOutput = parentEnds[1].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        standardError = parentEnds[2].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
    }

    /// Runs a program to its end and returns its status and what it wrote on standard output
    /// (standard error included when `error` is ``Stream/standardOutput``). The waiting is done
    /// on a thread of its own (``onOwnThread(_:)``).
    public static func run(
        executable: String, arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
        directory: URL? = nil, input: Stream = .null, error: Stream = .null
    ) async throws -> (status: Int32, output: String) {
        let child = try ChildProcess(
            executable: executable, arguments: arguments, environment: environment, directory: directory, input: input, output: .pipe,
            error: error)
        return await onOwnThread {
            let data = child.standardOutput?.readDataToEndOfFile() ?? Data()
            return (child.waitUntilExit(), String(decoding: data, as: UTF8.self))
        }
    }

    /// Waits for the child to end on a thread of its own, and returns its exit status, or 128
    /// plus the signal that ended it; see ``waitUntilExit()``.
    public func waitForExit() async -> Int32 {
        await onOwnThread { self.waitUntilExit() }
    }

    /// Whether the child has not ended yet.
    public var isRunning: Bool {
        if exit.withLock({ $0 }) != nil { return false }
        var status: Int32 = 0
        let waited = waitpid(id, &status, WNOHANG)
        if waited == id {
            record(status)
            return false
        }
        // ECHILD: another thread reaped it and is recording how it ended.
        return waited == 0
    }

    /// Sends `SIGTERM`.
    public func terminate() {
        if isRunning { kill(id, SIGTERM) }
    }

    /// Waits for the child to end, blocking the thread, and returns its exit status, or 128 plus
    /// the signal that ended it.
    /// - Returns: The status, or -1 when something else in the process reaped the child.
    @discardableResult
    public func waitUntilExit() -> Int32 {
        var reapedElsewhere = 0
        while true {
            if let ended = exit.withLock({ $0 }) { return ended }
            var status: Int32 = 0
            let waited = waitpid(id, &status, 0)
            if waited == id {
                record(status)
            } else if errno == ECHILD {
                // Another thread of ours reaped it and records the status at once; anything else
                // (a `waitpid(-1)` elsewhere in the process) leaves no status to wait for.
                reapedElsewhere += 1
                if reapedElsewhere > 2000 { exit.withLock { $0 = $0 ?? -1 } }
                usleep(1000)
            }
        }
    }

    private func record(_ status: Int32) {
        // The exit code is in bits 8–15 when the low 7 bits (the terminating signal) are zero.
        let signal = status & 0x7f
        let code = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        exit.withLock { $0 = $0 ?? code }
    }

    /// Why a program could not be started.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
