import DeepLinkCore
import Foundation
import Testing

struct DeferredLinkClaimerTests {
    let storage = InMemoryDeferredLinkClaimStorage()

    func makeClaimer(_ transport: FakeDeferredLinkTransport, endpoint: URL = claimEndpoint) throws -> DeferredLinkClaimer {
        try DeferredLinkClaimer(endpoint: endpoint, transport: transport, storage: storage)
    }

    /// The error a claim throws; fails the test when it does not throw one.
    func claimError(
        _ reply: FakeDeferredLinkTransport.Reply, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws -> DeferredLinkError {
        let claimer = try makeClaimer(FakeDeferredLinkTransport(reply))
        let error = await #expect(throws: DeferredLinkError.self, sourceLocation: sourceLocation) {
            try await claimer.claimOnFirstLaunch(from: .installReferrer("deeplink_click=\(sampleToken)"))
        }
        let unwrapped = try #require(error, sourceLocation: sourceLocation)
        // Only a refusal closes the claim; every other error leaves it open for the next launch.
        let refused = unwrapped.code == .requestRejected && unwrapped.statusCode != 408
        #expect(storage.isClaimed() == refused, "only a refusal closes the claim", sourceLocation: sourceLocation)
        return unwrapped
    }

    // MARK: The request

    @Test func postsTheTokenAndTheSignalsToTheEndpoint() async throws {
        let transport = FakeDeferredLinkTransport(answering: #"{"match": "none"}"#)
        let signals = DeferredLinkDeviceSignals(
            platform: .ios, osVersion: "18.1", language: "en-US", timeZone: "Europe/Paris", screen: "1179x2556")
        _ = try await makeClaimer(transport).claimOnFirstLaunch(
            from: .pasteboard("https://shop.example.com/summer?deeplink_click=\(sampleToken)"), signals: signals)
        let sent = try #require(await transport.sent.first)
        #expect(sent.endpoint == claimEndpoint)
        #expect(
            try sent.json == [
                "token": .string(sampleToken),
                "device": [
                    "platform": "ios", "osVersion": "18.1", "language": "en-US", "timeZone": "Europe/Paris",
                    "screen": "1179x2556",
                ],
            ])
    }

