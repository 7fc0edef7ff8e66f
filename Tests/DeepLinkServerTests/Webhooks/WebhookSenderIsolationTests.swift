import DeepLinkCore
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// One endpoint that answers slowly or never holds only its own slots: every other endpoint gets
/// its messages meanwhile (issue 43). And the delivery log keeps finished deliveries for the
/// retention only.
struct WebhookSenderIsolationTests {
    static func sender(_ store: any LinkStore, retry: WebhookRetryPolicy = WebhookRetryPolicy(), retention: Duration = .seconds(7 * 86_400))
        -> WebhookSender
    {
        var logger = Logger(label: "test.sender")
        logger.logLevel = .critical
        return WebhookSender(
            store: store, policy: WebhookURLPolicy(allowsPrivateAddresses: true, resolver: SystemHostResolver()), retry: retry,
            transport: HTTPWebhookTransport(), releasesLeasesAtStart: false, retention: retention, clock: SystemClock(), logger: logger)
    }

    /// Without the fix, the sender took a batch of 16 and waited for all of it: with attempts that
    /// last an hour, the fast receiver got one batch's share and then nothing, and the test ran
    /// into its time limit.
    @Test(.timeLimit(.minutes(3)))
    func aSilentAndASlowEndpointDelayNoOtherEndpoint() async throws {
        let receiver = WebhookReceiver(holds: { $0.path != "/fast" })
        try await receiver.run { base in
            try await ServerHarness.run(.sqlite, configuration: try WebhookDeliveryTests.configuration()) { server in
                let (fast, _) = try await WebhookDeliveryTests.endpoint(server, url: "\(base)/fast")
                let (silent, _) = try await WebhookDeliveryTests.endpoint(server, url: "\(base)/silent")
                _ = try await WebhookDeliveryTests.endpoint(server, url: "\(base)/slow")
                let events = (0..<200).map { WebhookEvent.linkDeleted(code: "gone-\($0)") }
                try await server.store.recordWebhookEvents(events)
                var retry = WebhookRetryPolicy()
                // Held requests stay unanswered for the whole test.
                retry.attemptTimeout = .seconds(3600)
                let sender = Self.sender(server.store, retry: retry)
                let running = Task { try await sender.run() }
                // 200 for the fast endpoint, and each held endpoint's four slots.
                await receiver.waitForRequests(200 + 2 * WebhookSender.defaultConcurrencyPerEndpoint)
                let received = receiver.received
                #expect(Set(received.filter { $0.path == "/fast" }.map(\.id)) == Set(events.map(\.id)))
                #expect(received.filter { $0.path == "/silent" }.count == WebhookSender.defaultConcurrencyPerEndpoint)
                #expect(received.filter { $0.path == "/slow" }.count == WebhookSender.defaultConcurrencyPerEndpoint)
                receiver.release()
                running.cancel()
                try await running.value
                let log = try await server.store.webhookDeliveries(endpointID: fast, limit: 500)
                #expect(log.count == 200)
                #expect(log.allSatisfy { $0.status == .delivered })
                let held = try await server.store.webhookDeliveries(endpointID: silent, limit: 500)
                #expect(held.filter { $0.status == .delivered }.count == WebhookSender.defaultConcurrencyPerEndpoint, "the held four were answered and recorded at shutdown")
                #expect(held.filter { $0.status == .pending && $0.attempts == 0 }.count == 200 - WebhookSender.defaultConcurrencyPerEndpoint)
            }
        }
    }

    @Test func deliveriesTakeUpToSixteenPerEndpointARound() async throws {
        let receiver = WebhookReceiver()
        try await receiver.run { base in
            try await ServerHarness.run(.sqlite, configuration: try WebhookDeliveryTests.configuration()) { server in
                _ = try await WebhookDeliveryTests.endpoint(server, url: "\(base)/hooks")
                try await server.store.recordWebhookEvents((0..<20).map { WebhookEvent.linkDeleted(code: "gone-\($0)") })
                #expect(await Self.sender(server.store).deliverDue(now: Date()) == 16)
                #expect(await Self.sender(server.store).deliverDue(now: Date()) == 4)
                #expect(receiver.received.count == 20)
            }
        }
    }

    @Test func oneHostAndCheckedAddressShareOneClientAndANewAddressGetsItsOwn() async {
        let clients = WebhookClients()
        let pin = WebhookClients.Pin(host: "hooks.example.com", writtenHost: "Hooks.example.com", address: "192.0.2.1", connectTimeout: 5)
        let first = clients.client(for: pin)
        #expect(clients.client(for: pin) === first, "the next delivery reuses the client and its connections")
        var moved = pin
        moved.address = "192.0.2.2"
        #expect(clients.client(for: moved) !== first, "a name that now resolves elsewhere is pinned by a client of its own")
        #expect(clients.count == 2)
        await clients.shutdown()
        #expect(clients.count == 0)
    }

    @Test func finishedDeliveriesArePurgedAfterTheRetentionAndPendingOnesStay() async throws {
        let receiver = WebhookReceiver { index, _ in index < 3 ? (.ok, "", [:]) : (.serviceUnavailable, "later", [:]) }
        try await receiver.run { base in
            try await ServerHarness.run(.sqlite, configuration: try WebhookDeliveryTests.configuration()) { server in
                let (id, _) = try await WebhookDeliveryTests.endpoint(server, url: "\(base)/hooks")
                try await server.store.recordWebhookEvents((0..<5).map { WebhookEvent.linkDeleted(code: "gone-\($0)") })
                let now = Date()
                let sender = Self.sender(server.store, retention: .seconds(7 * 86_400))
                #expect(await sender.deliverDue(now: now) == 5)
                let log = try await server.store.webhookDeliveries(endpointID: id, limit: 10)
                #expect(log.filter { $0.status == .delivered }.count == 3)
                #expect(await sender.purge(now: now.addingTimeInterval(6 * 86_400)) == 0, "within the retention")
                #expect(await sender.purge(now: now.addingTimeInterval(7 * 86_400 + 60)) == 3)
                let kept = try await server.store.webhookDeliveries(endpointID: id, limit: 10)
                #expect(kept.count == 2)
                #expect(kept.allSatisfy { $0.status == .pending }, "a delivery still being tried is kept, however old")
            }
        }
    }
}
