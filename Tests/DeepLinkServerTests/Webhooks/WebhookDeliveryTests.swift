import DeepLinkCore
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// Issue 27: webhook messages are signed so that the Standard Webhooks library verifies them,
/// delivered at least once through failures, never followed through redirects, and an endpoint
/// that keeps failing is turned off.
@Suite(.serialized)
struct WebhookDeliveryTests {
    /// The example config with private webhook URLs allowed, for a receiver on loopback.
    static func configuration() throws -> ServerConfiguration {
        var configuration = try ServerHarness.configuration()
        configuration.allowPrivateWebhookURLs = true
        return configuration
    }

    static func sender(_ store: any LinkStore, retry: WebhookRetryPolicy = WebhookRetryPolicy()) -> WebhookSender {
        WebhookSender(
            store: store, policy: WebhookURLPolicy(allowsPrivateAddresses: true, resolver: SystemHostResolver()), retry: retry,
            transport: HTTPWebhookTransport(), releasesLeasesAtStart: false, clock: SystemClock(), logger: Logger(label: "test.sender"))
    }

    /// Creates an endpoint through the admin API and returns its id and secret.
    static func endpoint(_ server: ServerHarness, url: String, events: [String]? = nil) async throws -> (id: String, secret: String) {
        let list = events.map { ", \"events\": [" + $0.map { "\"\($0)\"" }.joined(separator: ", ") + "]" } ?? ""
        let created = try await server.api(.post, "/api/v1/webhooks", json: #"{"url": "\#(url)"\#(list)}"#)
        #expect(created.status == .created, "\(created.text)")
        let object = try created.object()
        return (try #require(object["id"]?.stringValue), try #require(object["secret"]?.stringValue))
    }

    /// Verifies messages with PyPI's `standardwebhooks` and returns their types.
    static func verifiedTypes(_ messages: [WebhookReceiver.Received], secret: String, clock: String = "now") async throws -> [String] {
        let document: JSONValue = [
            "secret": .string(secret), "clock": .string(clock),
            "messages": .array(messages.map { message in
                ["headers": .object(message.headers.mapValues(JSONValue.string)), "body": .string(message.body)]
            }),
        ]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("webhooks-\(UUID().uuidString).json")
        try JSONWriter.write(document).write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let python = "python3"
        let run = try await ChildProcess.run(executable: python, arguments: [Fixtures.file("Webhooks/verify.py").path, file.path], error: .standardOutput)
        #expect(run.status == 0, "standardwebhooks did not verify every message:\n\(run.output)")
        return run.output.split(separator: "\n").map(String.init)
    }

    @Test func deliveriesVerifyWithTheStandardWebhooksLibrary() async throws {
        let receiver = WebhookReceiver()
        try await receiver.run { base in
            try await ServerHarness.run(.sqlite, configuration: try Self.configuration()) { server in
                let (_, secret) = try await Self.endpoint(server, url: "\(base)/hooks")
                #expect(secret.hasPrefix("whsec_"))
                _ = try await server.createLink(#"{"code": "hooked", "deepLink": "shop://sales/1", "tags": ["spring"]}"#)
                _ = try await server.api(.patch, "/api/v1/links/hooked", json: #"{"note": "changed"}"#)
                _ = try await server.api(.delete, "/api/v1/links/hooked")
                let sender = Self.sender(server.store)
                #expect(await sender.deliverDue(now: Date()) == 3)
                let received = receiver.received
                #expect(received.count == 3)
                #expect(Set(received.map(\.type)) == ["link.created", "link.updated", "link.deleted"])
                #expect(Set(received.map(\.id)).count == 3)
                #expect(received.allSatisfy { $0.headers["content-type"] == "application/json" && $0.path == "/hooks" })
                let created = try #require(received.first { $0.type == "link.created" })
                let data = try JSONValue(parsing: created.body).objectValue?["data"]?.objectValue
                #expect(data?["code"] == "hooked")
                #expect(data?["tags"] == ["spring"])
                #expect(try await Set(Self.verifiedTypes(received, secret: secret)) == ["link.created", "link.updated", "link.deleted"])
                // A wrong secret does not verify: the check can fail.
                let other = WebhookSignature.newSecret()
                let refused = try await ChildProcess.run(
                    executable: "python3",
                    arguments: [
                        "-c",
                        "import sys; from standardwebhooks import Webhook; Webhook(sys.argv[1]).verify(sys.argv[2], {'webhook-id': sys.argv[3], 'webhook-timestamp': sys.argv[4], 'webhook-signature': sys.argv[5]})",
                        other, created.body, created.id, created.headers["webhook-timestamp"] ?? "", created.headers["webhook-signature"] ?? "",
                    ])
                #expect(refused.status != 0)

                // Delivered is delivered: nothing is sent twice.
                #expect(await sender.deliverDue(now: Date().addingTimeInterval(3600)) == 0)
            }
        }
    }

    @Test func aReceiverThatFailsThenRecoversGetsEveryEventWithItsOneID() async throws {
        // The first five requests fail, in three ways; every later one succeeds.
        let receiver = WebhookReceiver { index, _ in
            switch index {
            case 0, 1: (.serviceUnavailable, "down for maintenance", [:])
            case 2: (.internalServerError, String(repeating: "x", count: 2_000_000), [:])
            case 3, 4: (.badGateway, "", [:])
            default: (.ok, "thanks", [:])
            }
        }
        try await receiver.run { base in
            try await ServerHarness.run(.sqlite, configuration: try Self.configuration()) { server in
                let (id, secret) = try await Self.endpoint(server, url: "\(base)/hooks")
                for index in 0..<3 { _ = try await server.createLink(#"{"code": "retry-\#(index)", "deepLink": "shop://sales/\#(index)"}"#) }
                let sender = Self.sender(server.store)
                var now = Date()
                var rounds = 0
                while rounds < 20 {
                    await sender.deliverDue(now: now)
                    rounds += 1
                    let deliveries = try await server.store.webhookDeliveries(endpointID: id, limit: 10)
                    if deliveries.allSatisfy({ $0.status == .delivered }) { break }
                    now = now.addingTimeInterval(3600)
                }
                let deliveries = try await server.store.webhookDeliveries(endpointID: id, limit: 10)
                #expect(deliveries.count == 3)
                #expect(deliveries.allSatisfy { $0.status == .delivered && $0.lastStatus == 200 }, "\(deliveries)")
                #expect(deliveries.map(\.attempts).reduce(0, +) == 3 + 5, "five failed attempts, then one success each")
                let received = receiver.received
                let successes = received.enumerated().filter { $0.offset >= 5 }.map(\.element)
                #expect(Set(successes.map(\.id)) == Set(deliveries.map(\.eventID)), "each event delivered once it could be")
                #expect(Set(received.prefix(5).map(\.id)).isSubset(of: Set(successes.map(\.id))), "a retry sends the same webhook-id")
                #expect(try await Self.verifiedTypes(received, secret: secret, clock: "message").count == received.count, "every attempt is signed")
                // The answer of 2 MB was read only in part: the log keeps its start.
                let endpoint = try await server.api(.get, "/api/v1/webhooks/\(id)/deliveries")
                #expect(endpoint.status == .ok)
                #expect(try endpoint.object()["deliveries"]?.arrayValue?.count == 3)
            }
        }
    }

    @Test func aRedirectIsAFailedAttemptAndIsNotFollowed() async throws {
        let receiver = WebhookReceiver { _, request in
            request.path == "/moved" ? (.found, "", [.location: "/elsewhere"]) : (.ok, "", [:])
        }
        try await receiver.run { base in
            try await ServerHarness.run(.sqlite, configuration: try Self.configuration()) { server in
                let (id, _) = try await Self.endpoint(server, url: "\(base)/moved")
                _ = try await server.createLink(#"{"code": "moved", "deepLink": "shop://sales/1"}"#)
                await Self.sender(server.store).deliverDue(now: Date())
                #expect(receiver.received.map(\.path) == ["/moved"], "the Location is never requested")
                let delivery = try #require(try await server.store.webhookDeliveries(endpointID: id, limit: 1).first)
                #expect(delivery.status == .pending)
                #expect(delivery.lastStatus == 302)
                #expect(delivery.lastError?.contains("redirect to /elsewhere, which is not followed") == true, "\(delivery.lastError ?? "")")
            }
        }
    }

    @Test func anEndpointThatKeepsFailingIsTurnedOffSayingWhyAndCanBeTurnedOnAgain() async throws {
        let failing = WebhookReceiver { _, _ in (.internalServerError, "broken", [:]) }
        try await failing.run { base in
            try await ServerHarness.run(.sqlite, configuration: try Self.configuration()) { server in
                let (id, _) = try await Self.endpoint(server, url: "\(base)/hooks")
                _ = try await server.createLink(#"{"code": "dead-1", "deepLink": "shop://sales/1"}"#)
                var retry = WebhookRetryPolicy()
                retry.disableAfter = .seconds(6 * 3600)
                let sender = Self.sender(server.store, retry: retry)
                var now = Date()
                for _ in 0..<12 {
                    await sender.deliverDue(now: now)
                    now = now.addingTimeInterval(3600)
                }
                let endpoint = try await server.api(.get, "/api/v1/webhooks/\(id)").object()
                #expect(endpoint["enabled"] == false)
                #expect(endpoint["disabledReason"]?.stringValue?.contains("every delivery failed for 6 hours; the last: HTTP 500: broken") == true, "\(endpoint)")
                let attempts = failing.received.count
                // Off: nothing more is sent, and new events are not queued for it.
                _ = try await server.createLink(#"{"code": "dead-2", "deepLink": "shop://sales/2"}"#)
                await sender.deliverDue(now: now.addingTimeInterval(7200))
                #expect(failing.received.count == attempts)
                #expect(try await server.store.webhookDeliveries(endpointID: id, limit: 10).count == 1)

                let enabled = try await server.api(.post, "/api/v1/webhooks/\(id)/enable")
                #expect(try enabled.object()["enabled"] == true)
                await sender.deliverDue(now: now.addingTimeInterval(7200))
                #expect(failing.received.count == attempts + 1, "its pending delivery is due again at once")
            }
        }
    }

    @Test func aHostWrittenInCapitalsIsStillConnectedToTheCheckedAddress() async throws {
        let receiver = WebhookReceiver()
        try await receiver.run { base in
            let port = try #require(URLComponents(string: base)?.port)
            // No DNS server knows HOOKS.test: the message arrives only if the client connects to the
            // address the policy checked, whatever the case of the name in the URL.
            let resolver = FixedResolver(["hooks.test": ["127.0.0.1"]])
            try await ServerHarness.run(.sqlite, configuration: try Self.configuration(), resolver: resolver) { server in
                let created = try await server.api(.post, "/api/v1/webhooks", json: #"{"url": "http://HOOKS.test:\#(port)/in"}"#)
                #expect(created.status == .created, "\(created.text)")
                _ = try await server.createLink(#"{"code": "capitals", "deepLink": "shop://sales/1"}"#)
                let sender = WebhookSender(
                    store: server.store, policy: WebhookURLPolicy(allowsPrivateAddresses: true, resolver: resolver), retry: WebhookRetryPolicy(),
                    transport: HTTPWebhookTransport(), releasesLeasesAtStart: false, clock: SystemClock(), logger: Logger(label: "test"))
                await sender.deliverDue(now: Date())
                let id = try #require(try created.object()["id"]?.stringValue)
                let deliveries = try await server.store.webhookDeliveries(endpointID: id, limit: 1)
                #expect(receiver.received.map(\.path) == ["/in"], "\(deliveries)")
                #expect(deliveries.first?.status == .delivered)
            }
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func aReceiverThatTricklesItsAnswerIsCutOffAtTheAttemptsTimeout() async throws {
        let router = Router()
        router.post("/slow") { _, _ -> Response in
            // An error answer, whose body is read, one byte every 200 ms until the sender hangs
            // up: only the attempt's timeout ends the attempt.
            Response(
                status: .internalServerError,
                body: ResponseBody { writer in
                    while true {
                        try await writer.write(ByteBuffer(string: "x"))
                        try await Task.sleep(for: .milliseconds(200))
                    }
                })
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            try await ServerHarness.run(.sqlite, configuration: try Self.configuration()) { server in
                let (id, _) = try await Self.endpoint(server, url: "http://127.0.0.1:\(client.port ?? 0)/slow")
                _ = try await server.createLink(#"{"code": "trickle", "deepLink": "shop://sales/1"}"#)
                var retry = WebhookRetryPolicy()
                retry.attemptTimeout = .seconds(1)
                await Self.sender(server.store, retry: retry).deliverDue(now: Date())
                let delivery = try #require(try await server.store.webhookDeliveries(endpointID: id, limit: 1).first)
                #expect(delivery.status == .pending)
                #expect(delivery.lastError == "no complete answer within 1 s", "\(delivery.lastError ?? "")")
            }
        }
    }

    @Test func clicksAreSentOnlyToEndpointsThatAskForThemWithTheClickFlush() async throws {
        let receiver = WebhookReceiver()
        try await receiver.run { base in
            try await ServerHarness.run(.sqlite, configuration: try Self.configuration()) { server in
                _ = try await server.createLink(#"{"code": "clicky", "deepLink": "shop://sales/1"}"#)
                let (quiet, _) = try await Self.endpoint(server, url: "\(base)/quiet")
                let (loud, _) = try await Self.endpoint(server, url: "\(base)/loud", events: ["link.clicked"])
                for _ in 0..<3 { _ = try await server.open("/clicky", userAgent: ServerHarness.desktop) }
                _ = try await server.open("/clicky", userAgent: ServerHarness.crawler)
                // Reading the numbers flushes the counts, and the events with them.
                _ = try await server.api(.get, "/api/v1/links/clicky/stats")
                await Self.sender(server.store).deliverDue(now: Date())
                #expect(try await server.store.webhookDeliveries(endpointID: quiet, limit: 10).isEmpty)
                let clicks = receiver.received.filter { $0.path == "/loud" }
                #expect(clicks.count == 1, "one message per bucket; a crawler's visit is not a click")
                let click = try #require(clicks.first)
                let data = try #require(try JSONValue(parsing: click.body).objectValue?["data"]?.objectValue)
                #expect(data["code"] == "clicky")
                #expect(data["count"] == 3)
                #expect(data["platform"] == "desktop")
                #expect(try await server.store.webhookDeliveries(endpointID: loud, limit: 10).count == 1)
            }
        }
    }
}
