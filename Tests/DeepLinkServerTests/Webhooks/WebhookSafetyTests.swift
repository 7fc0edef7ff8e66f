import DeepLinkCore
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// Issue 27: receivers are not a way into the server's network, signatures are the
/// specification's, and the API checks what it is given.
struct WebhookSafetyTests {
    /// IANA's IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890, updated by RFC 8190),
    /// https://www.iana.org/assignments/iana-ipv4-special-registry and
    /// https://www.iana.org/assignments/iana-ipv6-special-registry: every block whose "Globally
    /// Reachable" column says False is refused; a public address of each family is not.
    @Test(arguments: [
        ("0.0.0.0", true), ("10.1.2.3", true), ("100.64.0.1", true), ("127.0.0.1", true), ("169.254.169.254", true), ("172.16.0.1", true),
        ("172.31.255.255", true), ("192.0.0.8", true), ("192.0.2.1", true), ("192.168.1.1", true), ("198.18.0.1", true), ("198.51.100.7", true),
        ("203.0.113.9", true), ("224.0.0.1", true), ("240.0.0.1", true), ("255.255.255.255", true),
        ("::", true), ("::1", true), ("::ffff:127.0.0.1", true), ("::ffff:10.0.0.1", true), ("64:ff9b::a00:1", true), ("100::1", true),
        ("2001:db8::1", true), ("fc00::1", true), ("fd12:3456::1", true), ("fe80::1", true), ("ff02::1", true),
        ("93.184.216.34", false), ("8.8.8.8", false), ("172.32.0.1", false), ("100.128.0.1", false), ("2606:4700::1111", false),
        ("64:ff9b::808:808", false), ("64:ff9b:1::a9fe:a9fe", true), ("2002:a9fe:a9fe::1", true), ("2002:5db8:d822::1", false),
        ("2001::1", true), ("2001:0:4136:e378:8000:63bf:3fff:fdd2", true), ("3fff::1", true), ("5f00::1", true), ("192.88.99.1", true),
        ("2001:4860:4860::8888", false),
        // IPv4-translated (RFC 2765, ::ffff:0:0/96): 127.0.0.1 and a public address alike.
        ("::ffff:0:7f00:1", true), ("::ffff:0:5db8:d822", true),
    ])
    func anAddressOutsideThePublicInternetIsRefused(address: String, refused: Bool) throws {
        let parsed = try #require(IPAddress(address))
        #expect((parsed.nonPublicReason != nil) == refused, "\(address): \(parsed.nonPublicReason ?? "public")")
    }

