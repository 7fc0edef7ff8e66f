import DeepLinkAppLinks
import DeepLinkCore
import DeepLinkServiceTesting
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import HummingbirdTesting
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

struct ResolveRoutesTests {
    static let link = #"""
        {"code": "CODE", "deepLink": "shop://sales/42", "fallbacks": {"appStoreID": "123456789",
         "webURL": "https://shop.example.com/sales/42"},
         "preview": {"title": "Spring <sale> & \"more\"", "description": "Up to 50% off", "imageURL": "https://cdn.partner.example/s.png"},
         "utm": {"source": "mail", "campaign": "spring"}}
        """#

    func create(_ server: ServerHarness, json: String = Self.link) async throws -> String {
        let code = "r\(UUID().uuidString.prefix(8))"
        _ = try await server.createLink(json.replacingOccurrences(of: "CODE", with: code))
        return code
    }

    @Test(arguments: StoreBackend.available)
    func givesIPhonesALandingPageWithTheSmartAppBannerAndStoreFallback(backend: StoreBackend) async throws {
        try await ServerHarness.run(backend) { server in
            let code = try await create(server)
            let response = try await server.open("/\(code)", userAgent: ServerHarness.iPhone)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            let html = response.text
            #expect(html.contains(#"<meta name="apple-itunes-app" content="app-id=123456789, app-argument=shop://sales/42">"#))
            #expect(html.contains(#"<a class="button" href="shop://sales/42">Open in app</a>"#))
            #expect(html.contains(#"href="/\#(code)/install?store=apple&amp;utm_source=mail&amp;utm_campaign=spring" data-store="apple">"#))
            #expect(html.contains(#"href="https://shop.example.com/sales/42">Continue in the browser"#))
            #expect(!html.contains("<script"))
        }
    }

    @Test(arguments: StoreBackend.available)
    func sendsAndroidToAnIntentWhoseBrowserFallbackIsTheStoreHop(backend: StoreBackend) async throws {
        try await ServerHarness.run(backend) { server in
            let code = try await create(server)
            let response = try await server.open("/\(code)?utm_source=sms", userAgent: ServerHarness.android)
            #expect(response.status == .found)
            let location = try #require(response.headers[.location])
            #expect(location.hasPrefix("intent://sales/42#Intent;scheme=shop;package=com.example.shop;S.browser_fallback_url="))
            #expect(location.hasSuffix(";end"))
            let fallback = try response.intentBrowserFallback()
            #expect(fallback == "https://shop.example.com/\(code)/install?store=google&utm_source=sms&utm_campaign=spring")
        }
    }

    @Test(arguments: StoreBackend.available)
    func pastItsAddressLimitTheStoreHopStillSendsAndroidToPlayButWithoutAToken(backend: StoreBackend) async throws {
        var configuration = try ServerHarness.configuration()
        configuration.deferredClicksPerMinutePerAddress = 2
        try await ServerHarness.run(backend, configuration: configuration) { server in
            let code = try await create(server)
            var referrers: [String?] = []
            for _ in 0..<3 {
                let play = try await server.followAndroidStoreHop("https://shop.example.com/\(code)/install?store=google")
                #expect(play.host == "play.google.com")
                referrers.append(play.installReferrer)
            }
            #expect(referrers.map { $0?.contains("\(DeferredLinkToken.queryItemName)=") == true } == [true, true, false])
            #expect(referrers.last == "utm_source=mail&utm_campaign=spring")
        }
    }

    @Test(arguments: StoreBackend.available)
    func aStoreHopWithNoTokenAndNoUTMFieldsSendsNoReferrer(backend: StoreBackend) async throws {
        try await ServerHarness.run(backend) { server in
            let code = try await create(server, json: #"{"code": "CODE", "deepLink": "shop://sales/42"}"#)
            // A desktop browser's click on the Google Play button records no click, so has no token.
            let response = try await server.open("/\(code)/install?store=google", userAgent: ServerHarness.desktop)
            #expect(response.status == .found)
            #expect(response.headers[.location] == "https://play.google.com/store/apps/details?id=com.example.shop")
        }
    }

    @Test(arguments: StoreBackend.available)
    func sendsDesktopsToTheWebFallback(backend: StoreBackend) async throws {
        try await ServerHarness.run(backend) { server in
            let code = try await create(server)
            let response = try await server.open("/\(code)", userAgent: ServerHarness.desktop)
            #expect(response.status == .found)
            // The link's campaign goes with it to the web page (server.webFallbackUTM).
            #expect(response.headers[.location] == "https://shop.example.com/sales/42?utm_source=mail&utm_campaign=spring")
            #expect(response.headers[.cacheControl] == "no-store")
        }
    }

    @Test func showsDesktopsTheLandingPageWhenThereIsNoWebFallback() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let code = try await create(server, json: #"{"code": "CODE", "deepLink": "shop://cart"}"#)
            let response = try await server.open("/\(code)", userAgent: ServerHarness.desktop)
            #expect(response.status == .ok)
            #expect(response.text.contains("Open in app"))
        }
    }

    @Test func givesCrawlersOpenGraphTagsWithEveryValueEscaped() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let code = try await create(server)
            let html = try await server.open("/\(code)", userAgent: ServerHarness.crawler).text
            #expect(html.contains(#"<meta property="og:title" content="Spring &lt;sale&gt; &amp; &quot;more&quot;">"#))
            #expect(html.contains(#"<meta property="og:description" content="Up to 50% off">"#))
            #expect(html.contains(#"<meta property="og:image" content="https://cdn.partner.example/s.png">"#))
            #expect(html.contains(#"<meta property="og:url" content="https://shop.example.com/\#(code)">"#))
            #expect(html.contains("<h1 dir=\"auto\">Spring &lt;sale&gt; &amp; &quot;more&quot;</h1>"))
            // The preview's own direction: a Hebrew or Arabic description is laid out right to left.
            #expect(html.contains(#"<p dir="auto">Up to 50% off</p>"#))
            #expect(!html.contains("<sale>"))
        }
    }

    /// A shared link without a preview image still gets a card: the app's icon and name.
    @Test func aLinkWithoutAPreviewImageSharesTheAppsIconAndName() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let created = try await server.api(.post, "/api/v1/links", json: #"{"code": "plain", "deepLink": "shop://sales/42"}"#)
            #expect(created.status == .created)
            let html = try await server.open("/plain", userAgent: ServerHarness.crawler).text
            #expect(html.contains(#"<meta property="og:image" content="https://shop.example.com/icon.png">"#), "\(html)")
            #expect(html.contains(#"<meta property="og:site_name" content="Shop">"#))
            #expect(html.contains(#"<meta name="twitter:card" content="summary">"#), "the icon is no large image")
            // An image that fails to load takes no room: no width or height attributes to keep its box.
            let page = try await server.open("/\(try await create(server))", userAgent: ServerHarness.iPhone).text
            #expect(page.contains(#"<img class="icon" src="https://shop.example.com/icon.png" alt="">"#))
            #expect(page.contains(#"<img class="preview" src="https://cdn.partner.example/s.png" alt="">"#))
        }
    }

    @Test func carriesAppLinksTagsThatTheAppLinksReaderUnderstands() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let code = try await create(server)
            let html = try await server.open("/\(code)", userAgent: ServerHarness.iPhone).text
            let metadata = AppLinkMetadata(html: html, pageURL: try #require(URL(string: "https://shop.example.com/\(code)")))
            #expect(metadata.ios.first?.url == URL(string: "shop://sales/42"))
            #expect(metadata.ios.first?.appStoreID == "123456789")
            #expect(metadata.android.first?.packageName == "com.example.shop")
            #expect(metadata.web.url == URL(string: "https://shop.example.com/sales/42"))
        }
    }

    @Test func answersPreferHtmlMetaTagsWithOnlyTheAppLinksTags() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let code = try await create(server)
            let response = try await server.open(
                "/\(code)", userAgent: ServerHarness.desktop, headers: [HTTPField.Name("Prefer-Html-Meta-Tags")!: "al"])
            #expect(response.status == .ok)
            let metaLines = response.text.split(separator: "\n").filter { $0.contains("<meta") }
            #expect(metaLines.count == 5)
            #expect(metaLines.allSatisfy { $0.contains(#"property="al:"#) })
            #expect(!response.text.contains("og:"))
            #expect(!response.text.contains("Open in app"))
        }
    }

    @Test(arguments: StoreBackend.available)
    func explainsUnknownAndExpiredLinks(backend: StoreBackend) async throws {
        try await ServerHarness.run(backend) { server in
            let unknown = try await server.open("/no-such-link", userAgent: ServerHarness.iPhone)
            #expect(unknown.status == .notFound)
            #expect(unknown.text.contains("Link not found"))
            #expect(unknown.text.contains(#"href="https://shop.example.com/""#))

            let code = try await create(server, json: #"{"code": "CODE", "deepLink": "shop://cart"}"#)
            let stored = try #require(try await server.store.link(code: code))
            var expired = stored
            expired.expiresAt = Date(timeIntervalSinceNow: -60).roundedToSeconds
            #expect(try await server.store.update(expired))
            let gone = try await server.open("/\(code)", userAgent: ServerHarness.iPhone)
            #expect(gone.status == .gone)
            #expect(gone.text.contains("Link expired"))
        }
    }

    /// `expiredURL` sends an expired link's visitors on (to the sale's successor, say) instead of
    /// the 410 page, on every platform; the redirect policy still decides where.
    @Test(arguments: StoreBackend.available)
    func anExpiredLinkWithAnExpiredURLRedirectsThereInsteadOfThe410Page(backend: StoreBackend) async throws {
        try await ServerHarness.run(backend) { server in
            let code = try await create(
                server, json: #"{"code": "CODE", "deepLink": "shop://cart", "expiredURL": "https://shop.example.com/sales/next"}"#)
            var expired = try #require(try await server.store.link(code: code))
            expired.expiresAt = Date(timeIntervalSinceNow: -60).roundedToSeconds
            #expect(try await server.store.update(expired))
            for agent in [ServerHarness.iPhone, ServerHarness.android, ServerHarness.desktop] {
                let response = try await server.open("/\(code)", userAgent: agent)
                #expect(response.status == .found, "\(agent)")
                #expect(response.headers[.location] == "https://shop.example.com/sales/next")
            }
            let refused = try await server.api(.patch, "/api/v1/links/\(code)", json: #"{"expiredURL": "https://evil.example/"}"#)
            #expect(refused.status == .badRequest)
            #expect(try refused.object()["error"]?.objectValue?["field"] == "expiredURL")
        }
    }

    @Test(arguments: StoreBackend.available)
    func resolvesAnUpdatedOrDeletedLinkAtOnce(backend: StoreBackend) async throws {
        try await ServerHarness.run(backend) { server in
            let code = try await create(server)
            #expect(try await server.open("/\(code)", userAgent: ServerHarness.desktop).headers[.location] == "https://shop.example.com/sales/42?utm_source=mail&utm_campaign=spring")
            let update = #"{"fallbacks": {"webURL": "https://shop.example.com/products/7"}}"#
            #expect(try await server.api(.patch, "/api/v1/links/\(code)", json: update).status == .ok)
            #expect(try await server.open("/\(code)", userAgent: ServerHarness.desktop).headers[.location] == "https://shop.example.com/products/7?utm_source=mail&utm_campaign=spring")
            #expect(try await server.api(.delete, "/api/v1/links/\(code)").status == .noContent)
            #expect(try await server.open("/\(code)", userAgent: ServerHarness.desktop).status == .notFound)
        }
    }

    @Test func neverRedirectsToAWebFallbackTheAllowlistNoLongerAllows() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let code = try await create(server, json: #"{"code": "CODE", "deepLink": "shop://cart"}"#)
            var stored = try #require(try await server.store.link(code: code))
            stored.webURL = "https://evil.example/phish"
            #expect(try await server.store.update(stored))
            let response = try await server.open("/\(code)", userAgent: ServerHarness.desktop)
            #expect(response.status == .ok)
            #expect(!response.text.contains("evil.example"))
        }
    }

    @Test(arguments: StoreBackend.available)
    func anEmptyOrBidiOverridingUTMParameterKeepsTheLinksOwnValue(backend: StoreBackend) async throws {
        try await ServerHarness.run(backend) { server in
            let code = try await create(server)
            // An unfilled template placeholder, a right-to-left override, a line feed: none overrides `mail`.
            for query in ["utm_source=", "utm_source=%E2%80%AEevil", "utm_source=a%0Ab", "utm_source=&utm_campaign="] {
                let response = try await server.open("/\(code)?\(query)", userAgent: ServerHarness.android)
                let fallback = try response.intentBrowserFallback()
                #expect(fallback == "https://shop.example.com/\(code)/install?store=google&utm_source=mail&utm_campaign=spring", "\(query)")
            }
            let page = try await server.open("/\(code)?utm_source=", userAgent: ServerHarness.iPhone).text
            #expect(page.contains(#"href="/\#(code)/install?store=apple&amp;utm_source=mail&amp;utm_campaign=spring""#))
            let play = try await server.followAndroidStoreHop("https://shop.example.com/\(code)/install?store=google&utm_source=")
            #expect(play.installReferrer?.hasPrefix("utm_source=mail&utm_campaign=spring&deeplink_click=") == true)
            let stats = try await server.api(.get, "/api/v1/links/\(code)/stats").object()
            #expect(stats["byUTMSource"] == [["name": "mail", "count": 5]], "four Android opens and one iPhone page")
            #expect(stats["byUTMCampaign"] == [["name": "spring", "count": 5]])
        }
    }

    @Test(arguments: StoreBackend.available)
    func countsEveryResolutionByPlatformDayReferrerAndUTM(backend: StoreBackend) async throws {
        try await ServerHarness.run(backend) { server in
            let code = try await create(server)
            _ = try await server.open("/\(code)", userAgent: ServerHarness.iPhone, headers: [.referer: "https://news.example.org/post?id=1"])
            _ = try await server.open("/\(code)", userAgent: ServerHarness.iPhone, headers: [.referer: "https://news.example.org/other"])
            _ = try await server.open("/\(code)?utm_source=sms", userAgent: ServerHarness.android)
            _ = try await server.open("/\(code)", userAgent: ServerHarness.desktop)
            _ = try await server.open("/\(code)", userAgent: ServerHarness.crawler)
            // Command-line clients get the desktop answer and count with the previews, not as clicks.
            for agent in ["curl/8.5.0", "Wget/1.21.4", "python-requests/2.32.3", "Go-http-client/2.0"] {
                let answer = try await server.open("/\(code)", userAgent: agent)
                #expect(answer.status.code < 400, "\(agent)")
            }

            let stats = try await server.api(.get, "/api/v1/links/\(code)/stats?series=true").object()
            // The crawler's visit is a link preview, in no click count.
            #expect(stats["totalClicks"] == 4)
            #expect(Self.shares(stats["byPlatform"]) == ["ios": 2, "android": 1, "desktop": 1])
            #expect(Self.shares(stats["byReferrer"]) == ["news.example.org": 2, "(none)": 2])
            #expect(Self.shares(stats["byUTMSource"]) == ["mail": 3, "sms": 1])
            #expect(Self.shares(stats["byUTMCampaign"]) == ["spring": 4])
            let perDay = try #require(stats["clicksPerDay"]?.arrayValue)
            #expect(perDay.count == 30, "a zero for every day of the default range")
            #expect(perDay.last == ["day": .string(Date().utcDay), "count": 4])
            #expect(perDay.dropLast().allSatisfy { $0.objectValue?["count"] == 0 })
            #expect(stats["linkPreviews"]?.objectValue?["total"] == 5)
            #expect(stats["linkPreviews"]?.objectValue?["perDay"]?.arrayValue?.last == ["day": .string(Date().utcDay), "count": 5])
            #expect(stats["funnel"]?.objectValue?["phoneClicks"] == 3)
            let buckets = stats["series"]?.arrayValue ?? []
            #expect(buckets.count == 4, "two iPhones from one referrer share a bucket; the crawler has its own")
            // Without the series, the same document.
            var sums = try await server.api(.get, "/api/v1/links/\(code)/stats").object()
            #expect(sums["series"] == nil)
            sums["series"] = stats["series"]
            #expect(sums == stats)
            let wrong = try await server.api(.get, "/api/v1/links/\(code)/stats?series=maybe")
            #expect(wrong.status == .badRequest)
            #expect(wrong.text.contains("series must be true or false"))
            #expect(try await server.api(.get, "/api/v1/links/unknown-code/stats").status == .notFound)
        }
    }

    @Test(arguments: StoreBackend.available)
    func statsCoverTheRangeAskedForAndRefuseABadOne(backend: StoreBackend) async throws {
        try await ServerHarness.run(backend) { server in
            let code = try await create(server)
            _ = try await server.open("/\(code)", userAgent: ServerHarness.android)
            let today = Date().utcDay
            let week = try await server.api(.get, "/api/v1/links/\(code)/stats?days=7").object()
            #expect(week["clicksPerDay"]?.arrayValue?.count == 7)
            #expect(week["to"] == .string(today))
            let single = try await server.api(.get, "/api/v1/links/\(code)/stats?from=\(today)&to=\(today)").object()
            #expect(single["clicksPerDay"] == [["day": .string(today), "count": 1]])
            #expect(single["from"] == .string(today))
            let all = try await server.api(.get, "/api/v1/stats?from=\(today)").object()
            #expect(all["code"] == .null)
            #expect(all["totalClicks"] == 1)
            #expect(all["topLinks"] == [["code": .string(code), "count": 1]])
            for (query, field, message) in [
                ("days=0", "days", "days must be a whole number from 1 to 366"), ("days=7&from=2026-01-01", "days", "not both"),
                ("from=2026-02-30", "from", "from must be a day"), ("from=2020-01-01&to=2024-01-01", "from", "at most 366"),
                ("to=2999-01-01", "to", "after today"),
            ] {
                for path in ["/api/v1/links/\(code)/stats", "/api/v1/stats"] {
                    let refused = try await server.api(.get, "\(path)?\(query)")
                    #expect(refused.status == .badRequest, "\(query)")
                    #expect(try refused.object()["error"]?.objectValue?["field"] == .string(field), "\(query)")
                    #expect(refused.text.contains(message), "\(query): \(refused.text)")
                }
            }
            let badTop = try await server.api(.get, "/api/v1/stats?top=101")
            #expect(try badTop.object()["error"]?.objectValue?["field"] == "top")
        }
    }

    /// A breakdown's `[{name, count}]` as a dictionary.
    static func shares(_ value: JSONValue?) -> [String: Int] {
        var shares: [String: Int] = [:]
        for share in value?.arrayValue ?? [] {
            if let name = share.objectValue?["name"]?.stringValue, case .number(let count)? = share.objectValue?["count"] { shares[name] = Int(count) }
        }
        return shares
    }

    @Test(arguments: [ServerHarness.iPhone, ServerHarness.android, ServerHarness.desktop, ServerHarness.crawler])
    func answersHeadAsGetDoesWithoutABodyOrAClick(userAgent: String) async throws {
        try await ServerHarness.run(.sqlite) { server in
            let code = try await create(server)
            let head = try await server.open("/\(code)", userAgent: userAgent, method: .head)
            #expect(head.body.readableBytes == 0)
            #expect(try await server.api(.get, "/api/v1/links/\(code)/stats").object()["totalClicks"] == 0)
            let get = try await server.open("/\(code)", userAgent: userAgent)
            #expect(head.status == get.status)
            #expect(head.headers[.location] == get.headers[.location])
            #expect(head.headers[.contentType] == get.headers[.contentType])
            #expect(head.headers[.contentSecurityPolicy] == get.headers[.contentSecurityPolicy])
            let stats = try await server.api(.get, "/api/v1/links/\(code)/stats").object()
            #expect((userAgent == ServerHarness.crawler ? stats["linkPreviews"]?.objectValue?["total"] : stats["totalClicks"]) == 1)
            let missing = try await server.open("/no-such-link", userAgent: userAgent, method: .head)
            #expect(missing.status == .notFound)
            #expect(missing.body.readableBytes == 0)
        }
    }

    @Test(arguments: ["/a/b/c", "/favicon.ico", "/spring/install/more", "/.well-known/security.txt"])
    func answersPathsItDoesNotServeWithTheLinkNotFoundPage(path: String) async throws {
        try await ServerHarness.run(.sqlite) { server in
            let response = try await server.open(path, userAgent: ServerHarness.iPhone)
            #expect(response.status == .notFound)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(response.text.contains("<h1>Link not found</h1>"))
            #expect(response.headers[.contentSecurityPolicy] != nil)
            let head = try await server.open(path, userAgent: ServerHarness.iPhone, method: .head)
            #expect(head.status == .notFound)
            #expect(head.body.readableBytes == 0)
            let api = try await server.api(.get, "/api/v1/nothing-here")
            #expect(try api.error().code == "not-found")
        }
    }

    @Test(arguments: [(0.0, "1970-01-01"), (951_782_400, "2000-02-29"), (1_795_305_599, "2026-11-21"), (-86_400, "1969-12-31"), (253_402_300_800, "10000-01-01")])
    func namesTheUTCDay(seconds: Double, day: String) {
        #expect(Date(timeIntervalSince1970: seconds).utcDay == day)
    }
}

/// "Went to a store" counts App Store visits with the default config, where the hop records no
/// deferred click (neither the pasteboard flow nor probabilistic matching is on).
struct AppStoreHopCountTests {
    @Test(arguments: StoreBackend.available)
    func anIPhonesAppStoreHopCountsWithoutRecordingAClick(backend: StoreBackend) async throws {
        try await ServerHarness.run(backend) { server in
            _ = try await server.createLink(#"{"code": "spring", "deepLink": "shop://sales/42"}"#)
            let hop = try await server.open("/spring/install?store=apple", userAgent: ServerHarness.iPhone)
            #expect(hop.status == .found)
            #expect(hop.headers[.location] == "https://apps.apple.com/app/id123456789")
            _ = try await server.open("/spring/install?store=apple", userAgent: ServerHarness.iPhone, method: .head)
            _ = try await server.open("/spring/install?store=apple", userAgent: ServerHarness.desktop)
            let counts = try await server.store.deferredCounts(code: "spring", since: "2000-01-01")
            #expect(counts.map(\.storeHops) == [1])
            #expect(counts.map(\.platform) == [.ios])
            #expect(try await server.store.deferredCandidates(networkHashes: [], platform: .ios, since: .distantPast, now: Date()).isEmpty)
            let numbers = try await LinkService(configuration: try ServerHarness.configuration(), store: server.store, logger: Logger(label: "test"))
                .numbers(code: "spring", days: 1)
            #expect(numbers.funnel.storeHops == 1)
        }
    }
}
