import DeepLinkCore
import DeepLinkServer
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import HummingbirdTesting
import NIOCore
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// A signed-in browser: the session cookie and the form token of the dashboard's pages.
struct DashboardBrowser {
    let server: ServerHarness
    let cookie: String
    let formToken: String

    /// Posts the sign-in form as a browser would: the page first, for its token and cookie.
    static func postSignIn(_ server: ServerHarness, _ body: String) async throws -> TestResponse {
        let page = try await server.client.execute(uri: "/dashboard/sign-in", method: .get)
        let cookie = try #require(page.headers[.setCookie]?.split(separator: ";").first.map(String.init))
        let html = page.text
        let marker = try #require(html.range(of: "name=\"form_token\" value=\""))
        let token = String(html[marker.upperBound...].prefix { $0 != "\"" })
        return try await server.client.execute(
            uri: "/dashboard/sign-in", method: .post, headers: [.contentType: "application/x-www-form-urlencoded", .cookie: cookie],
            body: ByteBuffer(string: body + "&form_token=\(token)"))
    }

    /// Signs in with the harness's admin key.
    static func signIn(_ server: ServerHarness) async throws -> DashboardBrowser {
        let response = try await postSignIn(server, "key=\(server.token)&next=%2Fdashboard%2Fkeys")
        #expect(response.status == .seeOther)
        #expect(response.headers[.location] == "/dashboard/keys")
        let setCookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("deeplink_session=") })
        let cookie = try #require(setCookie.split(separator: ";").first.map(String.init))
        let page = try await server.client.execute(uri: "/dashboard/keys", method: .get, headers: [.cookie: cookie])
        let html = page.text
        let marker = try #require(html.range(of: "name=\"form_token\" value=\""))
        let token = String(html[marker.upperBound...].prefix { $0 != "\"" })
        return DashboardBrowser(server: server, cookie: cookie, formToken: token)
    }

    func get(_ uri: String) async throws -> TestResponse {
        try await server.client.execute(uri: uri, method: .get, headers: [.cookie: cookie])
    }

    func post(_ uri: String, _ fields: [(String, String)], token: String? = nil, headers extra: HTTPFields = [:]) async throws -> TestResponse {
        var headers = extra
        headers[.contentType] = "application/x-www-form-urlencoded"
        headers[.cookie] = cookie
        var items = fields.map { URLQueryItem(name: $0.0, value: $0.1) }
        if let token = token ?? Optional(formToken), !token.isEmpty { items.append(URLQueryItem(name: "form_token", value: token)) }
        var components = URLComponents()
        components.queryItems = items
        let body = (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        return try await server.client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }
}