    @Test func sendsOnlyWhatTheAppHas() async throws {
        let transport = FakeDeferredLinkTransport(answering: #"{"match": "none"}"#)
        _ = try await makeClaimer(transport).claimOnFirstLaunch(
            from: .installReferrer("utm_source=mail"), signals: DeferredLinkDeviceSignals(platform: .android, timeZone: "UTC"))
        #expect(try await transport.sent.first?.json == ["device": ["platform": "android", "timeZone": "UTC"]])
    }

    @Test func neverSendsTextThatIsNotAToken() async throws {
        let transport = FakeDeferredLinkTransport(answering: #"{"match": "none"}"#)
        _ = try await makeClaimer(transport).claimOnFirstLaunch(
            from: .pasteboard("my secret note"))
        #expect(try await transport.sent.first?.json == [:])
    }

    @Test(arguments: [
        "https://links.shop.example.com/api/v1/deferred/claim", "http://127.0.0.1:8080/api/v1/deferred/claim",
        "http://localhost:8080/api/v1/deferred/claim", "http://[::1]:8080/api/v1/deferred/claim",
    ])
    func acceptsHTTPSOrPlainHTTPToThisDevice(endpoint: String) throws {
        let claimer = try makeClaimer(FakeDeferredLinkTransport(answering: "{}"), endpoint: try #require(URL(string: endpoint)))
        #expect(claimer.endpoint.absoluteString == endpoint)
    }

    @Test(arguments: [
        "http://links.shop.example.com/api/v1/deferred/claim", "ftp://links.shop.example.com/claim", "/api/v1/deferred/claim",
        "shop://claim", "https:///api/v1/deferred/claim",
    ])
    func refusesAnyOtherEndpoint(endpoint: String) throws {
        let url = try #require(URL(string: endpoint))
        let error = #expect(throws: DeferredLinkError.self) {
            try DeferredLinkClaimer(endpoint: url, transport: FakeDeferredLinkTransport(answering: "{}"), storage: storage)
        }
        #expect(error?.code == .invalidEndpoint)
        #expect(error?.endpoint == url)
    }

    // MARK: The answer

    @Test func returnsATokenMatchWithTheLinkData() async throws {
        let claim = try await makeClaimer(FakeDeferredLinkTransport(answering: tokenMatchJSON)).claimOnFirstLaunch(
            from: .installReferrer("deeplink_click=\(sampleToken)&utm_source=mail"))
        #expect(
            claim
                == DeferredLinkClaim(
                    deepLink: try #require(URL(string: "shop://sales/3")), match: .token, code: "summer",
                    campaign: "summer-2026", utm: .init(source: "mail", medium: "email", campaign: "s"),
                    clickedAt: Date(timeIntervalSince1970: 1_795_341_600)))
        #expect(storage.isClaimed())
    }

    @Test func returnsAProbabilisticMatchWithoutLinkData() async throws {
        let transport = FakeDeferredLinkTransport(answering: #"{"match": "probabilistic", "deepLink": "https://shop.example.com/products/42"}"#)
        let claim = try #require(await makeClaimer(transport).claimOnFirstLaunch(signals: .current()))
        #expect(claim.match == .probabilistic)
        #expect(claim.deepLink.absoluteString == "https://shop.example.com/products/42")
        #expect(claim.code == nil)
        #expect(claim.utm == DeferredLinkClaim.UTMParameters())
        #expect(claim.clickedAt == nil)
    }

    @Test func readsAClickTimeWithFractionalSeconds() async throws {
        let transport = FakeDeferredLinkTransport(
            answering: #"{"match": "token", "deepLink": "shop://cart", "link": {"code": "c", "clickedAt": "2026-11-22T10:00:00.250Z"}}"#)
        let claim = try await makeClaimer(transport).claimOnFirstLaunch(from: .installReferrer("deeplink_click=\(sampleToken)"))
        #expect(claim?.clickedAt == Date(timeIntervalSince1970: 1_795_341_600.25))
    }

    @Test func returnsNothingWhenTheServerFindsNoMatch() async throws {
        let claim = try await makeClaimer(FakeDeferredLinkTransport(answering: #"{"match": "none"}"#)).claimOnFirstLaunch()
        #expect(claim == nil)
        #expect(storage.isClaimed())
    }

    // MARK: Errors

    @Test func reportsAnUnreachableServer() async throws {
        let error = try await claimError(.failure(URLError(.notConnectedToInternet)))
        #expect(error.code == .unreachable)
        #expect(error.statusCode == nil)
        #expect((error.cause as? URLError)?.code == .notConnectedToInternet)
        #expect(error.description.hasPrefix("claim at \(claimEndpoint.absoluteString): no response from the server ("))
    }

    @Test func reportsRateLimitingWithTheWaitTheServerAsks() async throws {
        let error = try await claimError(
            .json(#"{"error": {"code": "rate-limited", "message": "too many claims"}}"#, status: 429, headers: ["Retry-After": "30"]))
        #expect(error.code == .rateLimited)
        #expect(error.statusCode == 429)
        #expect(error.retryAfter == .seconds(30))
        #expect(error.serverCode == "rate-limited")
        #expect(error.message == "the server is limiting claims (rate-limited): too many claims; retry after 30 s")
    }

    @Test func reportsRateLimitingWithoutAWait() async throws {
        let error = try await claimError(.json("", status: 429, headers: ["Retry-After": "Wed, 21 Oct 2026 07:28:00 GMT"]))
        #expect(error.code == .rateLimited)
        #expect(error.retryAfter == nil)
        #expect(error.message == "the server is limiting claims; retry later")
    }

    @Test func reportsAServerErrorWithItsCodeAndMessage() async throws {
        let error = try await claimError(
            .json(#"{"error": {"code": "storage-unavailable", "message": "the database is down"}}"#, status: 503))
        #expect(error.code == .serverError)
        #expect(error.statusCode == 503)
        #expect(error.serverCode == "storage-unavailable")
        #expect(error.message == "the server failed with status 503 (storage-unavailable): the database is down; the next claim retries")
    }

    @Test func reportsAServerErrorWithoutAJSONBody() async throws {
        let error = try await claimError(
            .response(DeferredLinkTransportResponse(statusCode: 502, body: Data("<html>Bad gateway</html>".utf8))))
        #expect(error.code == .serverError)
        #expect(error.serverCode == nil)
        #expect(error.message == "the server failed with status 502; the next claim retries")
    }

    @Test func reportsARefusedRequestWithTheField() async throws {
        let error = try await claimError(
            .json(#"{"error": {"code": "invalid-field", "message": "token must be 16 to 128 characters", "field": "token"}}"#, status: 400))
        #expect(error.code == .requestRejected)
        #expect(error.serverCode == "invalid-field")
        #expect(error.field == "token")
        #expect(error.message == "the server refused the claim with status 400 (invalid-field, field token): token must be 16 to 128 characters")
    }

    @Test func pointsAtTheEndpointWhenItIsNotFound() async throws {
        let error = try await claimError(.json(#"{"error": {"code": "not-found", "message": "no such route"}}"#, status: 404))
        #expect(error.code == .requestRejected)
        #expect(
            error.message
                == "the server refused the claim with status 404 (not-found): no such route; check the endpoint, normally https://LINKHOST/api/v1/deferred/claim")
    }

    @Test(arguments: [
        ("<html>", "the response is not JSON: invalid JSON at line 1, column 1: "),
        (#"{"deepLink": "shop://x"}"#, #"the response is not a claim answer: (root): missing required key "match""#),
        (#"{"match": "maybe"}"#, #"the response is not a claim answer: match: "maybe" is not one of token, probabilistic, none"#),
        (#"{"match": "token"}"#, #"the response is not a claim answer: (root): missing required key "deepLink""#),
        (#"{"match": "token", "deepLink": "sales/3"}"#, "the response is not a claim answer: deepLink: expected an absolute URL"),
        (#"{"match": "token", "deepLink": "shop://x", "link": {"clickedAt": "yesterday"}}"#,
            #"the response is not a claim answer: link.clickedAt: "yesterday" is not an ISO 8601 date such as 2026-11-22T10:00:00Z"#),
        (#"{"match": "token", "deepLink": "shop://x", "link": {"utm": {"source": 3}}}"#,
            "the response is not a claim answer: link.utm.source: expected a string, found a number"),
        ("[]", "the response is not a claim answer: (root): expected an object, found an array"),
    ])
    func reportsAnAnswerThatIsNotAClaimAnswer(body: String, message: String) async throws {
        let error = try await claimError(.json(body))
        #expect(error.code == .badResponse)
        #expect(error.statusCode == 200)
        #expect(error.message.hasPrefix(message))
    }

    @Test func reportsAnUnexpectedStatus() async throws {
        let error = try await claimError(.response(DeferredLinkTransportResponse(statusCode: 302, headers: ["Location": "/"])))
        #expect(error.code == .badResponse)
        #expect(error.message == "unexpected status 302; a claim is answered with 200")
    }

    // MARK: Once per install

    @Test func neverAsksAgainAfterAMatch() async throws {
        let transport = FakeDeferredLinkTransport(answering: tokenMatchJSON)
        let claimer = try makeClaimer(transport)
        #expect(await claimer.hasClaimed == false)
        #expect(try await claimer.claimOnFirstLaunch(from: .installReferrer("deeplink_click=\(sampleToken)")) != nil)
        #expect(await claimer.hasClaimed)
        #expect(try await claimer.claimOnFirstLaunch(from: .installReferrer("deeplink_click=\(sampleToken)")) == nil)
        let relaunched = try makeClaimer(transport)
        #expect(try await relaunched.claimOnFirstLaunch(from: .installReferrer("deeplink_click=\(sampleToken)")) == nil)
        #expect(await transport.sent.count == 1)
    }

    @Test func neverAsksAgainAfterTheServerFoundNoMatch() async throws {
        let transport = FakeDeferredLinkTransport(.json(#"{"match": "none"}"#), .json(tokenMatchJSON))
        let claimer = try makeClaimer(transport)
        #expect(try await claimer.claimOnFirstLaunch() == nil)
        #expect(try await claimer.claimOnFirstLaunch(from: .installReferrer("deeplink_click=\(sampleToken)")) == nil)
        #expect(try await makeClaimer(transport).claimOnFirstLaunch() == nil)
        #expect(await transport.sent.count == 1)
    }

    @Test(arguments: [
        FakeDeferredLinkTransport.Reply.failure(URLError(.timedOut)), .json("", status: 429, headers: ["Retry-After": "5"]),
        .json("", status: 500), .json("", status: 408), .json("not json"),
    ])
    func asksAgainAfterAnyError(failure: FakeDeferredLinkTransport.Reply) async throws {
        let transport = FakeDeferredLinkTransport(failure, .json(tokenMatchJSON))
        let claimer = try makeClaimer(transport)
        await #expect(throws: DeferredLinkError.self) { try await claimer.claimOnFirstLaunch() }
        #expect(await claimer.hasClaimed == false)
        #expect(try await makeClaimer(transport).claimOnFirstLaunch()?.code == "summer")
        #expect(await transport.sent.count == 2)
    }

    @Test(arguments: [400, 403, 404, 405])
    func givesUpWhenTheServerRefusesTheRequest(status: Int) async throws {
        let transport = FakeDeferredLinkTransport(.json("", status: status), .json(tokenMatchJSON))
        let claimer = try makeClaimer(transport)
        let error = await #expect(throws: DeferredLinkError.self) { try await claimer.claimOnFirstLaunch() }
        #expect(error?.code == .requestRejected)
        #expect(await claimer.hasClaimed)
        #expect(try await claimer.claimOnFirstLaunch() == nil)
        #expect(await transport.sent.count == 1)
    }

    @Test func asksNothingWhenTheStorageSaysTheInstallAlreadyClaimed() async throws {
        let transport = FakeDeferredLinkTransport(answering: tokenMatchJSON)
        let claimer = try DeferredLinkClaimer(
            endpoint: claimEndpoint, transport: transport, storage: InMemoryDeferredLinkClaimStorage(claimed: true))
        #expect(try await claimer.claimOnFirstLaunch(from: .installReferrer("deeplink_click=\(sampleToken)")) == nil)
        #expect(await transport.sent.isEmpty)
    }

    @Test func sendsOneRequestForConcurrentClaims() async throws {
        let transport = FakeDeferredLinkTransport(.json(tokenMatchJSON), holding: true)
        let claimer = try makeClaimer(transport)
        let first = Task { try await claimer.claimOnFirstLaunch(from: .installReferrer("deeplink_click=\(sampleToken)")) }
        while await transport.sent.isEmpty { await Task.yield() }
        let second = Task { try await claimer.claimOnFirstLaunch(from: .installReferrer("deeplink_click=\(sampleToken)")) }
        // The second call reaches the claimer while the first request is held.
        while await claimer.joinedCalls < 1 { await Task.yield() }
        await transport.release()
        let claim = try await first.value
        #expect(claim?.code == "summer")
        #expect(try await second.value == claim)
        #expect(await transport.sent.count == 1)
        #expect(storage.isClaimed())
    }

    @Test func sharesAFailureBetweenConcurrentClaimsAndThenRetries() async throws {
        let transport = FakeDeferredLinkTransport(.failure(URLError(.timedOut)), .json(tokenMatchJSON), holding: true)
        let claimer = try makeClaimer(transport)
        let first = Task { try await claimer.claimOnFirstLaunch() }
        while await transport.sent.isEmpty { await Task.yield() }
        let second = Task { try await claimer.claimOnFirstLaunch() }
        while await claimer.joinedCalls < 1 { await Task.yield() }
        await transport.release()
        await #expect(throws: DeferredLinkError.self) { try await first.value }
        await #expect(throws: DeferredLinkError.self) { try await second.value }
        #expect(await transport.sent.count == 1)
        #expect(try await claimer.claimOnFirstLaunch()?.match == .token)
        #expect(await transport.sent.count == 2)
    }
}
