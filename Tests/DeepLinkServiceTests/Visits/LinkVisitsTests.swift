import DeepLinkCore
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import Logging
import Synchronization
import Testing

@testable import DeepLinkService

/// Opening links in the service, without HTTP: what is counted, what is recorded for deferred
/// deep linking, and the values the HTTP layer turns into pages and redirects.
struct LinkVisitsTests {
    static let logger = Logger(label: "test.visits")
    static let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1"
    static let android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36"

    /// Keeps the click counts a flush writes.
    final class RecordedClicks: ClickStorage {
        let counts = Mutex<[Click: Int]>([:])

        func record(_ counts: [Click: Int], events: [WebhookEvent]) async throws(StoreError) {
            self.counts.withLock { $0.merge(counts, uniquingKeysWith: +) }
        }
    }

    struct Visiting {
        let visits: LinkVisits
        let clicks: ClickCounter
        let recorded: RecordedClicks
        let store: any LinkStore

        /// The counts written once the counter flushes.
        func flushedClicks() async -> [Click: Int] {
            await clicks.flush()
            return recorded.counts.withLock { $0 }
        }
    }

    /// The example config, with the iOS pasteboard flow on or off.
    static func setup(pasteboard: Bool = false) throws -> DeepLinkSetup {
        var text = try String(contentsOf: Fixtures.shopConfig, encoding: .utf8)
        if pasteboard { text = text.replacingOccurrences(of: #""pasteboard": false"#, with: #""pasteboard": true"#) }
        return try DeepLinkSetup(
            configuration: ServerConfiguration(deepLinkConfig: try DeepLinkConfig.parse(text, file: "MobileDeepLinkingConfig.json")))
    }

    static func withVisits(pasteboard: Bool = false, _ body: @escaping @Sendable (Visiting) async throws -> Void) async throws {
        let setup = try Self.setup(pasteboard: pasteboard)
        try await StoreBackend.sqlite.withStore { store in
            let recorded = RecordedClicks()
            let clicks = ClickCounter(store: recorded, interval: .seconds(60), logger: logger, clock: TestClock())
            let deferred = DeferredLinks(store: store, settings: setup.deferred, logger: logger, clock: TestClock())
            let visits = LinkVisits(
                store: store, cache: LinkCache(lifetime: .seconds(60), clock: TestClock()), clicks: clicks, deferred: deferred, setup: setup)
            try await body(Visiting(visits: visits, clicks: clicks, recorded: recorded, store: store))
        }
    }

    static func link(_ code: String, expires: Date? = nil) -> Link {
        var link = Link.stored(code, deepLink: "shop://sales/42", utmCampaign: "spring", created: Date(), expires: expires)
        link.appStoreID = "123456789"
        link.playPackage = "com.example.shop"
        return link
    }

    static func visit(_ userAgent: String, query: [String: String] = [:], referrer: String? = nil, counts: Bool = true) -> LinkVisit {
        LinkVisit(visitor: Visitor(userAgent: userAgent), query: query, referrer: referrer, counts: counts) {
            DeferredClickSignals(userAgent: userAgent, acceptLanguage: "de-DE", clientAddress: "81.2.69.160")
        }
    }

    @Test func aClickIsCountedOnceByPlatformDayReferringDomainAndCampaignNeverByAddress() async throws {
        try await Self.withVisits { visiting in
            try await visiting.store.insert(Self.link("spring"))
            let opening = await visiting.visits.open(
                code: "spring", visit: Self.visit(Self.iPhone, query: ["utm_source": "mail"], referrer: "https://News.Example.com/today"),
                logger: Self.logger)
            guard case .open(let link, let utm, let token, _) = opening else {
                Issue.record("not opened: \(opening)")
                return
            }
            #expect(link.code == "spring")
            #expect(utm == UTMFields(source: "mail", campaign: "spring"), "the tap's utm_source over the link's own fields")
            #expect(token == nil, "the pasteboard flow is off")
            let click = Click(
                code: "spring", day: Date().utcDay, platform: .ios, referrerDomain: "news.example.com", utmSource: "mail", utmMedium: "",
                utmCampaign: "spring")
            #expect(await visiting.flushedClicks() == [click: 1])
        }
    }

    @Test func aVisitThatIsNoClickCountsAndRecordsNothing() async throws {
        try await Self.withVisits(pasteboard: true) { visiting in
            try await visiting.store.insert(Self.link("spring"))
            let opening = await visiting.visits.open(code: "spring", visit: Self.visit(Self.iPhone, counts: false), logger: Self.logger)
            guard case .open(_, _, let token, _) = opening else {
                Issue.record("not opened: \(opening)")
                return
            }
            #expect(token == nil)
            #expect(await visiting.flushedClicks().isEmpty)
        }
    }

    @Test func aMissingOrExpiredLinkIsNotOpenedAndCountsNothing() async throws {
        try await Self.withVisits { visiting in
            let expired = Self.link("autumn", expires: Date().addingTimeInterval(-60).roundedToSeconds)
            try await visiting.store.insert(expired)
            #expect(await visiting.visits.open(code: "nothing", visit: Self.visit(Self.iPhone), logger: Self.logger) == .notOpened(.missing))
            #expect(await visiting.visits.open(code: "autumn", visit: Self.visit(Self.iPhone), logger: Self.logger) == .notOpened(.expired(expired)))
            #expect(await visiting.flushedClicks().isEmpty)
        }
    }

    @Test func anIPhoneGetsThePasteboardFlowsClickTokenWhenItIsOn() async throws {
        try await Self.withVisits(pasteboard: true) { visiting in
            try await visiting.store.insert(Self.link("spring"))
            let opening = await visiting.visits.open(code: "spring", visit: Self.visit(Self.iPhone), logger: Self.logger)
            guard case .open(_, _, let token?, _) = opening else {
                Issue.record("no token: \(opening)")
                return
            }
            #expect(DeferredLinkToken(rawValue: token) != nil)
            let android = await visiting.visits.open(code: "spring", visit: Self.visit(Self.android), logger: Self.logger)
            guard case .open(_, _, nil, _) = android else {
                Issue.record("an Android phone has no pasteboard flow: \(android)")
                return
            }
        }
    }

    @Test func theStoreHopSendsAndroidToGooglePlayWithItsClicksToken() async throws {
        try await Self.withVisits { visiting in
            try await visiting.store.insert(Self.link("spring"))
            let hop = await visiting.visits.hop(
                code: "spring", storeParameter: AppStore.queryName, visit: Self.visit(Self.android, query: ["store": "Google"]), logger: Self.logger)
            guard case .redirect(let location) = hop else {
                Issue.record("no redirect: \(hop)")
                return
            }
            let play = try #require(URLComponents(string: location))
            #expect(play.host == "play.google.com")
            let referrer = try #require(play.queryItems?.first { $0.name == "referrer" }?.value)
            #expect(referrer.contains("\(DeferredLinkToken.queryItemName)="), "\(referrer)")
            #expect(referrer.contains("utm_campaign=spring"), "\(referrer)")
        }
    }

    @Test func aHopThatNamesNoStoreOrAStoreWithoutTheAppSaysSo() async throws {
        try await Self.withVisits { visiting in
            var webOnly = Self.link("web")
            webOnly.appStoreID = nil
            try await visiting.store.insert(webOnly)
            #expect(
                await visiting.visits.hop(code: "web", storeParameter: AppStore.queryName, visit: Self.visit(Self.iPhone), logger: Self.logger)
                    == .noStoreNamed)
            #expect(
                await visiting.visits.hop(
                    code: "web", storeParameter: AppStore.queryName, visit: Self.visit(Self.iPhone, query: ["store": "apple"]), logger: Self.logger)
                    == .notInStore)
            #expect(
                await visiting.visits.hop(
                    code: "none", storeParameter: AppStore.queryName, visit: Self.visit(Self.iPhone, query: ["store": "apple"]), logger: Self.logger)
                    == .notOpened(.missing))
        }
    }

    @Test(arguments: [
        ("https://News.Example.com/a?b", "news.example.com"), (nil, ""), ("not a url", ""), ("https://exa mple.com/", ""),
    ] as [(String?, String)])
    func aReferrerKeepsOnlyItsHost(referrer: String?, domain: String) {
        #expect(Self.visit(Self.iPhone, referrer: referrer).referrerDomain == domain)
    }
}