struct DashboardTests {
    @Test func signingInSetsAStrictHttpOnlySessionCookieScopedToTheDashboard() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let response = try await DashboardBrowser.postSignIn(server, "key=\(server.token)")
            let cookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("deeplink_session=") })
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Strict"))
            #expect(cookie.contains("Path=/dashboard"))
            #expect(cookie.contains("Max-Age=43200"))
        }
    }

    @Test func everyDashboardCookieIsSecureWhateverHostTheRequestNames() {
        // A proxy that does not pass `Host` on (or a request naming localhost) once made them plain.
        #expect(DashboardSessions.cookie(secret: "s").secure)
        #expect(DashboardSessions.signInCookie(token: "t").secure)
        #expect(DashboardSessions.signInCookie(token: "").secure)
        #expect(DashboardSessions.clearingCookie().secure)
    }

    @Test func aFormIsSameOriginOnlyWhenItsOriginNamesTheHostItWasSentTo() {
        func request(_ authority: String, origin: String?, site: String? = nil) -> Request {
            var head = HTTPRequest(method: .post, scheme: "https", authority: authority, path: "/dashboard/new-link")
            if let origin { head.headerFields[.origin] = origin }
            if let site { head.headerFields[.secFetchSite] = site }
            return Request(head: head, body: RequestBody(buffer: ByteBuffer()))
        }
        #expect(DashboardSessions.isSameOrigin(request("go.example.com", origin: "https://go.example.com", site: "same-origin")))
        #expect(DashboardSessions.isSameOrigin(request("localhost:8080", origin: "http://localhost:8080")))
        #expect(!DashboardSessions.isSameOrigin(request("go.example.com", origin: "https://evil.example")))
        #expect(!DashboardSessions.isSameOrigin(request("go.example.com", origin: "null")))
        #expect(!DashboardSessions.isSameOrigin(request("go.example.com", origin: nil, site: "cross-site")))
        #expect(!DashboardSessions.isSameOrigin(request("go.example.com", origin: "https://go.example.com.evil.example")))
    }

    /// Browsers drop a Secure cookie over plain http on any host but localhost, so such a sign-in
    /// comes without the form's cookie: the page says why instead of "the form had expired".
    @Test func aSignInThatLostItsSecureCookieOverPlainHTTPIsToldWhy() {
        func request(origin: String?, cookie: String? = nil) -> Request {
            var head = HTTPRequest(method: .post, scheme: "http", authority: "192.168.1.20:8080", path: "/dashboard/sign-in")
            if let origin { head.headerFields[.origin] = origin }
            if let cookie { head.headerFields[.cookie] = cookie }
            return Request(head: head, body: RequestBody(buffer: ByteBuffer()))
        }
        #expect(DashboardSessions.lostSecureCookieOverPlainHTTP(request(origin: "http://192.168.1.20:8080")))
        #expect(DashboardSessions.lostSecureCookieOverPlainHTTP(request(origin: "http://shop.example.com")))
        #expect(!DashboardSessions.lostSecureCookieOverPlainHTTP(request(origin: "https://shop.example.com")), "https keeps Secure cookies")
        #expect(!DashboardSessions.lostSecureCookieOverPlainHTTP(request(origin: "http://localhost:8080")), "localhost keeps them too")
        #expect(!DashboardSessions.lostSecureCookieOverPlainHTTP(request(origin: "http://127.0.0.1:8080")))
        #expect(!DashboardSessions.lostSecureCookieOverPlainHTTP(request(origin: "http://[::1]:8080")))
        #expect(!DashboardSessions.lostSecureCookieOverPlainHTTP(request(origin: nil)))
        #expect(
            !DashboardSessions.lostSecureCookieOverPlainHTTP(request(origin: "http://192.168.1.20:8080", cookie: "deeplink_sign_in=x")),
            "the cookie came: a wrong token is an expired form")
    }

    @Test func aSignInWithoutTheFormsTokenAndCookieIsRefused() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let page = try await server.client.execute(uri: "/dashboard/sign-in", method: .get)
            let cookie = try #require(page.headers[.setCookie])
            #expect(cookie.hasPrefix("deeplink_sign_in=") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            let forged = try await server.client.execute(
                uri: "/dashboard/sign-in", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .cookie: "deeplink_sign_in=\(String(repeating: "1", count: 64))"],
                body: ByteBuffer(string: "key=\(server.token)&form_token=\(String(repeating: "2", count: 64))"))
            #expect(forged.status == .forbidden)
            #expect(forged.headers[values: .setCookie].allSatisfy { !$0.hasPrefix("deeplink_session=") })
        }
    }

    @Test func pagesWithoutASessionSendToSignInAndFormsAreRefused() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let page = try await server.client.execute(uri: "/dashboard/links?q=x", method: .get)
            #expect(page.status == .seeOther)
            #expect(page.headers[.location] == "/dashboard/sign-in?next=%2Fdashboard%2Flinks%3Fq%3Dx")
            let forged = try await server.client.execute(
                uri: "/dashboard/new-link", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .cookie: "deeplink_session=\(String(repeating: "a", count: 64))"],
                body: ByteBuffer(string: "deepLink=shop%3A%2F%2Fsales%2F1"))
            #expect(forged.status == .forbidden)
            #expect(try await server.store.searchLinks(LinkSearch()).total == 0)
        }
    }

    @Test func pagesCarryTheAppsNameAndThemeAndFollowTheSystemsColourScheme() async throws {
        let configuration = try ServerHarness.configuration(pages: ##"{"appName": "Laden", "themeColor": "#ff6a00"}"##)
        try await ServerHarness.run(.sqlite, configuration: configuration) { server in
            let page = try await server.client.execute(uri: "/dashboard/sign-in", method: .get).text
            #expect(page.contains("<title>Sign in · Laden links</title>"), "\(page)")
            #expect(page.contains(#"<a class="logo" href="/dashboard">Laden <span class="logo-sub">links</span></a>"#))
            #expect(page.contains(##"<meta name="theme-color" content="#ff6a00">"##))
            #expect(page.contains(#"<meta name="color-scheme" content="light dark">"#))
            let theme = try await server.client.execute(uri: "/dashboard/assets/theme.css", method: .get)
            #expect(theme.text == ".bar { border-bottom: 4px solid #ff6a00; }\n")
            #expect(theme.headers[.contentType] == "text/css; charset=utf-8")
        }
        #expect(DashboardAssets.stylesheet.contains("@media (prefers-color-scheme: dark)"))
        // Every colour of the dark scheme is a variable the rules read: no rule keeps a light-only colour.
        let rules = DashboardAssets.stylesheet.components(separatedBy: "@media (prefers-color-scheme: dark)")[1]
            .components(separatedBy: "\n}\n").dropFirst().joined()
        #expect(rules.contains(".bar {") && rules.contains(".badge.on {"), "the rules after the dark scheme")
        let fixed = rules.matches(of: /#[0-9a-fA-F]{6}/).map { String($0.output) }
        #expect(Set(fixed).isSubset(of: ["#0d1b2a", "#ffffff", "#24364a", "#c9d1d9"]), "only the always-dark bar and the QR code's white: \(Set(fixed))")
    }

    @Test func numbersCoverAnyRangeOfDaysAndNoneOutsideIt() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let browser = try await DashboardBrowser.signIn(server)
            #expect(try await server.api(.post, "/api/v1/links", json: #"{"code": "ranged", "deepLink": "shop://sales/42"}"#).status == .created)
            let today = Date()
            let days = (0..<5).map { today.addingTimeInterval(-86_400 * Double($0)).utcDay }  // today first
            var counts: [Click: Int] = [:]
            for (index, day) in days.enumerated() { counts[Click(code: "ranged", day: day, platform: .ios, utmSource: "s\(index)")] = index + 1 }
            try await server.store.record(counts)
            // Days 1 to 3 ago: 2 + 3 + 4 clicks; today's 1 and day 4's 5 are outside, in every number.
            let page = try await browser.get("/dashboard/links/ranged?from=\(days[3])&to=\(days[1])").text
            #expect(page.contains(#"<span class="value" id="total-clicks">9</span>"#), "\(page)")
            #expect(page.contains("Numbers: \(days[3]) to \(days[1]) (UTC)"))
            #expect(page.contains(">30 days</a>") && !page.contains("Optional("), "the preset ranges' labels")
            #expect(!page.contains(">s0<") && !page.contains(">s4<") && page.contains(">s2<"), "the breakdowns keep to the range")
            #expect(page.contains("numbers.csv?from=\(days[3])&amp;to=\(days[1])"))
            let csv = try await browser.get("/dashboard/links/ranged/numbers.csv?from=\(days[3])&to=\(days[1])").text
            #expect(csv.components(separatedBy: "\r\nday,").count - 1 == 3, "a row for each day of the range")
            let reversed = try await browser.get("/dashboard/links/ranged?from=\(days[1])&to=\(days[3])")
            #expect(reversed.status == .badRequest)
            #expect(reversed.text.contains("is after to"))
        }
    }

    @Test func theNumbersPageListsTheMostClickedLinksOfTheRange() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let browser = try await DashboardBrowser.signIn(server)
            for code in ["alpha", "beta", "gamma"] {
                #expect(try await server.api(.post, "/api/v1/links", json: #"{"code": "\#(code)", "deepLink": "shop://sales/42"}"#).status == .created)
            }
            let today = Date().utcDay
            let lastWeek = Date().addingTimeInterval(-8 * 86_400).utcDay
            try await server.store.record([
                Click(code: "alpha", day: today, platform: .ios): 2, Click(code: "beta", day: today, platform: .android): 5,
                Click(code: "gamma", day: lastWeek, platform: .ios): 50, Click(code: "alpha", day: today, platform: .crawler): 40,
            ])
            let page = try await browser.get("/dashboard/numbers?days=7").text
            let table = try #require(page.components(separatedBy: #"<table class="compact" id="top-links">"#).last?.components(separatedBy: "</table>").first)
            let rows = table.components(separatedBy: "<tr><td>").dropFirst().map { $0.components(separatedBy: "</tr>")[0] }
            #expect(rows.count == 2, "gamma's clicks are outside the last 7 days: \(rows)")
            #expect(rows.first?.contains(">beta</a></th><td>5</td>") == true, "\(rows)")
            #expect(rows.last?.contains(">alpha</a></th><td>2</td>") == true, "a crawler's visits are no clicks: \(rows)")
            let empty = try await browser.get("/dashboard/numbers?from=2020-01-01&to=2020-01-31").text
            #expect(empty.contains("No link was clicked in this range."))
        }
    }

    @Test func theLinkFormMarksEveryBadFieldAtOnce() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let browser = try await DashboardBrowser.signIn(server)
            let fields = [("deepLink", "shop://sales/1"), ("code", "x"), ("fallbacks.appStoreID", "abc"), ("expiresAt", "2001-01-01T00:00")]
            let page = try await browser.post("/dashboard/new-link", fields)
            #expect(page.status == .badRequest || page.status == .unprocessableContent || page.status == .ok, "\(page.status)")
            #expect(page.text.contains("fix the 3 fields marked below"), "\(page.text)")
            #expect(page.text.components(separatedBy: #"aria-invalid="true""#).count == 4)
            #expect(try await server.store.searchLinks(LinkSearch()).total == 0)
        }
    }

    @Test func aFormWithoutItsTokenOrFromAnotherSiteChangesNothing() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let browser = try await DashboardBrowser.signIn(server)
            let fields = [("deepLink", "shop://sales/1"), ("code", "csrf-test")]
            #expect(try await browser.post("/dashboard/new-link", fields, token: "").status == .forbidden)
            #expect(try await browser.post("/dashboard/new-link", fields, token: String(repeating: "0", count: 64)).status == .forbidden)
            let crossSite = try await browser.post(
                "/dashboard/new-link", fields, headers: [.origin: "https://evil.example", .secFetchSite: "cross-site"])
            #expect(crossSite.status == .forbidden)
            #expect(try await server.store.link(code: "csrf-test") == nil)
            let created = try await browser.post("/dashboard/new-link", fields)
            #expect(created.status == .seeOther)
            #expect(created.headers[.location] == "/dashboard/links/csrf-test?done=created")
        }
    }

    @Test func aRejectedLinkShowsTheErrorBesideItsFieldAndKeepsWhatWasTyped() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let browser = try await DashboardBrowser.signIn(server)
            let response = try await browser.post(
                "/dashboard/new-link", [("deepLink", "shop://nowhere/1"), ("utm.campaign", "<b>spring</b>"), ("fallbacks.webURL", "https://evil.example/")])
            #expect(response.status == .unprocessableContent)
            let html = response.text
            #expect(html.contains("id=\"field-deepLink-error\">The config&#39;s router does not route shop://nowhere/1"))
            #expect(html.contains("value=\"&lt;b&gt;spring&lt;/b&gt;\""))
            #expect(!html.contains("<b>spring</b>"))
        }
    }

    @Test func aDisallowedFallbackIsReportedOnItsOwnField() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let browser = try await DashboardBrowser.signIn(server)
            let html = try await browser.post("/dashboard/new-link", [("deepLink", "shop://sales/1"), ("fallbacks.webURL", "https://evil.example/")]).text
            #expect(html.contains("id=\"field-fallbacks-webURL-error\""))
        }
    }

    @Test func editingClearsAnEmptiedFieldAndKeepsTheCode() async throws {
        try await ServerHarness.run(.sqlite) { server in
            _ = try await server.createLink(#"{"code": "edit-me", "deepLink": "shop://sales/1", "note": "old"}"#)
            let browser = try await DashboardBrowser.signIn(server)
            let response = try await browser.post("/dashboard/links/edit-me/edit", [("deepLink", "shop://sales/2"), ("note", "")])
            #expect(response.status == .seeOther)
            let link = try #require(try await server.store.link(code: "edit-me"))
            #expect(link.deepLink == "shop://sales/2")
            #expect(link.note == nil)
        }
    }

    /// The targets' text area: the stored targets shown as JSON, submitted unchanged they stay,
    /// and each bad value is listed beside it with its place.
    @Test func theTargetsTextAreaKeepsTargetsAndListsEachBadOneWithItsPlace() async throws {
        try await ServerHarness.run(.sqlite) { server in
            _ = try await server.createLink(
                #"{"code": "ruled", "deepLink": "shop://sales/1", "targets": [{"languages": ["de"], "webURL": "https://shop.example.com/de"}]}"#)
            let browser = try await DashboardBrowser.signIn(server)
            let form = try await browser.get("/dashboard/links/ruled/edit").text
            #expect(form.contains(#"<textarea id="field-targets" name="targets""#))
            let start = try #require(form.range(of: #"name="targets""#))
            let text = try #require(form[start.upperBound...].split(separator: ">", maxSplits: 1).last?.split(separator: "<").first)
            let typed = String(text).replacingOccurrences(of: "&quot;", with: "\"")
            #expect(typed.contains(#""languages" : ["#) || typed.contains(#""languages": ["#), "\(typed)")
            let unchanged = try await browser.post("/dashboard/links/ruled/edit", [("deepLink", "shop://sales/1"), ("targets", typed)])
            #expect(unchanged.status == .seeOther, "\(unchanged.text)")
            #expect(try await server.store.link(code: "ruled")?.targets == [LinkTarget(languages: ["de"], webURL: "https://shop.example.com/de")])

            let bad = #"[{"languages": ["de!"], "webURL": "https://shop.example.com/de"}, {"platforms": ["tv"], "webURL": "https://shop.example.com/tv"}]"#
            let refused = try await browser.post("/dashboard/links/ruled/edit", [("deepLink", "shop://sales/1"), ("targets", bad)])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains(#"id="field-targets-error">targets[0].languages[0]: &quot;de!&quot; is not a language tag"#), "\(refused.text)")
            #expect(refused.text.contains("targets[1].platforms[0]: &quot;tv&quot; is not a platform"))
            #expect(try await server.store.link(code: "ruled")?.targets.count == 1, "nothing stored is lost")
        }
    }

    @Test func theListFindsLinksByCampaignAndPagesThroughThem() async throws {
        try await ServerHarness.run(.sqlite) { server in
            for index in 0..<30 {
                _ = try await server.createLink(#"{"code": "page-\#(index)", "deepLink": "shop://sales/1", "campaign": "spring"}"#)
            }
            _ = try await server.createLink(#"{"code": "other", "deepLink": "shop://sales/1", "campaign": "autumn"}"#)
            let browser = try await DashboardBrowser.signIn(server)
            let first = try await browser.get("/dashboard/links?q=SPRING&sort=code").text
            #expect(first.contains("1–25 of 30 links matching “SPRING”"))
            #expect(!first.contains("other"))
            #expect(first.contains("href=\"/dashboard/links?page=2&amp;q=SPRING&amp;sort=code\""))
            let second = try await browser.get("/dashboard/links?page=2&q=SPRING&sort=code").text
            #expect(second.contains("26–30 of 30"))
            // The campaign an older client sent as `campaign` is the link's UTM campaign, shown in the list.
            #expect(second.contains("<td data-label=\"Campaign\">spring</td>"))
        }
    }

    /// The search box repeats what was searched for in its `value` attribute: a quote followed by
    /// a combining mark is escaped like any other quote.
    @Test func aSearchWithAQuoteFollowedByACombiningMarkStaysInsideTheSearchBox() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let browser = try await DashboardBrowser.signIn(server)
            let html = Data(try await browser.get("/dashboard/links?q=x%22%CC%81%20autofocus%20x%3D%22%CC%81").text.utf8)
            #expect(html.range(of: Data(#"value="x&quot;\#u{301} autofocus x=&quot;\#u{301}""#.utf8)) != nil)
            #expect(html.range(of: Data("\"\u{301}".utf8)) == nil)
        }
    }

    @Test func deletingNeedsTheConfirmationForm() async throws {
        try await ServerHarness.run(.sqlite) { server in
            _ = try await server.createLink(#"{"code": "doomed", "deepLink": "shop://sales/1"}"#)
            let browser = try await DashboardBrowser.signIn(server)
            let confirm = try await browser.get("/dashboard/links/doomed/delete")
            #expect(confirm.text.contains("Delete doomed?"))
            #expect(try await server.store.link(code: "doomed") != nil)
            let deleted = try await browser.post("/dashboard/links/doomed/delete", [])
            #expect(deleted.headers[.location] == "/dashboard/links?deleted=doomed")
            #expect(try await server.store.link(code: "doomed") == nil)
            #expect(try await browser.get("/dashboard/links/doomed").status == .notFound)
        }
    }

    @Test func revokingTheKeyASessionUsesSignsItOut() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let browser = try await DashboardBrowser.signIn(server)
            let id = try #require(APIKey.id(of: server.token))
            let revoked = try await browser.post("/dashboard/keys/\(id)/revoke", [])
            #expect(revoked.headers[.location] == "/dashboard/sign-in")
            #expect(try await browser.get("/dashboard/links").status == .seeOther)
        }
    }

    @Test func theKeysPageNamesTheKeyAsksBeforeRevokingAndHidesRevokedKeys() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let browser = try await DashboardBrowser.signIn(server)
            let id = try #require(APIKey.id(of: server.token))
            let mine = try #require(try await server.store.apiKey(id: id))
            let other = APIKey.generate(name: "old-ci", at: Date())
            try await server.store.insert(other.record)

            // The bar names the key, not its id; signing in and using it recorded when.
            let page = try await browser.get("/dashboard/keys").text
            #expect(page.contains("\(mine.name) · API key"), "\(page)")
            #expect(try await server.store.apiKey(id: id)?.lastUsedAt != nil)
            #expect(page.contains("never"), "old-ci was never used")

            // Revoking asks first, and says when it is the key this session signed in with.
            let ask = try await browser.get("/dashboard/keys/\(id)/revoke")
            #expect(ask.status == .ok)
            #expect(ask.text.contains("You are signed in with this key: revoking it signs you out."))
            let askOther = try await browser.get("/dashboard/keys/\(other.record.id)/revoke").text
            #expect(askOther.contains("Revoke the key old-ci?") && !askOther.contains("You are signed in with this key"))
            #expect(try await server.store.apiKey(id: other.record.id)?.revokedAt == nil, "asking revokes nothing")

            // Revoked keys leave the list unless asked for.
            let revoked = try await browser.post("/dashboard/keys/\(other.record.id)/revoke", [])
            #expect(revoked.headers[.location] == "/dashboard/keys?done=revoked")
            let list = try await browser.get("/dashboard/keys").text
            #expect(!list.contains("old-ci") && list.contains("Show the 1 revoked"))
            let all = try await browser.get("/dashboard/keys?revoked=1").text
            #expect(all.contains("old-ci") && all.contains("Hide revoked keys"))
            #expect(try await browser.get("/dashboard/keys/\(other.record.id)/revoke").status == .notFound)
        }
    }

    @Test func aKeysUseIsWrittenAtMostOnceAMinute() async throws {
        try await StoreBackend.sqlite.withStore { store in
            let key = APIKey.generate(name: "ci", at: Date(timeIntervalSince1970: 1_800_000_000))
            try await store.insert(key.record)
            let uses = APIKeyUses(store: store, logger: Logger(label: "test"))
            let first = Date(timeIntervalSince1970: 1_800_000_100)
            await uses.record(id: key.record.id, at: first)
            await uses.record(id: key.record.id, at: first.addingTimeInterval(59))
            #expect(try await store.apiKey(id: key.record.id)?.lastUsedAt == first)
            await uses.record(id: key.record.id, at: first.addingTimeInterval(60))
            #expect(try await store.apiKey(id: key.record.id)?.lastUsedAt == first.addingTimeInterval(60))
            // An earlier time never replaces a later one (another server's write).
            try await store.recordAPIKeyUse(id: key.record.id, at: first)
            #expect(try await store.apiKey(id: key.record.id)?.lastUsedAt == first.addingTimeInterval(60))
        }
    }

    @Test func aDashboardUserSignsInWithTheirPasswordAndNotWithAWrongOne() async throws {
        try await ServerHarness.run(.sqlite) { server in
            try await server.store.insert(
                DashboardUser(name: "maria@example.com", passwordHash: try DashboardPassword.hash("correct horse battery"), createdAt: Date()))
            func signIn(_ password: String) async throws -> TestResponse {
                try await DashboardBrowser.postSignIn(server, "name=maria%40example.com&password=\(password)")
            }
            let wrong = try await signIn("correct+horse+staple")
            #expect(wrong.status == .unauthorized)
            #expect(wrong.text.contains("is not valid"))
            #expect(try await signIn("correct+horse+battery").status == .seeOther)
        }
    }

    @Test func failedSignInsAreLimitedPerAddress() async throws {
        // The limits' clock stands still, so no token refills while the test runs.
        try await ServerHarness.run(.sqlite, clock: TestClock()) { server in
            let limit = DashboardSessions.failedSignInsPerMinute
            var statuses: [HTTPResponse.Status] = []
            while statuses.last != .tooManyRequests, statuses.count < 4 * limit {
                let response = try await DashboardBrowser.postSignIn(server, "key=dlk_000000000000_\(String(repeating: "0", count: 64))")
                statuses.append(response.status)
            }
            #expect(statuses.last == .tooManyRequests)
            #expect(statuses.dropLast().allSatisfy { $0 == .unauthorized })
            #expect(statuses.count - 1 == limit, "\(statuses.count - 1) failures before the refusal")
        }
    }

    @Test func pagesCarryAPolicyWithoutInlineScriptOrStyle() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let page = try await server.client.execute(uri: "/dashboard/sign-in", method: .get)
            let policy = try #require(page.headers[.contentSecurityPolicy])
            #expect(!policy.contains("unsafe-inline"))
            #expect(policy.contains("script-src 'self'"))
            #expect(policy.contains("frame-ancestors 'none'"))
            #expect(!page.text.contains("<script>"))
            #expect(!page.text.contains("style="))
        }
    }

    @Test func signInOnlyReturnsToDashboardPages() {
        #expect(DashboardSignInRoutes.safeNext("/dashboard/links?q=1") == "/dashboard/links?q=1")
        #expect(DashboardSignInRoutes.safeNext("https://evil.example/") == "/dashboard/links")
        #expect(DashboardSignInRoutes.safeNext("//evil.example/dashboard/") == "/dashboard/links")
        #expect(DashboardSignInRoutes.safeNext("/dashboard/\\evil") == "/dashboard/links")
    }

    @Test func theCodeDashboardIsReservedForTheServer() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let response = try await server.api(.post, "/api/v1/links", json: #"{"code": "Dashboard", "deepLink": "shop://sales/1"}"#)
            #expect(response.status == .unprocessableContent || response.status == .badRequest)
        }
    }
}

