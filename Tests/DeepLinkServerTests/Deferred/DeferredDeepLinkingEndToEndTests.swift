import DeepLinkCore
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// A tap on a phone without the app, the install, and the first launch: the app's own
/// `DeferredLinkClaimer` talks to the real server over a socket and the app's router routes the
/// answer.
struct DeferredDeepLinkingEndToEndTests {
    /// Posts claims over a real socket as a phone behind the test's trusted proxy would, from a public address.
    struct ProxiedTransport: DeferredLinkTransport {
        let clientAddress: String

        func post(_ body: Data, to endpoint: URL) async throws -> DeferredLinkTransportResponse {
            var request = URLRequest(url: endpoint)
            request.httpMethod = "POST"
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue(clientAddress, forHTTPHeaderField: "X-Forwarded-For")
            let (data, response) = try await URLSession.shared.data(for: request)
            let status = try #require(response as? HTTPURLResponse).statusCode
            return DeferredLinkTransportResponse(statusCode: status, body: data)
        }
    }

    static func claimer(
        port: Int, from address: String, storage: InMemoryDeferredLinkClaimStorage = InMemoryDeferredLinkClaimStorage()
    ) throws -> DeferredLinkClaimer {
        let endpoint = try #require(URL(string: "http://127.0.0.1:\(port)/api/v1/deferred/claim"))
        return try DeferredLinkClaimer(endpoint: endpoint, transport: ProxiedTransport(clientAddress: address), storage: storage)
    }

    static func appRouter() throws -> Router {
        var builder = RouterBuilder(config: try DeepLinkConfig.load(contentsOf: Fixtures.shopConfig))
        builder.registerPassThroughHandlers()
        return try builder.build()
    }

    @Test(arguments: StoreBackend.available)
    func anAndroidInstallOpensTheClickedSaleAndASecondDeviceOnTheNetworkGetsNothing(backend: StoreBackend) async throws {
        let configuration = try ServerHarness.configuration(deferred: "{}")
        try await ServerHarness.run(backend, mode: .live, configuration: configuration) { server in
            let port = try #require(server.client.port)
            let home: HTTPFields = [HTTPField.Name("X-Forwarded-For")!: "81.2.69.160"]
            let code = "e2e\(UUID().uuidString.prefix(6))"
            _ = try await server.createLink(
                #"{"code": "\#(code)", "deepLink": "shop://sales/42", "utm": {"source": "newsletter", "campaign": "spring"}}"#)

            // Device A taps the link without the app: Chrome falls back to the store hop, which sends it to Play.
            let tap = try await server.open("/\(code)", userAgent: ServerHarness.android, headers: home)
            let play = try await server.followAndroidStoreHop(try tap.intentBrowserFallback(), headers: home)
            #expect(play.host == "play.google.com")
            let referrer = try #require(play.installReferrer)

            // Device B, same network, same kind of phone, organic install, launches first: it gets nothing.
            let claimB = try Self.claimer(port: port, from: "81.2.69.161")
            let signals = DeferredLinkDeviceSignals(
                platform: .android, osVersion: "14", language: "en-US", timeZone: "Europe/Paris", screen: "1080x2400")
            #expect(try await claimB.claimOnFirstLaunch(from: .installReferrer("utm_source=google-play&utm_medium=organic"), signals: signals) == nil)
            #expect(await claimB.hasClaimed)

            // First launch of device A: the install referrer carries the click's token.
            let storageA = InMemoryDeferredLinkClaimStorage()
            let claimA = try Self.claimer(port: port, from: "81.2.69.160", storage: storageA)
            let claim = try #require(try await claimA.claimOnFirstLaunch(from: .installReferrer(referrer), signals: signals))
            #expect(claim.match == .token)
            #expect(claim.code == code)
            #expect(claim.utm.source == "newsletter")
            let result = try await Self.appRouter().route(claim)
            #expect(result.outcome == .matched)
            #expect(result.origin == .deferred)
            #expect(result.route?.description == "sales/:saleId")
            #expect(result.parameters["saleId"] == "42")

            // Device A's next launch asks nothing.
            #expect(try await claimA.claimOnFirstLaunch(from: .installReferrer(referrer)) == nil)
            #expect(await claimA.hasClaimed)
        }
    }

    @Test(arguments: StoreBackend.available)
    func anIPhoneInstallOpensTheClickedSaleFromThePasteboard(backend: StoreBackend) async throws {
        let configuration = try ServerHarness.configuration(deferred: #"{"pasteboard": true}"#)
        try await ServerHarness.run(backend, mode: .live, configuration: configuration) { server in
            let port = try #require(server.client.port)
            let code = "e2e\(UUID().uuidString.prefix(6))"
            _ = try await server.createLink(#"{"code": "\#(code)", "deepLink": "shop://sales/7", "fallbacks": {"appStoreID": "123456789"}}"#)

            let page = try await server.open("/\(code)", userAgent: DeferredClaimRoutesTests.iPhone18)
            let copied = try #require(page.text.firstMatch(of: /data-copy="([^"]+)"/)?.1).replacingOccurrences(of: "&amp;", with: "&")
            let hop = try #require(page.text.firstMatch(of: /href="(\/[^"]*store=apple[^"]*)"/)?.1).replacingOccurrences(of: "&amp;", with: "&")
            let store = try await server.open(hop, userAgent: DeferredClaimRoutesTests.iPhone18)
            #expect(store.headers[.location] == "https://apps.apple.com/app/id123456789")

            let claim = try #require(try await Self.claimer(port: port, from: "81.2.69.160").claimOnFirstLaunch(from: .pasteboard(copied)))
            #expect(claim.match == .token)
            let result = try await Self.appRouter().route(claim, idiom: .pad)
            #expect(result.route?.description == "sales/:saleId")
            #expect(result.parameters["saleId"] == "7")
            #expect(result.origin == .deferred)

            // Anything else on the pasteboard sends no token, and nothing matches.
            #expect(try await Self.claimer(port: port, from: "81.2.69.160").claimOnFirstLaunch(from: .pasteboard("my shopping list")) == nil)
        }
    }
}
