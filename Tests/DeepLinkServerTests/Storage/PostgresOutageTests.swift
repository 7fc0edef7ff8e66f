// Tests DeepLinkStorePostgres, here beside the server's shared store suite, whose PostgreSQL setup it uses.
import DeepLinkServer
import DeepLinkServiceTesting
import DeepLinkTesting
import DeepLinkService
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing

@testable import DeepLinkStorePostgres

/// The server while its PostgreSQL is stopped and after it starts again, against a server of the
/// test's own, since the shared test database must stay up.
@Suite(.serialized)
struct PostgresOutageTests {
    static let link = #"{"code": "CODE", "deepLink": "shop://sales/42", "fallbacks": {"webURL": "https://shop.example.com/sales/42"}}"#

    /// Sends a request and measures how long the answer took.
    /// Writes a step of the test to standard error with the seconds since `start`, so that a run
    /// that stops moving shows where (Tests/Stress/postgres-outage.sh runs it until one does). The
    /// suite hung in this test about once in fifteen runs, with its database stopped and every
    /// thread idle, after `paused`: the first `/healthz` got a connection the server had just
    /// ended, and PostgresNIO dropped its query unanswered (`ConnectionCloseWatch`;
    /// `PostgresPoolTests` shows it without the race).
    static func step(_ name: String, since start: ContinuousClock.Instant) {
        let elapsed = start.duration(to: .now).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        FileHandle.standardError.write(Data("PostgresOutageTests: \(name) at \(String(format: "%.2f", seconds)) s\n".utf8))
    }

    static func timed(_ request: () async throws -> TestResponse) async throws -> (TestResponse, Duration) {
        let start = ContinuousClock.now
        let response = try await request()
        return (response, start.duration(to: .now))
    }

    @Test(.enabled(if: TemporaryPostgreSQL.isAvailable || TemporaryPostgreSQL.isRequired))
    func requestsThatNeedTheStoppedDatabaseFailFastOthersAnswerAndServiceResumesWhenItStarts() async throws {
        try await TemporaryPostgreSQL.with(tls: false) { database in
            try await Self.openUntilItOpens(database)
        }
    }

    /// The pool's wait for a connection: long enough that a request that waits for it is told
    /// from one that fails at once by bounds no loaded machine misses (a second, the server's
    /// default, was missed by the whole suite on two busy cores).
    static let connectionWait = Duration.seconds(20)

    private static func openUntilItOpens(_ database: TemporaryPostgreSQL) async throws {
        var configuration = try ServerHarness.configuration()
        // Short, so that the opened link's entry is past its lifetime when the database is out.
        configuration.linkCacheLifetime = .milliseconds(100)
        let url = database.url(host: "127.0.0.1", query: "sslmode=disable")
        // The database has just started, and with the whole suite on two cores (a fresh clone's
        // first run) opening the store, its first connections and the migration, can take longer
        // than the pool's wait: open it again until it opens, and warm the pool up before the outage.
        let opening = ContinuousClock.now
        let opened = OpenedFlag()
        while true {
            do {
                try await openAndRun(url: url, configuration: configuration, database: database, opened: opened)
                break
            } catch let error as StoreError where !opened.value && error.code == .unavailable && opening.duration(to: .now) < .seconds(300) {
                continue
            }
        }
    }

    /// Whether the store opened, so a failure after it is the test's, not the warm-up's.
    final class OpenedFlag: Sendable {
        private let state = Mutex(false)
        var value: Bool { state.withLock { $0 } }
        func set() { state.withLock { $0 = true } }
    }