struct DashboardPiecesTests {
    static let oneDay = DashboardNumbersRoutes.Period(range: .last(1, endingAt: Date()), query: "days=1", lastDays: 1)

    @Test func aRangeOfDaysIsReadStrictlyAndSaysWhatIsWrong() throws {
        let now = Date(timeIntervalSince1970: 1_795_608_000)  // 2026-11-25T12:00:00Z
        let range = try DayRange(from: "2026-10-30", to: "2026-11-02", now: now)
        #expect(range.days == ["2026-10-30", "2026-10-31", "2026-11-01", "2026-11-02"])
        #expect(try DayRange(from: "2024-02-28", to: "2024-03-01", now: now).days.count == 3, "2024 is a leap year")
        func refusal(_ from: String, _ to: String) -> LinkServerError? {
            do {
                _ = try DayRange(from: from, to: to, now: now)
                return nil
            } catch {
                return error
            }
        }
        #expect(refusal("2026-11-31", "2026-12-01")?.field == "from", "November has 30 days")
        #expect(refusal("2026-1-01", "2026-11-01")?.field == "from")
        #expect(refusal("2026-11-01", "yesterday")?.field == "to")
        #expect(refusal("2026-11-20", "2026-11-10")?.message == "from (2026-11-20) is after to (2026-11-10)")
        #expect(refusal("2026-11-20", "2026-11-26")?.message.contains("after today") == true)
        #expect(refusal("2025-01-01", "2026-11-25")?.message.contains("at most 366") == true)
        #expect(refusal("2025-11-25", "2026-11-25") == nil, "366 days")
    }
    @Test func theChartHasATitleADescriptionAndABarWithTitlePerDay() {
        let svg = DashboardChart.svg(days: ["2026-11-01", "2026-11-02", "2026-11-03"], counts: [0, 3, 1], title: "Clicks <per> day")
        #expect(svg.contains("<title id=\"chart-title\">Clicks &lt;per&gt; day</title>"))
        #expect(svg.contains("4 clicks from 2026-11-01 to 2026-11-03; most on 2026-11-02 (3)"))
        #expect(svg.components(separatedBy: "<rect").count == 4)
        #expect(svg.contains("<title>2026-11-03: 1 click</title>"))
    }

