import DeepLinkCore
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// Issue 27: a store hop, a claimed install and an app open each put a message in the outbox of
/// the endpoints that take it.
struct WebhookVisitEventsTests {
    @Test func aStoreHopAClaimedInstallAndAnAppOpenAreEachAnEvent() async throws {
        var configuration = try ServerHarness.configuration()
        configuration.publicHost = "go.shop.example.com"
        configuration.clientAddressHeader = "X-Forwarded-For"
        try await ServerHarness.run(.sqlite, configuration: configuration, resolver: FixedResolver(["hooks.test": ["93.184.216.34"]])) { server in
            _ = try await server.createLink(#"{"code": "visits", "deepLink": "shop://sales/42", "fallbacks": {"playPackage": "com.example.shop"}}"#)
            let created = try await server.api(
                .post, "/api/v1/webhooks", json: #"{"url": "https://hooks.test/in", "events": ["link.store_visited", "install.claimed", "app.opened"]}"#)
            let id = try #require(try created.object()["id"]?.stringValue)

            let hop = try await server.open("/visits/install?store=google", userAgent: ServerHarness.android)
            let location = try #require(hop.headers[.location])
            let referrer = try #require(URLComponents(string: location)?.installReferrer)
            let token = try #require(URLComponents(string: "x:?" + referrer)?.queryItems?.first { $0.name == "deeplink_click" }?.value)
            let claim = try await server.claim(#"{"token": "\#(token)", "device": {"platform": "android"}}"#)
            #expect(claim.status == .ok, "\(claim.text)")
            let open = try await server.client.execute(
                uri: "/api/v1/opens", method: .post,
                headers: [.contentType: "application/json", HTTPField.Name("X-Forwarded-For")!: "81.2.69.160"],
                body: ByteBuffer(string: #"{"url": "https://go.shop.example.com/visits", "platform": "ios"}"#))
            #expect(open.status == .ok, "\(open.text)")

            let deliveries = try await server.store.webhookDeliveries(endpointID: id, limit: 10)
            #expect(Set(deliveries.map(\.type)) == [.linkStoreVisited, .installClaimed, .appOpened])
            let data = Dictionary(uniqueKeysWithValues: try deliveries.map { delivery in
                (delivery.type, try #require(try JSONValue(parsing: delivery.payload).objectValue?["data"]?.objectValue))
            })
            #expect(data[.linkStoreVisited]?["store"] == "google")
            #expect(data[.linkStoreVisited]?["platform"] == "android")
            #expect(data[.installClaimed]?["deepLink"] == "shop://sales/42")
            #expect(data[.appOpened]?["platform"] == "ios")
            #expect(deliveries.allSatisfy { (try? JSONValue(parsing: $0.payload).objectValue?["data"]?.objectValue?["code"]) == "visits" })
        }
    }
}
