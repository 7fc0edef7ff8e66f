import DeepLinkCore
import DeepLinkServiceTesting
import DeepLinkStorePostgres
import DeepLinkTesting
import Foundation
import Logging
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// Issue 27: servers sharing a PostgreSQL database deliver each event once.
struct WebhookInstancesTests {
    @Test(.enabled(if: TestPostgreSQL.url != nil, "needs DEEPLINK_TEST_POSTGRES_URL"))
    func twoServersOnOnePostgreSQLDatabaseDeliverEachEventOnce() async throws {
        let schema = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
        let url = try #require(TestPostgreSQL.url(adding: "schema=\(schema)&pool_size=3"))
        let logger = {
            var logger = Logger(label: "test.instances")
            logger.logLevel = .warning
            return logger
        }()
        let receiver = WebhookReceiver()
        try await receiver.run { base in
            try await TestPostgreSQL.withTurn {
                // Two stores, each with its own pool of connections, as two servers have.
                try await PostgresLinkStore.withStore(url: url, connectTimeout: .seconds(120), connectionWait: .seconds(120), logger: logger) { first in
                    try await PostgresLinkStore.withStore(url: url, connectTimeout: .seconds(120), connectionWait: .seconds(120), logger: logger) { second in
                        let endpoint = WebhookEndpoint(
                            id: WebhookEndpoint.newID(), url: "\(base)/hooks", events: WebhookEventType.allCases, secret: WebhookSignature.newSecret(),
                            createdAt: Date())
                        try await first.insert(endpoint)
                        let events = (0..<120).map { WebhookEvent.linkDeleted(code: "gone-\($0)") }
                        // Written by both servers, in batches.
                        try await first.recordWebhookEvents(Array(events.prefix(60)))
                        try await second.recordWebhookEvents(Array(events.dropFirst(60)))
                        let policy = WebhookURLPolicy(allowsPrivateAddresses: true, resolver: SystemHostResolver())
                        func sender(_ store: PostgresLinkStore) -> WebhookSender {
                            WebhookSender(
                                store: store, policy: policy, retry: WebhookRetryPolicy(), transport: HTTPWebhookTransport(), releasesLeasesAtStart: false,
                                clock: SystemClock(), logger: logger)
                        }
                        let senders = [sender(first), sender(first), sender(second), sender(second)]
                        // The four senders of two servers poll at once until nothing is due.
                        for _ in 0..<40 {
                            let attempted = await withTaskGroup(of: Int.self) { group in
                                for sender in senders { group.addTask { await sender.deliverDue(now: Date()) } }
                                return await group.reduce(0, +)
                            }
                            if attempted == 0 { break }
                        }
                        let ids = receiver.received.map(\.id)
                        #expect(ids.count == 120, "each event once: \(ids.count) requests")
                        #expect(Set(ids) == Set(events.map(\.id)))
                        let deliveries = try await second.webhookDeliveries(endpointID: endpoint.id, limit: 500)
                        #expect(deliveries.count == 120)
                        #expect(deliveries.allSatisfy { $0.status == .delivered && $0.attempts == 1 })
                    }
                }
            }
        }
    }
}