    /// At 390 px the 720-unit chart's 11-unit text was 4 px tall; the phone's chart is half as wide,
    /// with its own ids so the page's two charts do not share them.
    @Test func thePhonesChartIsHalfAsWideWithIdsOfItsOwn() {
        let days = (1...30).map { String(format: "2026-11-%02d", $0) }
        let narrow = DashboardChart.svg(days: days, counts: Array(repeating: 2, count: 30), title: "Clicks", narrow: true)
        #expect(narrow.contains(#"class="chart chart-narrow" viewBox="0 0 360 200""#))
        #expect(narrow.contains(#"aria-labelledby="chart-narrow-title chart-narrow-desc""#))
        #expect(narrow.components(separatedBy: "<rect").count == 31)
        let wide = DashboardChart.svg(days: days, counts: Array(repeating: 2, count: 30), title: "Clicks")
        #expect(wide.contains(#"class="chart chart-wide" viewBox="0 0 720 200""#))
        #expect(DashboardAssets.stylesheet.contains(".chart-narrow { display: none; }"))
    }

    @Test func aShortRangesBarsStayNarrowAndCentredInTheirDay() throws {
        let svg = DashboardChart.svg(days: ["2026-11-27"], counts: [5], title: "Clicks")
        let width = try #require(svg.firstMatch(of: /<rect class="bar-fill" x="([0-9.]+)" y="[0-9.]+" width="([0-9.]+)"/))
        let x: Double = Double(width.1) ?? 0
        let barWidth: Double = Double(width.2) ?? 0
        #expect(barWidth == 48, "one day's bar is not the chart's whole width")
        // The plot runs from 40 to 712; the one slot's middle is 376.
        let middle: Double = x + barWidth / 2
        #expect(abs(middle - 376) < 1, "centred in its slot (\(middle))")
    }

