import DeepLinkServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import DeepLinkStorePostgres

/// The server while its PostgreSQL is stopped and after it starts again, against a server of the
/// test's own, since the shared test database must stay up.
@Suite(.serialized)
struct PostgresOutageTests {
    static let link = #"{"code": "CODE", "deepLink": "shop://sales/42", "fallbacks": {"webURL": "https://shop.example.com/sales/42"}}"#

    /// Sends a request and measures how long the answer took.
    static func timed(_ request: () async throws -> TestResponse) async throws -> (TestResponse, Duration) {
        let start = ContinuousClock.now
        let response = try await request()
        return (response, start.duration(to: .now))
    }

    @Test(.enabled(if: TemporaryPostgreSQL.isAvailable || TemporaryPostgreSQL.isRequired))
    func requestsThatNeedTheStoppedDatabaseFailFastOthersAnswerAndServiceResumesWhenItStarts() async throws {
        let database = try TemporaryPostgreSQL(tls: false)
        defer { database.stop() }
        let logs = LogRecorder()
        var configuration = try ServerHarness.configuration()
        // Short, so that the opened link's entry is past its lifetime when the database is out.
        configuration.linkCacheLifetime = .milliseconds(100)
        let url = database.url(host: "127.0.0.1", query: "sslmode=disable")
        try await PostgresLinkStore.withStore(url: url, logger: logs.logger(level: .notice)) { [configuration] store in
            let key = APIKey.generate(name: "test", at: Date())
            try await store.insert(key.record)
            var appLogger = Logger(label: "test.server")
            appLogger.logLevel = .critical
            let app = try buildApplication(configuration: configuration, store: store, logger: appLogger)
            try await app.test(.router) { client in
                let server = ServerHarness(client: client, store: store, token: key.token)
                _ = try await server.createLink(Self.link.replacingOccurrences(of: "CODE", with: "spring"))
                let opened = try await server.open("/spring", userAgent: ServerHarness.desktop)
                #expect(opened.status == .found)

                try database.pause()
                let (health, healthTime) = try await Self.timed { try await client.execute(uri: "/healthz", method: .get) }
                #expect(health.status == .serviceUnavailable)
                #expect(health.headers[.retryAfter] == "2")
                #expect(healthTime < .seconds(2), "/healthz took \(healthTime)")

                let (list, listTime) = try await Self.timed { try await server.api(.get, "/api/v1/links") }
                #expect(list.status == .serviceUnavailable)
                #expect(list.headers[.retryAfter] == "2")
                #expect(list.text.contains(#""code":"storage-unavailable""#), "\(list.text)")
                #expect(listTime < .seconds(2), "the list took \(listTime)")

                let (unknown, unknownTime) = try await Self.timed { try await server.open("/autumn", userAgent: ServerHarness.desktop) }
                #expect(unknown.status == .serviceUnavailable)
                #expect(unknown.headers[.retryAfter] == "2")
                #expect(unknownTime < .seconds(2), "an uncached link took \(unknownTime)")

                let (cached, cachedTime) = try await Self.timed { try await server.open("/spring", userAgent: ServerHarness.desktop) }
                #expect(cached.status == .found)
                #expect(cached.headers[.location] == opened.headers[.location])
                #expect(cachedTime < .seconds(1), "the cached link took \(cachedTime)")
                for path in ["/.well-known/apple-app-site-association", "/.well-known/assetlinks.json", "/metrics", "/openapi.yaml"] {
                    let response = try await client.execute(uri: path, method: .get)
                    #expect(response.status == .ok, "\(path)")
                }
                #expect(logs.all.contains { $0.level == .error && $0.message.hasPrefix("the database is out") })

                try database.resume()
                let returned = ContinuousClock.now
                var healthy = false
                while !healthy, returned.duration(to: .now) < .seconds(10) {
                    healthy = try await client.execute(uri: "/healthz", method: .get).status == .ok
                    if !healthy { try await Task.sleep(for: .milliseconds(20)) }
                }
                let recovery = returned.duration(to: .now)
                #expect(healthy)
                #expect(recovery < .seconds(2), "/healthz answered 200 after \(recovery)")
                _ = try await server.createLink(Self.link.replacingOccurrences(of: "CODE", with: "autumn"))
                #expect(logs.all.contains { $0.level == .notice && $0.message.hasPrefix("the database answers again") })
            }
        }
    }
}
