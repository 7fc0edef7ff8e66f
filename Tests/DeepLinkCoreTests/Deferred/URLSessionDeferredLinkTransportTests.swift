import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

struct URLSessionDeferredLinkTransportTests {
    @Test func postsJSONAndReturnsTheResponseAsItCame() async throws {
        let server = try LoopbackHTTPServer(routes: [
            "/api/v1/deferred/claim": .init(
                status: 429, headers: [("Content-Type", "application/json"), ("Retry-After", "7")],
                body: Array(#"{"error": {"code": "rate-limited", "message": "slow down"}}"#.utf8))
        ])
        defer { server.stop() }
        let response = try await URLSessionDeferredLinkTransport().post(
            Data(#"{"token":"x"}"#.utf8), to: server.url("/api/v1/deferred/claim"))
        #expect(response.statusCode == 429)
        #expect(response.header("retry-after") == "7")
        #expect(response.header("Content-Type") == "application/json")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"error": {"code": "rate-limited", "message": "slow down"}}"#)
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.headers["content-type"] == "application/json")
        #expect(request.headers["content-length"] == "13")
    }

    @Test func claimsThroughARealSocket() async throws {
        let server = try LoopbackHTTPServer(routes: ["/api/v1/deferred/claim": .json(tokenMatchJSON)])
        defer { server.stop() }
        let claimer = try DeferredLinkClaimer(
            endpoint: server.url("/api/v1/deferred/claim"), storage: InMemoryDeferredLinkClaimStorage())
        let claim = try await claimer.claimOnFirstLaunch(from: .installReferrer("deeplink_click=\(sampleToken)"))
        #expect(claim?.deepLink.absoluteString == "shop://sales/3")
        #expect(server.requests.count == 1)
    }

    @Test func failsWithoutAServer() async throws {
        let endpoint = try #require(URL(string: "http://127.0.0.1:\(try LoopbackListener.closedPort())/api/v1/deferred/claim"))
        let claimer = try DeferredLinkClaimer(endpoint: endpoint, storage: InMemoryDeferredLinkClaimStorage())
        let error = await #expect(throws: DeferredLinkError.self) { try await claimer.claimOnFirstLaunch() }
        #expect(error?.code == .unreachable)
        #expect(error?.cause is URLError)
    }
}