    @Test func theAxisEndsAtAValueWhoseHalfIsWhole() {
        #expect([1, 2, 3, 5, 11, 40, 41, 999].map(DashboardChart.niceCeiling) == [2, 2, 4, 10, 20, 40, 100, 1000])
    }

    @Test func aNewLinkLeavesEmptyFieldsOutAndAChangeClearsThem() {
        let form = ["deepLink": " shop://sales/1 ", "note": "", "utm.source": "mail", "expiresAt": "2026-12-01T10:30"]
        #expect(
            LinkForm.json(form, forUpdate: false)
                == ["deepLink": "shop://sales/1", "utm": ["source": "mail"], "expiresAt": "2026-12-01T10:30:00Z"])
        let change = LinkForm.json(form, forUpdate: true)
        guard case .object(let members) = change else {
            Issue.record("not an object")
            return
        }
        #expect(members["note"] == .null)
        #expect(members["code"] == nil)
    }

    @Test func numbersFillEveryDayAndComputeTheFunnel() {
        let clicks = [
            ClickCount(click: Click(code: "a", day: "2026-11-24", platform: .ios, utmSource: "mail"), count: 4),
            ClickCount(click: Click(code: "a", day: "2026-11-25", platform: .android), count: 6),
            ClickCount(click: Click(code: "a", day: "2026-11-25", platform: .crawler), count: 5),
        ]
        let deferred = [DeferredCount(day: "2026-11-25", platform: .android, storeHops: 5, claims: 2)]
        let now = Date(timeIntervalSince1970: 1_795_608_000)  // 2026-11-25T12:00:00Z
        let numbers = LinkNumbers(code: "a", days: LinkNumbers.days(endingAt: now, count: 3), clicks: ClickSummary(clicks), deferred: deferred)
        #expect(numbers.days == ["2026-11-23", "2026-11-24", "2026-11-25"])
        #expect(numbers.clicksPerDay == [0, 4, 6], "the crawler's visits are not clicks")
        #expect(numbers.totalClicks == 10)
        #expect(numbers.linkPreviewsPerDay == [0, 0, 5])
        #expect(!numbers.byPlatform.contains { $0.name == "crawler" })
        #expect(numbers.funnel.phoneClicks == 10)
        #expect(numbers.funnel.hopRate == 0.5)
        #expect(numbers.funnel.installRate == 0.4)
        #expect(numbers.csv.contains("utm_source,mail,4\r\n"))
        #expect(numbers.csv.contains("funnel,claimed_installs,2\r\n"))
    }

    /// With the default config iPhone installs cannot be claimed, so the install rate counts
    /// Android's store visits only and says so, instead of a rate that iPhone visits drag down.
    @Test func theInstallRateCountsOnlyThePlatformsWhoseInstallsAreMeasured() {
        let clicks = [ClickCount(click: Click(code: "a", day: "2026-11-25", platform: .ios), count: 10)]
        let deferred = [
            DeferredCount(day: "2026-11-25", platform: .ios, storeHops: 6, claims: 0),
            DeferredCount(day: "2026-11-25", platform: .android, storeHops: 4, claims: 2),
        ]
        let androidOnly = LinkNumbers(code: "a", days: ["2026-11-25"], clicks: ClickSummary(clicks), deferred: deferred, iosInstallsMeasured: false)
        #expect(androidOnly.funnel.storeHops == 10)
        #expect(androidOnly.funnel.installRate == 0.5)
        #expect(androidOnly.jsonValue.objectValue?["funnel"]?.objectValue?["iosInstallsMeasured"] == .bool(false))
        let view = DashboardNumbersView(androidOnly, heading: "Numbers", base: "/dashboard/links/a", period: Self.oneDay)
        #expect(view.installsNote?.hasPrefix("Android only") == true)
        let both = LinkNumbers(code: "a", days: ["2026-11-25"], clicks: ClickSummary(clicks), deferred: deferred, iosInstallsMeasured: true)
        #expect(both.funnel.installRate == 0.2)
        #expect(DashboardNumbersView(both, heading: "Numbers", base: "/dashboard/links/a", period: Self.oneDay).installsNote == nil)
    }

    @Test func csvCellsCannotStartASpreadsheetFormula() {
        let clicks = [ClickCount(click: Click(code: "a", day: "2026-11-25", platform: .ios, utmSource: "=HYPERLINK(\"x\")"), count: 1)]
        let numbers = LinkNumbers(code: "a", days: ["2026-11-25"], clicks: ClickSummary(clicks), deferred: [])
        #expect(numbers.csv.contains("utm_source,\"'=HYPERLINK(\"\"x\"\")\",1"))
    }

    @Test func aCSVCellStartingWithAFormulaCharacterAndACombiningMarkIsStillQuoted() {
        // `=` then U+0301 is one Character that is not `=`, and spreadsheets still read a formula.
        let clicks = [ClickCount(click: Click(code: "a", day: "2026-11-25", platform: .ios, utmSource: "=\u{301}1+1"), count: 1)]
        let numbers = LinkNumbers(code: "a", days: ["2026-11-25"], clicks: ClickSummary(clicks), deferred: [])
        #expect(numbers.csv.contains("utm_source,'=\u{301}1+1,1"), "\(numbers.csv)")
    }
}

