import DeepLinkCore
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// The click → store → install → claim flow through the real routes, on both stores.
struct DeferredClaimRoutesTests {
    static let link = #"""
        {"code": "CODE", "deepLink": "shop://sales/42", "fallbacks": {"appStoreID": "123456789"},
         "utm": {"source": "mail", "campaign": "spring"}, "campaign": "spring-2026"}
        """#
    static let iPhone18 =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
    static let probabilistic = #"{"probabilistic": {"enabled": true}}"#

    func create(_ server: ServerHarness) async throws -> String {
        let code = "d\(UUID().uuidString.prefix(8))"
        _ = try await server.createLink(Self.link.replacingOccurrences(of: "CODE", with: code))
        return code
    }

    /// Follows an Android click to the Play Store and returns the install referrer it carries.
    func androidInstallReferrer(_ server: ServerHarness, code: String, from address: String = "81.2.69.160") async throws -> String {
        let hop = try await server.open(
            "/\(code)/install?store=google&utm_source=sms", userAgent: ServerHarness.android,
            headers: [HTTPField.Name("X-Forwarded-For")!: address])
        #expect(hop.status == .found)
        let store = try #require(hop.headers[.location])
        #expect(store.hasPrefix("https://play.google.com/store/apps/details?id=com.example.shop&referrer="))
        return try #require(URLComponents(string: store)?.installReferrer)
    }

    static func token(inReferrer referrer: String) throws -> String {
        var components = URLComponents()
        components.percentEncodedQuery = referrer
        return try #require(components.queryItems?.first { $0.name == "deeplink_click" }?.value)
    }

    @Test func aHeadOfTheStoreHopRedirectsAlikeAndRecordsNoClick() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let code = try await create(server)
            let head = try await server.open("/\(code)/install?store=google&utm_source=sms", userAgent: ServerHarness.android, method: .head)
            #expect(head.status == .found)
            #expect(head.body.readableBytes == 0)
            let store = try #require(head.headers[.location].flatMap(URLComponents.init(string:)))
            #expect(store.host == "play.google.com")
            #expect(try #require(store.installReferrer) == "utm_source=sms&utm_campaign=spring")
            #expect(try await androidInstallReferrer(server, code: code).contains("deeplink_click="))
        }
    }

    @Test(arguments: StoreBackend.available)
    func androidClaimsItsClickOnceWithTheInstallReferrerToken(backend: StoreBackend) async throws {
        try await ServerHarness.run(backend) { server in
            let code = try await create(server)
            let referrer = try await androidInstallReferrer(server, code: code)
            #expect(referrer.hasPrefix("utm_source=sms&utm_campaign=spring&deeplink_click="))
            let token = try Self.token(inReferrer: referrer)

            let first = try await server.claim(#"{"token": "\#(token)"}"#)
            #expect(first.status == .ok)
            let answer = try first.object()
            #expect(answer["match"] == "token")
            #expect(answer["deepLink"] == "shop://sales/42")
            let link = try #require(answer["link"]?.objectValue)
            #expect(link["code"] == .string(code))
            // The link's one campaign is its UTM campaign; the older label beside it became its note.
            #expect(link["campaign"] == "spring")
            #expect(link["utm"]?.objectValue?["source"] == "sms")
            #expect(link["utm"]?.objectValue?["campaign"] == "spring")
            #expect(link["clickedAt"]?.stringValue.flatMap(LinkEditor.parseTimestamp) != nil)

            let second = try await server.claim(#"{"token": "\#(token)"}"#)
            #expect(try second.object() == ["match": "none"])
        }
    }

    @Test(arguments: StoreBackend.available)
    func exactlyOneOfManyConcurrentClaimsOfAClickWins(backend: StoreBackend) async throws {
        try await ServerHarness.run(backend) { server in
            let token = try Self.token(inReferrer: try await androidInstallReferrer(server, code: try await create(server)))
            let matches = try await withThrowingTaskGroup(of: String?.self) { group in
                for _ in 0..<16 {
                    group.addTask { try await server.claim(#"{"token": "\#(token)"}"#).object()["match"]?.stringValue }
                }
                return try await group.reduce(into: [String?]()) { $0.append($1) }
            }
            #expect(matches.filter { $0 == "token" }.count == 1)
            #expect(matches.filter { $0 == "none" }.count == 15)
        }
    }

    static let iPhoneSignals =
        #"{"platform": "ios", "osVersion": "18.1", "language": "fr", "timeZone": "Europe/Paris", "screen": "1179x2556"}"#

    @Test(arguments: StoreBackend.available)
    func aSecondDeviceOnTheSameNetworkGetsNothingWhenMatchingIsDeterministic(backend: StoreBackend) async throws {
        let configuration = try ServerHarness.configuration(deferred: #"{"pasteboard": true}"#)
        try await ServerHarness.run(backend, configuration: configuration) { server in
            let code = try await create(server)
            // Device A, an iPhone, sees the pasteboard page; device B, alike in every signal, claims first.
            let page = try await server.open(
                "/\(code)", userAgent: Self.iPhone18,
                headers: [HTTPField.Name("X-Forwarded-For")!: "81.2.69.160", .acceptLanguage: "fr-FR"])
            let copied = try #require(page.text.firstMatch(of: /deeplink_click=([A-Za-z0-9_-]+)/)?.1)
            let secondDevice = try await server.claim(#"{"device": \#(Self.iPhoneSignals)}"#, from: "81.2.69.161")
            #expect(try secondDevice.object() == ["match": "none"])
            let firstDevice = try await server.claim(#"{"token": "\#(copied)"}"#, from: "81.2.69.160")
            #expect(try firstDevice.object()["match"] == "token")
        }
    }

    @Test func iPhonesGoThroughTheHopToTheAppStore() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let code = try await create(server)
            let hop = try await server.open("/\(code)/install?store=apple", userAgent: Self.iPhone18)
            #expect(hop.status == .found)
            #expect(hop.headers[.location] == "https://apps.apple.com/app/id123456789")
            #expect(hop.headers[.cacheControl] == "no-store")
        }
    }

    @Test func theHopRefusesUnknownStoresAndStoresTheLinkIsNotIn() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let code = "d\(UUID().uuidString.prefix(8))"
            _ = try await server.createLink(#"{"code": "\#(code)", "deepLink": "shop://cart", "fallbacks": {"playPackage": null, "appStoreID": null}}"#)
            #expect(try await server.open("/\(code)/install?store=amazon", userAgent: ServerHarness.android).status == .badRequest)
            // Read as google whatever its case: not in that store (404), rather than no store named (400).
            #expect(try await server.open("/\(code)/install?store=GOOGLE", userAgent: ServerHarness.android).status == .notFound)
            #expect(try await server.open("/\(code)/install?store=google", userAgent: ServerHarness.android).status == .notFound)
            #expect(try await server.open("/\(code)/install?store=apple", userAgent: Self.iPhone18).status == .notFound)
            #expect(try await server.open("/missing/install?store=apple", userAgent: Self.iPhone18).status == .notFound)
        }
    }

    @Test func thePasteboardLandingPageCopiesALinkWithAClaimableToken() async throws {
        let configuration = try ServerHarness.configuration(deferred: #"{"pasteboard": true}"#)
        try await ServerHarness.run(.sqlite, configuration: configuration) { server in
            let code = try await create(server)
            let page = try await server.open("/\(code)", userAgent: Self.iPhone18)
            #expect(page.status == .ok)
            let html = page.text
            let copied = try #require(html.firstMatch(of: /data-copy="([^"]+)"/)?.1)
            let url = try #require(URLComponents(string: String(copied).replacingOccurrences(of: "&amp;", with: "&")))
            #expect(url.host == "shop.example.com")
            #expect(url.path == "/\(code)")
            let token = try #require(url.queryItems?.first { $0.name == "deeplink_click" }?.value)
            #expect(html.contains("deeplink_click=\(token)\" data-store=\"apple\""))
            #expect(html.contains("This button also copies the link"))
            let script = try #require(html.firstMatch(of: /<script>(.*)<\/script>/)?.1)
            #expect(String(script) == PageTemplates.storeButtonScript)
            // The digest of the script as sent, worked out independently: `printf %s SCRIPT | openssl sha256 -binary | base64`.
            let policy = try #require(page.headers[.contentSecurityPolicy])
            #expect(policy.contains("script-src 'sha256-FzRPS5dBDn0Vej3j5sSs9WzhqkWpp+IVqSi+3r5vXOY='"), "\(policy)")

            let answer = try await server.claim(#"{"token": "\#(token)"}"#).object()
            #expect(answer["match"] == "token")
            #expect(answer["deepLink"] == "shop://sales/42")
        }
    }

    @Test func pagesHaveNoScriptWhenPasteboardAndProbabilisticMatchingAreOff() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let code = try await create(server)
            let html = try await server.open("/\(code)", userAgent: Self.iPhone18).text
            #expect(!html.contains("<script"))
            #expect(!html.contains("data-copy"))
            #expect(!html.contains("copies the link"))
        }
    }

    @Test(arguments: StoreBackend.available)
    func probabilisticMatchingFindsTheSameDeviceOnTheSameNetworkOnly(backend: StoreBackend) async throws {
        let configuration = try ServerHarness.configuration(deferred: Self.probabilistic)
        try await ServerHarness.run(backend, configuration: configuration) { server in
            let code = try await create(server)
            let landing = try await server.open("/\(code)", userAgent: Self.iPhone18)
            #expect(landing.text.contains(#"data-signals="1""#))
            try await iPhoneHop(server, code: code, from: "10.0.0.1, 81.2.69.160")

            let otherScreen = #"{"device": {"platform": "ios", "osVersion": "18.1.0", "language": "fr", "timeZone": "Europe/Paris", "screen": "1170x2532"}}"#
            #expect(try await server.claim(otherScreen, from: "81.2.69.20").object() == ["match": "none"])
            let sameDevice = #"{"device": {"platform": "ios", "osVersion": "18.1", "language": "fr-CA", "timeZone": "Europe/Paris", "screen": "1179x2556"}}"#
            #expect(try await server.claim(sameDevice, from: "81.2.70.20").object() == ["match": "none"])
            let answer = try await server.claim(sameDevice, from: "81.2.69.20").object()
            #expect(answer["match"] == "probabilistic")
            #expect(answer["deepLink"] == "shop://sales/42")
            #expect(try await server.claim(sameDevice, from: "81.2.69.20").object() == ["match": "none"])
        }
    }

    /// An iPhone click through the App Store hop with every signal the landing page's script adds.
    func iPhoneHop(_ server: ServerHarness, code: String, from address: String) async throws {
        let hop = try await server.open(
            "/\(code)/install?store=apple&tz=Europe%2FParis&screen=2556x1179", userAgent: Self.iPhone18,
            headers: [HTTPField.Name("X-Forwarded-For")!: address, .acceptLanguage: "fr-FR,fr;q=0.9"])
        #expect(hop.status == .found)
    }

    @Test(arguments: ["100.64.1.2", "10.1.2.3", "192.168.1.20", "127.0.0.1", "fd00::1"])
    func probabilisticMatchingNeverUsesSharedOrPrivateAddresses(address: String) async throws {
        let configuration = try ServerHarness.configuration(deferred: Self.probabilistic)
        try await ServerHarness.run(.sqlite, configuration: configuration) { server in
            let code = try await create(server)
            try await iPhoneHop(server, code: code, from: address)
            let claim = #"{"device": \#(Self.iPhoneSignals)}"#
            #expect(try await server.claim(claim, from: address).object() == ["match": "none"])
            // The same click and claim from a public network do match.
            try await iPhoneHop(server, code: code, from: "81.2.69.160")
            #expect(try await server.claim(claim, from: "81.2.69.160").object()["match"] == "probabilistic")
        }
    }

    @Test(arguments: [
        (#"{"token": "short"}"#, "token"),
        (#"{"token": 12}"#, "token"),
        (#"{"code": "x"}"#, "code"),
        (#"{"device": {"platform": "windows"}}"#, "device.platform"),
        (#"{"device": {"platform": "ios", "model": "x"}}"#, "device.model"),
        (#"{"device": "ios"}"#, "device"),
    ])
    func refusesBadClaimsNamingTheField(body: String, field: String) async throws {
        try await ServerHarness.run(.sqlite) { server in
            let response = try await server.claim(body)
            #expect(response.status == .badRequest)
            #expect(try response.error().field == field)
            #expect(response.headers[.cacheControl] == "no-store", "an error is this request's alone, as a claim's answer is")
        }
    }

    @Test func limitsClaimsPerAddress() async throws {
        var configuration = try ServerHarness.configuration(deferred: "{}")
        configuration.claimsPerMinutePerAddress = 2
        try await ServerHarness.run(.sqlite, configuration: configuration) { server in
            #expect(try await server.claim("{}", from: "81.2.69.1").status == .ok)
            #expect(try await server.claim("{}", from: "81.2.69.1").status == .ok)
            let limited = try await server.claim("{}", from: "81.2.69.1")
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] != nil)
            #expect(try await server.claim("{}", from: "81.2.69.2").status == .ok)
        }
    }

    @Test func claimsNeedNoAPIKey() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let response = try await server.client.execute(
                uri: "/api/v1/deferred/claim", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: "{}"))
            #expect(response.status == .ok)
            #expect(try response.object() == ["match": "none"])
        }
    }

    @Test(arguments: StoreBackend.available)
    func theRunningServerPurgesExpiredClicksOnItsSchedule(backend: StoreBackend) async throws {
        var configuration = try ServerHarness.configuration(deferred: "{}")
        configuration.deferredPurgeInterval = .seconds(300)
        let clock = TestClock()
        try await ServerHarness.run(backend, configuration: configuration, clock: clock) { server in
            let code = try await create(server)
            let past = Date().addingTimeInterval(-3600).roundedToSeconds
            let expired = DeferredClick(
                token: DeferredClick.generateToken(), code: code, deepLink: "shop://sales/42", platform: .android,
                networkHash: "purge-test", createdAt: past.addingTimeInterval(-60), expiresAt: past)
            // The purge at start-up has run once the service waits for its next turn, the clock not moving meanwhile.
            await clock.waitForSleepers(2)
            try await server.store.insert(expired)
            // A read that changes nothing: the click is a candidate as of before its expiry until it is deleted.
            func candidates() async throws -> [DeferredClick] {
                try await server.store.deferredCandidates(
                    networkHashes: ["purge-test"], platform: .android, since: .distantPast, now: past.addingTimeInterval(-30))
            }
            #expect(try await candidates().count == 1, "not purged before its interval")
            clock.advance(by: .seconds(300))
            await clock.waitForSleepers(2)
            let deleted = try await candidates().isEmpty
            #expect(deleted)
        }
    }
}