    /// Opens the store and runs the test; each try has logs of its own, since a failed opening
    /// may have logged an outage of its own pool.
    private static func openAndRun(url: String, configuration: ServerConfiguration, database: TemporaryPostgreSQL, opened: OpenedFlag) async throws {
        let logs = LogRecorder()
        try await PostgresLinkStore.withStore(url: url, connectionWait: Self.connectionWait, logger: logs.logger(level: .notice)) { [configuration] store in
            let key = APIKey.generate(name: "test", at: Date())
            let warming = ContinuousClock.now
            while true {
                do {
                    // Several at once, so the pool holds a few connections when the test begins.
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for _ in 0..<4 { group.addTask { try await store.checkHealth() } }
                        try await group.waitForAll()
                    }
                    try await store.insert(key.record)
                    break
                } catch let error as StoreError where error.code == .unavailable && warming.duration(to: .now) < .seconds(300) {
                    continue
                }
            }
            opened.set()
            Self.step("store opened and warm", since: warming)
            var appLogger = Logger(label: "test.server")
            appLogger.logLevel = .critical
            let app = try buildApplication(configuration: configuration, store: store, logger: appLogger)
            try await app.test(.router) { client in
                let server = ServerHarness(client: client, store: store, token: key.token)
                // Following starts by putting every cached link past its lifetime, and a read under
                // way then keeps nothing: the link is opened once the server follows, so the outage
                // has its cached copy to answer with.
                while !logs.all.contains(where: { $0.message == "following link changes" }) { await Task.yield() }
                _ = try await server.createLink(Self.link.replacingOccurrences(of: "CODE", with: "spring"))
                let opened = try await server.open("/spring", userAgent: ServerHarness.desktop)
                #expect(opened.status == .found)

                Self.step("pausing", since: warming)
                try await database.pause()
                Self.step("paused", since: warming)
                let (health, healthTime) = try await Self.timed { try await client.execute(uri: "/healthz", method: .get) }
                Self.step("healthz answered", since: warming)
                #expect(health.status == .serviceUnavailable)
                #expect(health.headers[.retryAfter] == "2")
                // The first request may wait the pool's whole wait before it fails, and not the
                // minutes the client alone would take.
                #expect(healthTime < Self.connectionWait * 2, "/healthz took \(healthTime)")

                // The failure has the pool confirm the outage in the background; once it has, every
                // request that needs the database fails at once.
                try await eventually("the pool confirms the outage") {
                    logs.all.contains { $0.level == .error && $0.message.hasPrefix("the database is out") }
                }

                Self.step("outage confirmed or waited for", since: warming)
                let (list, listTime) = try await Self.timed { try await server.api(.get, "/api/v1/links") }
                #expect(list.status == .serviceUnavailable)
                #expect(list.headers[.retryAfter] == "2")
                #expect(list.text.contains(#""code":"storage-unavailable""#), "\(list.text)")
                #expect(listTime < Self.connectionWait / 2, "the list took \(listTime), as long as the pool's wait")

                Self.step("list answered", since: warming)
                let (unknown, unknownTime) = try await Self.timed { try await server.open("/autumn", userAgent: ServerHarness.desktop) }
                #expect(unknown.status == .serviceUnavailable)
                #expect(unknown.headers[.retryAfter] == "2")
                #expect(unknownTime < Self.connectionWait / 2, "an uncached link took \(unknownTime), as long as the pool's wait")

                Self.step("uncached link answered", since: warming)
                let (cached, cachedTime) = try await Self.timed { try await server.open("/spring", userAgent: ServerHarness.desktop) }
                #expect(cached.status == .found)
                #expect(cached.headers[.location] == opened.headers[.location])
                #expect(cachedTime < Self.connectionWait / 2, "the cached link took \(cachedTime), as long as the pool's wait")
                Self.step("cached link answered", since: warming)
                for path in ["/assets/pages.css", "/metrics", "/openapi.yaml"] {
                    let response = try await client.execute(uri: path, method: .get)
                    #expect(response.status == .ok, "\(path)")
                }

                Self.step("static paths answered; resuming", since: warming)
                try await database.resume()
                Self.step("resumed", since: warming)
                let returned = ContinuousClock.now
                try await eventually("/healthz answers 200 again") {
                    try await client.execute(uri: "/healthz", method: .get).status == .ok
                }
                let recovery = returned.duration(to: .now)
                Self.step("healthz polled", since: warming)
                // The database is tried every 250 ms, and recovery takes 0.1-0.2 s on a quiet
                // machine; the margin is for the whole suite on two cores, where starting
                // PostgreSQL and its first connection take seconds. It still fails the pool's own
                // backoff, which took 16 s.
                #expect(recovery < .seconds(10), "/healthz answered 200 after \(recovery)")
                _ = try await server.createLink(Self.link.replacingOccurrences(of: "CODE", with: "autumn"))
                #expect(logs.all.contains { $0.level == .notice && $0.message.hasPrefix("the database answers again") })
                Self.step("link created after the outage", since: warming)
            }
            Self.step("server stopped", since: warming)
        }
        FileHandle.standardError.write(Data("PostgresOutageTests: store closed\n".utf8))
    }
}