/// A form too large for the dashboard is refused, and the server goes on answering: a second read
/// of a body that was already iterated is an assertion failure in debug builds (the README's
/// `swift run`), so a 65,537-byte form used to end the process.
@Suite(.serialized)
struct DashboardFormSizeTests {
    @Test(arguments: ["plain", "chunked"])
    func aFormOver64KiBIsA413AndTheServerKeepsAnswering(framing: String) async throws {
        try await ServerHarness.run(.sqlite, mode: .live) { server in
            let browser = try await DashboardBrowser.signIn(server)
            let form = "form_token=\(browser.formToken)&deepLink=" + String(repeating: "a", count: DashboardForm.maximumBodySize + 1)
            let body: String
            let header: String
            if framing == "chunked" {
                let half = form.utf8.count / 2
                let parts = [String(form.prefix(half)), String(form.dropFirst(half))]
                body = parts.map { String($0.utf8.count, radix: 16) + "\r\n" + $0 + "\r\n" }.joined() + "0\r\n\r\n"
                header = "Transfer-Encoding: chunked"
            } else {
                body = form
                header = "Content-Length: \(form.utf8.count)"
            }
            let connection = try RawConnection(port: try #require(server.client.port))
            connection.send(
                "POST /dashboard/new-link HTTP/1.1\r\nHost: shop.example.com\r\nCookie: \(browser.cookie)\r\n"
                    + "Content-Type: application/x-www-form-urlencoded\r\n\(header)\r\nConnection: close\r\n\r\n\(body)")
            let result = await connection.waitForClose()
            #expect(result.received.hasPrefix("HTTP/1.1 413"), "\(result.received.prefix(300))")
            #expect(result.received.contains("Too large"))
            let health = try await server.client.execute(uri: "/healthz", method: .get)
            #expect(health.status == .ok)
        }
    }
}