    /// The example of the Standard Webhooks specification's README and its libraries' tests
    /// (github.com/standard-webhooks/standard-webhooks, "Signature scheme").
    @Test func signsAsTheSpecificationsExample() {
        let signature = WebhookSignature.header(
            id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1_614_265_330, body: #"{"test": 2432232314}"#,
            secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        #expect(signature == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
        #expect(WebhookSignature.header(id: "a", timestamp: 1, body: "", secret: "not-a-secret") == nil)
    }

    @Test(arguments: [
        (#"{"url": "https://127.0.0.1/hook"}"#, "is loopback"),
        (#"{"url": "https://internal.test/hook"}"#, "internal.test does not resolve to a public address"),
        (#"{"url": "https://metadata.test/"}"#, "does not resolve to a public address"),
        (#"{"url": "https://split.test/"}"#, "does not resolve to a public address"),
        (#"{"url": "https://[::ffff:0:7f00:1]/"}"#, "is an IPv4-translated address (::ffff:0:0/96)"),
        ("{\"url\": \"https://public.test/\u{202E}kooh\"}", "url contains U+202E"),
        ("{\"url\": \"https://public.test/a\u{200B}b\"}", "an invisible or bidirectional character"),
        (#"{"url": "https://169.254.169.254/latest"}"#, "is link-local (169.254.0.0/16, where cloud metadata services answer)"),
        (#"{"url": "http://public.test/hook"}"#, "url must be https"),
        (#"{"url": "https://user:pw@public.test/hook"}"#, "user name or password"),
        // The same words whether a name does not resolve or resolves inside: no map of the network.
        (#"{"url": "https://nowhere.test/hook"}"#, "nowhere.test does not resolve to a public address"),
        (#"{"url": "ftp://public.test/"}"#, "must be https, not ftp"),
        (#"{"url": "https://[::1]/hook"}"#, "loopback"),
        (#"{"url": "https://public.test/a b"}"#, "without spaces"),
    ])
    func anEndpointOutsideThePublicInternetIsRefusedWhenCreated(body: String, message: String) async throws {
        let resolver = FixedResolver([
            "public.test": ["93.184.216.34"], "internal.test": ["10.0.0.5"], "metadata.test": ["169.254.169.254"],
            "split.test": ["93.184.216.34", "192.168.0.2"],
        ])
        try await ServerHarness.run(.sqlite, resolver: resolver) { server in
            let refused = try await server.api(.post, "/api/v1/webhooks", json: body)
            #expect(refused.status == .badRequest, "\(refused.text)")
            #expect(try refused.error().field == "url")
            #expect(refused.text.contains(message), "\(refused.text)")
            #expect(!refused.text.contains("10.0.0.5") && !refused.text.contains("192.168.0.2"), "a name's address is not told")
            let accepted = try await server.api(.post, "/api/v1/webhooks", json: #"{"url": "https://public.test/hook"}"#)
            #expect(accepted.status == .created, "\(accepted.text)")
        }
    }

    /// A transport that records what it is asked to send, and sends nothing.
    final class RecordingTransport: WebhookTransport {
        let posts = Mutex<[(url: String, address: String)]>([])
        func post(url: String, host: String, address: IPAddress, headers: [(String, String)], body: String, timeout: Duration) async -> WebhookAttempt {
            posts.withLock { $0.append((url, address.text)) }
            return WebhookAttempt(status: 204, error: nil)
        }
    }

    @Test func aHostThatResolvesElsewhereSinceItWasCheckedIsNotSentTo() async throws {
        let resolver = FixedResolver(["hooks.test": ["93.184.216.34"]])
        try await ServerHarness.run(.sqlite, resolver: resolver) { server in
            let created = try await server.api(.post, "/api/v1/webhooks", json: #"{"url": "https://hooks.test/in"}"#)
            let id = try #require(try created.object()["id"]?.stringValue)
            _ = try await server.createLink(#"{"code": "rebind", "deepLink": "shop://sales/1"}"#)
            // DNS now points the name at the server's own network.
            resolver.set("hooks.test", ["10.0.0.7"])
            let transport = RecordingTransport()
            let sender = WebhookSender(
                store: server.store, policy: WebhookURLPolicy(allowsPrivateAddresses: false, resolver: resolver), retry: WebhookRetryPolicy(),
                transport: transport, releasesLeasesAtStart: false, clock: SystemClock(), logger: Logger(label: "test"))
            await sender.deliverDue(now: Date())
            #expect(transport.posts.withLock { $0.isEmpty }, "nothing is sent to 10.0.0.7")
            let delivery = try #require(try await server.store.webhookDeliveries(endpointID: id, limit: 1).first)
            #expect(delivery.status == .pending)
            #expect(delivery.lastError?.contains("not sent: url's host hooks.test does not resolve to a public address") == true, "\(delivery.lastError ?? "")")
            // Not the receiver's failure: the endpoint's failing streak does not start.
            #expect(try await server.store.webhookEndpoints().first?.failingSince == nil)

            // Back on a public address, the message goes to the address that was checked.
            resolver.set("hooks.test", ["93.184.216.34"])
            await sender.deliverDue(now: Date().addingTimeInterval(3600))
            #expect(transport.posts.withLock { $0.map(\.address) } == ["93.184.216.34"])
        }
    }

    @Test(arguments: [
        (#"{"events": ["link.created"]}"#, "url"), (#"{"url": "https://public.test/", "events": ["link.exploded"]}"#, "events[0]"),
        (#"{"url": "https://public.test/", "events": []}"#, "events"), (#"{"url": "https://public.test/", "events": ["app.opened", "app.opened"]}"#, "events[1]"),
        (#"{"url": "https://public.test/", "events": "link.created"}"#, "events"), (#"{"url": "https://public.test/", "secret": "mine"}"#, "secret"),
        (#"{"url": 7}"#, "url"),
    ])
    func aBadEndpointIsRefusedNamingTheField(body: String, field: String) async throws {
        try await ServerHarness.run(.sqlite, resolver: FixedResolver(["public.test": ["93.184.216.34"]])) { server in
            let refused = try await server.api(.post, "/api/v1/webhooks", json: body)
            #expect(refused.status == .badRequest)
            #expect(try refused.error().field == field, "\(refused.text)")
        }
    }

    @Test func endpointsNeedTheWebhooksScopeAndTheSecretIsShownOnce() async throws {
        try await ServerHarness.run(.sqlite, resolver: FixedResolver(["public.test": ["93.184.216.34"]])) { server in
            let reader = APIKey.generate(name: "reader", at: Date(), scopes: [.linksRead])
            try await server.store.insert(reader.record)
            let refused = try await server.api(.post, "/api/v1/webhooks", json: #"{"url": "https://public.test/"}"#, token: reader.token)
            #expect(refused.status == .forbidden)
            #expect(refused.text.contains("\"scope\":\"webhooks\""), "\(refused.text)")
            let hooks = APIKey.generate(name: "hooks", at: Date(), scopes: [.webhooks])
            try await server.store.insert(hooks.record)
            let created = try await server.api(.post, "/api/v1/webhooks", json: #"{"url": "https://public.test/"}"#, token: hooks.token)
            #expect(created.status == .created)
            let object = try created.object()
            #expect(object["events"]?.arrayValue?.count == 6, "every type but link.clicked when none is named")
            #expect(object["createdBy"] == .string("key:\(hooks.record.id)"))
            let id = try #require(object["id"]?.stringValue)
            let read = try await server.api(.get, "/api/v1/webhooks/\(id)", token: hooks.token)
            #expect(read.status == .ok)
            #expect(!read.text.contains("whsec_"), "the secret is shown once, when created")
            #expect(!(try await server.api(.get, "/api/v1/webhooks", token: hooks.token).text.contains("whsec_")))
            #expect(try await server.api(.get, "/api/v1/links", token: hooks.token).status == .forbidden, "a webhooks key reads no links")
            #expect(try await server.api(.delete, "/api/v1/webhooks/\(id)", token: hooks.token).status == .noContent)
            #expect(try await server.api(.get, "/api/v1/webhooks/\(id)").status == .notFound)
        }
    }
}
