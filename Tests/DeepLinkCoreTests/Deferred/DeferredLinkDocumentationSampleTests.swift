import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

/// The code samples of `DeferredDeepLinking.md`, verbatim between the `// sample` markers, so
/// that they keep compiling and doing what the text says. The lines that read `UIPasteboard`
/// need UIKit and are not here.
struct DeferredLinkDocumentationSampleTests {
    /// Stands in for the app's navigation code.
    final class Navigator {
        var opened: [RouteResult] = []
        func open(_ result: RouteResult) { opened.append(result) }
    }

    func makeSession() throws -> SessionRouter {
        SessionRouter(router: try makeRouter(String(contentsOf: Fixtures.shopConfig, encoding: .utf8)))
    }

    @Test func createsTheClaimer() throws {
        // sample: DeferredDeepLinking.md, "Create the claimer"
        let claimer = try DeferredLinkClaimer(endpoint: URL(string: "https://links.shop.example.com/api/v1/deferred/claim")!)
        // end sample
        #expect(claimer.endpoint == claimEndpoint)
    }

    @Test func claimsFromThePasteboardAndRoutes() async throws {
        let claimer = try DeferredLinkClaimer(
            endpoint: claimEndpoint, transport: FakeDeferredLinkTransport(answering: tokenMatchJSON),
            storage: InMemoryDeferredLinkClaimStorage())
        let session = try makeSession()
        let navigator = Navigator()
        let pasted: String? = "https://shop.example.com/summer?deeplink_click=\(sampleToken)"
        // sample: DeferredDeepLinking.md, "Claim on first launch on iOS"
        do {
            if let claim = try await claimer.claimOnFirstLaunch(from: .pasteboard(pasted)) {
                let result = await session.open(claim)
                if result.shouldNavigate { navigator.open(result) }
            }
        } catch {
            // No answer (offline, 429, 5xx, ...): the next launch asks again.
        }
        // end sample
        #expect(navigator.opened.map(\.className) == ["SaleViewController"])
        #expect(navigator.opened.first?.origin == .deferred)
        #expect(await claimer.hasClaimed)
    }

    @Test func claimsFromTheInstallReferrer() async throws {
        let claimer = try DeferredLinkClaimer(
            endpoint: claimEndpoint, transport: FakeDeferredLinkTransport(answering: tokenMatchJSON),
            storage: InMemoryDeferredLinkClaimStorage())
        let installReferrer = "deeplink_click=\(sampleToken)&utm_source=mail"
        // sample: DeferredDeepLinking.md, "Claim on first launch on Android"
        let claim = try await claimer.claimOnFirstLaunch(from: .installReferrer(installReferrer))
        // end sample
        #expect(claim?.deepLink.absoluteString == "shop://sales/3")
    }

    @Test func sendsSignalsOnlyWithConsent() async throws {
        for userAgreed in [true, false] {
            let transport = FakeDeferredLinkTransport(answering: #"{"match": "none"}"#)
            let claimer = try DeferredLinkClaimer(
                endpoint: claimEndpoint, transport: transport, storage: InMemoryDeferredLinkClaimStorage())
            let pasted: String? = nil
            // sample: DeferredDeepLinking.md, "Device signals need consent"
            let signals = userAgreed ? DeferredLinkDeviceSignals.current(screen: "1179x2556") : nil
            let claim = try await claimer.claimOnFirstLaunch(from: .pasteboard(pasted), signals: signals)
            // end sample
            #expect(claim == nil)
            let device = try #require(await transport.sent.first).json.objectValue?["device"]
            // Only iOS and Android have signals to send.
            let expected: JSONValue? = userAgreed ? DeferredLinkDeviceSignals.current(screen: "1179x2556").map { _ in "1179x2556" } : nil
            #expect(device?.objectValue?["screen"] == expected)
        }
    }
}
