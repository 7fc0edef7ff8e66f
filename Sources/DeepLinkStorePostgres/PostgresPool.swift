import DeepLinkService
import Logging
import PostgresNIO
import Synchronization

/// The store's connections: a postgres-nio ``PostgresClient`` whose requests wait a bounded time
/// for a connection, replaced by a fresh client when the database returns after an outage.
/// `Sendable`.
///
/// The client alone keeps a request waiting while it retries connecting, failing it only after a
/// minute of failures, and retries with a backoff that grows towards a minute, so a database that
/// is back can go unused for that long. Here a request waits at most ``wait`` for a connection.
/// Work that got a connection waits for it only while it is open (``ConnectionCloseWatch``). A
/// request that did not get one in time, or whose connection broke, has the database checked
/// with a connection of its own; when that fails the database is out: requests fail at once, and
/// the database is tried every ``probeInterval`` until it answers, when a fresh client takes over.
final class PostgresPool: Sendable {
    /// How often an absent database is tried.
    static let probeInterval = Duration.milliseconds(250)

    /// How long a request waits for a connection.
    let wait: Duration
    private let configuration: PostgresClient.Configuration
    private let tls: PostgresTLS
    private let target: PostgresLinkStore.Target
    private let logger: Logger
    private let backgroundLogger: Logger
    private let state: Mutex<State>
    private let closes = ConnectionCloseWatch()
    /// Failures of requests that may mean the database is out; the newest one is enough.
    private let suspicions = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))

    private struct State {
        var client: PostgresClient
        /// When the database was found out, while it has not answered since.
        var outageStart: ContinuousClock.Instant?
    }

    /// Creates the pool and its first client, which ``run()`` runs.
    /// - Parameters:
    ///   - configuration: The clients' configuration; its connect timeout also bounds each try of an absent database.
    ///   - tls: How connections are encrypted, for the tries outside the clients.
    ///   - wait: How long a request waits for a connection.
    ///   - logger: Where the start and end of an outage are logged.
    ///   - backgroundLogger: The clients' logger.
    init(configuration: PostgresClient.Configuration, tls: PostgresTLS, wait: Duration, logger: Logger, backgroundLogger: Logger) {
        self.configuration = configuration
        self.tls = tls
        self.wait = wait
        self.target = PostgresLinkStore.Target(configuration)
        self.logger = logger
        self.backgroundLogger = backgroundLogger
        self.state = Mutex(State(client: PostgresClient(configuration: configuration, backgroundLogger: backgroundLogger)))
    }

    /// Runs the client, and after each outage a fresh one, until cancelled.
    func run() async {
        let first = state.withLock { $0.client }
        var running = Task { await first.run() }
        while await outageEnded() {
            let client = PostgresClient(configuration: configuration, backgroundLogger: backgroundLogger)
            let previous = running
            running = Task { await client.run() }
            state.withLock { $0 = State(client: client) }
            // The old client's connections are gone with the outage; cancelling closes it and its retries.
            previous.cancel()
            await previous.value
        }
        running.cancel()
        await running.value
    }

    /// Runs `body` on a pooled connection once one is free, waiting at most ``wait``.
    /// - Parameter body: The work; it is not started when the wait ran out.
    /// - Returns: What `body` returns.
    /// - Throws: ``StoreError`` with code `unavailable` when the database is out or no connection
    ///   was free in time, or its connection closed before `body` returned; what `body` throws otherwise.
    func withConnection<Result: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> Result) async throws -> Result {
        let client = try currentClient()
        let lease = Lease()
        let (target, wait, suspicions, closes) = (target, wait, suspicions, closes)
        do {
            // Not a task group: a group waits for its children, and a connection request the
            // pool failed to cancel would hold the caller for the whole outage (AbandonableWait).
            return try await AbandonableWait.run(
                timeout: wait,
                giveUp: { callerCancelled in
                    guard lease.expire() else { return nil }
                    if callerCancelled { return CancellationError() }
                    suspicions.continuation.yield()
                    return StoreError(code: .unavailable, message: "no connection to \(target.server) was free within \(wait.secondsText)")
                }
            ) { stopWaiting in
                try await client.withConnection { connection in
                    guard lease.start() else { throw CancellationError() }
                    // A query sent after the connection closed would never be answered; the work
                    // is left to PostgresNIO, which never ends it.
                    let watching = closes.watch(connection) {
                        suspicions.continuation.yield()
                        stopWaiting(StoreError(code: .unavailable, message: "\(target.server) closed the connection before the work on it ended"))
                    }
                    defer { watching.end() }
                    return try await body(connection)
                }
            }
        } catch {
            if Self.mayMeanOutage(error) { suspicions.continuation.yield() }
            throw error
        }
    }

    /// The client to lease from, unless the database is out.
    private func currentClient() throws(StoreError) -> PostgresClient {
        try state.withLock { state throws(StoreError) in
            guard let start = state.outageStart else { return state.client }
            throw StoreError(
                code: .unavailable,
                message: "\(target.server) has not answered for \(Int(start.duration(to: .now) / .seconds(1))) s; "
                    + "it is tried every \(Self.probeInterval.secondsText)")
        }
    }

    /// Waits for a request's failure that may mean an outage, confirms it by connecting, then
    /// connects every ``probeInterval`` until the database answers.
    /// - Returns: `true` once the database answers after an outage, `false` when cancelled.
    private func outageEnded() async -> Bool {
        for await _ in suspicions.stream {
            guard let failure = await tryConnecting() else { continue }
            let start = ContinuousClock.now
            state.withLock { $0.outageStart = start }
            logger.error(
                "the database is out; requests that need it fail at once until it answers",
                metadata: ["database": "\(target.server)", "error": "\(failure.message)"])
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.probeInterval)
                guard !Task.isCancelled, await tryConnecting() == nil else { continue }
                logger.notice(
                    "the database answers again; a fresh connection pool takes over",
                    metadata: ["database": "\(target.server)", "outage.seconds": "\(start.duration(to: .now).secondsText)"])
                return true
            }
            return false
        }
        return false
    }

    /// Connects and signs in once, outside the client.
    /// - Returns: `nil` when that worked, why not otherwise.
    private func tryConnecting() async -> StoreError? {
        do {
            try await PostgresLinkStore.checkConnection(
                configuration, tls: tls, timeout: configuration.options.connectTimeout, logger: backgroundLogger)
            return nil
        } catch {
            return error
        }
    }

    /// Whether a failed request may mean the database is out: its connection failed or broke, or
    /// the server is shutting down; not an error in the query.
    private static func mayMeanOutage(_ error: any Error) -> Bool {
        switch error {
        case is StoreError, is CancellationError:
            return false
        case let error as PSQLError where error.code == .server:
            // Class 08 is a connection exception, class 57 an operator intervention such as a shutdown.
            let sqlState = error.serverInfo?[.sqlState] ?? ""
            return sqlState.hasPrefix("08") || sqlState.hasPrefix("57")
        case let error as PSQLError:
            return ![.queryCancelled, .tooManyParameters, .invalidCommandTag].contains(error.code)
        default:
            return true
        }
    }

    /// One request's wait for a connection: the connection starts the work, or the deadline
    /// passes, whichever comes first; the other finds it decided.
    private final class Lease: Sendable {
        private enum Phase {
            case waiting, started, expired
        }

        private let phase = Mutex(Phase.waiting)

        /// Whether the work may start: the deadline has not passed.
        func start() -> Bool { decide(.started) }

        /// Whether the deadline passed before a connection came.
        func expire() -> Bool { decide(.expired) }

        private func decide(_ outcome: Phase) -> Bool {
            phase.withLock { phase in
                guard phase == .waiting else { return false }
                phase = outcome
                return true
            }
        }
    }
}
