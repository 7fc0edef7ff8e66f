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

/// Links' targets as visitors meet them: the first target whose every condition holds sends
/// its visitors to its destinations; countries from a GeoIP database (a test file written with
/// mmdb-writer: 46.4.0.0/16 is DE, 81.2.69.0/24 GB, 193.51.0.0/16 FR), languages from
/// `Accept-Language`, platforms from the `User-Agent`.
struct LinkTargetsTests {
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    /// The example config with the test GeoIP database and the proxy header that gives each request an address.
    static func configuration(geoIP: Bool = true) throws -> ServerConfiguration {
        var configuration = try ServerHarness.configuration()
        configuration.clientAddressHeader = "X-Forwarded-For"
        if geoIP { configuration.geoIPDatabase = Fixtures.file("GeoIP/country-v6-24.mmdb").path }
        return configuration
    }

    static let link = #"""
        {"code": "CODE", "deepLink": "shop://sales/42", "fallbacks": {"webURL": "https://shop.example.com/sales/42"},
         "targets": [
           {"countries": ["DE", "AT"], "webURL": "https://shop.example.com/de/sales/42"},
           {"languages": ["fr"], "deepLink": "shop://sales/43", "webURL": "https://shop.example.com/fr/sales/43"},
           {"platforms": ["android"], "countries": ["GB"], "androidURL": "https://shop.example.com/android-uk"}
         ]}
        """#

    func create(_ server: ServerHarness, json: String = Self.link) async throws -> String {
        let code = "t\(UUID().uuidString.prefix(8))"
        _ = try await server.createLink(json.replacingOccurrences(of: "CODE", with: code))
        return code
    }

    @Test(arguments: StoreBackend.available)
    func aGermanAddressGetsTheGermanTargetAndABritishOneTheLinksOwnDestination(backend: StoreBackend) async throws {
        try await ServerHarness.run(backend, configuration: try Self.configuration()) { server in
            let code = try await create(server)
            let german = try await server.open("/\(code)", userAgent: ServerHarness.desktop, headers: [Self.forwardedFor: "46.4.1.1"])
            #expect(german.headers[.location] == "https://shop.example.com/de/sales/42")
            let british = try await server.open("/\(code)", userAgent: ServerHarness.desktop, headers: [Self.forwardedFor: "81.2.69.160"])
            #expect(british.headers[.location] == "https://shop.example.com/sales/42")
            // An unknown address, and one a database knows nothing of, get the link's own.
            let local = try await server.open("/\(code)", userAgent: ServerHarness.desktop, headers: [Self.forwardedFor: "127.0.0.1"])
            #expect(local.headers[.location] == "https://shop.example.com/sales/42")

            let stats = try await server.api(.get, "/api/v1/links/\(code)/stats").object()
            #expect(stats["byTarget"] == [["index": 0, "clicks": 1]])
            #expect(ResolveRoutesTests.shares(stats["byCountry"]) == ["DE": 1, "GB": 1])
            #expect(stats["totalClicks"] == 3)
        }
    }

    @Test(arguments: StoreBackend.available)
    func theFirstLanguageOfAcceptLanguageDecidesByLookupFallingBack(backend: StoreBackend) async throws {
        try await ServerHarness.run(backend, configuration: try Self.configuration()) { server in
            let code = try await create(server)
            let canadian = try await server.open(
                "/\(code)", userAgent: ServerHarness.desktop, headers: [.acceptLanguage: "fr-CA,fr;q=0.9,en;q=0.5", Self.forwardedFor: "81.2.69.160"])
            #expect(canadian.headers[.location] == "https://shop.example.com/fr/sales/43")
            // French only as a second choice: not the French target.
            let english = try await server.open(
                "/\(code)", userAgent: ServerHarness.desktop, headers: [.acceptLanguage: "en-GB,fr;q=0.8", Self.forwardedFor: "81.2.69.160"])
            #expect(english.headers[.location] == "https://shop.example.com/sales/42")
            // The German target comes first: a French speaker in Germany gets it.
            let inGermany = try await server.open(
                "/\(code)", userAgent: ServerHarness.desktop, headers: [.acceptLanguage: "fr", Self.forwardedFor: "46.4.1.1"])
            #expect(inGermany.headers[.location] == "https://shop.example.com/de/sales/42")
            // The target's deep link opens in the app: the iPhone page carries it.
            let iPhone = try await server.open("/\(code)", userAgent: ServerHarness.iPhone, headers: [.acceptLanguage: "fr-FR"])
            #expect(iPhone.text.contains("shop://sales/43"))
            #expect(!iPhone.text.contains("shop://sales/42"))
        }
    }

    @Test func everyConditionOfATargetMustHoldAndCrawlersGetTheLinksOwnPreview() async throws {
        try await ServerHarness.run(.sqlite, configuration: try Self.configuration()) { server in
            let code = try await create(server)
            let britishAndroid = try await server.open("/\(code)", userAgent: ServerHarness.android, headers: [Self.forwardedFor: "81.2.69.160"])
            #expect(try britishAndroid.intentBrowserFallback() == "https://shop.example.com/android-uk", "the target's Android page replaces the store")
            let hop = try await server.open(
                "/\(code)/install?store=google", userAgent: ServerHarness.android, headers: [Self.forwardedFor: "81.2.69.160"])
            #expect(hop.headers[.location] == "https://shop.example.com/android-uk", "the target's Android page is where its store hop goes")
            let frenchAndroid = try await server.open(
                "/\(code)/install?store=google", userAgent: ServerHarness.android, headers: [Self.forwardedFor: "193.51.8.2"])
            #expect(frenchAndroid.headers[.location]?.hasPrefix("https://play.google.com/") == true, "an Android visitor outside GB")
            let crawler = try await server.open(
                "/\(code)", userAgent: ServerHarness.crawler, headers: [.acceptLanguage: "fr", Self.forwardedFor: "46.4.1.1"])
            #expect(!crawler.text.contains("/fr/sales/43"))
            #expect(!crawler.text.contains("/de/sales/42"))
        }
    }

    @Test func theOpensAnswerTakesTheTargetOfTheAppsLanguageAndCountry() async throws {
        try await ServerHarness.run(.sqlite, configuration: try Self.configuration()) { server in
            let code = try await create(server)
            func open(_ headers: HTTPFields) async throws -> [String: JSONValue] {
                var headers = headers
                headers[.contentType] = "application/json"
                let response = try await server.client.execute(
                    uri: "/api/v1/opens", method: .post, headers: headers,
                    body: ByteBuffer(string: #"{"url": "https://shop.example.com/\#(code)", "platform": "ios"}"#))
                #expect(response.status == .ok, "\(response.text)")
                return try response.object()
            }
            #expect(try await open([.acceptLanguage: "fr-CA", Self.forwardedFor: "81.2.69.160"])["deepLink"] == "shop://sales/43")
            #expect(try await open([.acceptLanguage: "de", Self.forwardedFor: "81.2.69.160"])["deepLink"] == "shop://sales/42")
        }
    }

    @Test func everyBadRuleIsA400NamingItsPlaceAllAtOnce() async throws {
        try await ServerHarness.run(.sqlite, configuration: try Self.configuration()) { server in
            let body = #"""
                {"deepLink": "shop://cart", "targets": [
                  {"countries": ["DE", "de", "XX", 7], "webURL": "https://evil.example/"},
                  {"languages": ["english!"], "platforms": ["crawler"]},
                  {"webURL": "https://shop.example.com/"},
                  {"platforms": ["ios"], "deepLink": "shop://nowhere/at/all", "colour": "red"},
                  "DE"
                ]}
                """#
            let response = try await server.api(.post, "/api/v1/links", json: body)
            #expect(response.status == .badRequest, "\(response.text)")
            let error = try #require(try response.object()["error"]?.objectValue)
            let fields = (error["errors"]?.arrayValue ?? []).compactMap { $0.objectValue?["field"]?.stringValue }
            #expect(
                Set(fields) == [
                    "targets[0].countries[2]", "targets[0].countries[3]", "targets[0].webURL", "targets[1].languages[0]",
                    "targets[1].platforms[0]", "targets[1]", "targets[2]", "targets[3].colour", "targets[3].deepLink", "targets[4]",
                ], "\(fields)")
            #expect(response.text.contains(#"\"XX\" is not an ISO 3166-1 alpha-2 country code"#))

            // A value that would reorder the message where it is read is named, not echoed.
            let hidden = try await server.api(
                .post, "/api/v1/links", json: #"{"deepLink": "shop://cart", "targets": [{"languages": ["de\u202e"], "webURL": "https://shop.example.com/"}]}"#)
            #expect(hidden.text.contains("a value with U+202E (right-to-left override) at position 3"), "\(hidden.text)")
            #expect(!hidden.text.unicodeScalars.contains { $0.value == 0x202E })

            let many = (0...LinkTarget.maximumCount).map { _ in #"{"platforms": ["ios"], "webURL": "https://shop.example.com/"}"# }
            let tooMany = try await server.api(.post, "/api/v1/links", json: #"{"deepLink": "shop://cart", "targets": [\#(many.joined(separator: ","))]}"#)
            #expect(tooMany.status == .badRequest)
            #expect(tooMany.text.contains("at most 20"))
        }
    }

    @Test func withoutAGeoIPDatabaseACountryTargetIsRefusedNamingTheSetting() async throws {
        try await ServerHarness.run(.sqlite, configuration: try Self.configuration(geoIP: false)) { server in
            let response = try await server.api(
                .post, "/api/v1/links", json: #"{"deepLink": "shop://cart", "targets": [{"countries": ["DE"], "webURL": "https://shop.example.com/de"}]}"#)
            #expect(response.status == .badRequest)
            #expect(try response.object()["error"]?.objectValue?["field"] == "targets[0].countries")
            #expect(response.text.contains("geoip"))
            #expect(response.text.contains("--geoip-database"))
            // Language and platform targets need no database.
            let languages = try await server.api(
                .post, "/api/v1/links", json: #"{"deepLink": "shop://cart", "targets": [{"languages": ["de"], "webURL": "https://shop.example.com/de"}]}"#)
            #expect(languages.status == .created)
        }
    }

    @Test func targetsAreReturnedAsWrittenAndClearedWithNullOrAnEmptyText() async throws {
        try await ServerHarness.run(.sqlite, configuration: try Self.configuration()) { server in
            let code = try await create(server)
            let link = try await server.api(.get, "/api/v1/links/\(code)").object()
            let targets = try #require(link["targets"]?.arrayValue)
            #expect(targets.count == 3)
            #expect(targets[0] == ["countries": ["DE", "AT"], "webURL": "https://shop.example.com/de/sales/42"])
            #expect(targets[2] == ["countries": ["GB"], "platforms": ["android"], "androidURL": "https://shop.example.com/android-uk"])
            // As one text, the way the form, a CSV cell and --targets send it.
            let text = try await server.api(
                .patch, "/api/v1/links/\(code)", json: #"{"targets": "[{\"languages\": [\"DE-at\"], \"webURL\": \"https://shop.example.com/at\"}]"}"#)
            #expect(text.status == .ok, "\(text.text)")
            #expect(try text.object()["targets"] == [["languages": ["de-AT"], "webURL": "https://shop.example.com/at"]])
            let cleared = try await server.api(.patch, "/api/v1/links/\(code)", json: #"{"targets": null}"#)
            #expect(try cleared.object()["targets"] == [])
            let notJSON = try await server.api(.patch, "/api/v1/links/\(code)", json: #"{"targets": "[{oops"}"#)
            #expect(notJSON.status == .badRequest)
            #expect(notJSON.text.contains("targets is not JSON"))
        }
    }
}

/// The pages are in the visitor's language: RFC 4647's lookup of `Accept-Language` among the
/// languages with texts, else the config's `pages.language`.
struct PageLanguageTests {
    @Test func anIPhonesLandingPageIsInTheLanguageItsBrowserAsksFor() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let code = "l\(UUID().uuidString.prefix(8))"
            _ = try await server.createLink(#"{"code": "\#(code)", "deepLink": "shop://sales/42", "fallbacks": {"appStoreID": "123456789"}}"#)
            let cases: [(header: String?, lang: String, openInApp: String)] = [
                ("fr-CA,fr;q=0.9,en;q=0.5", "fr", "Ouvrir dans l’app"), ("es-419", "es", "Abrir en la app"), ("ja-JP,ja;q=0.9", "ja", "アプリで開く"),
                ("de-CH", "de", "In der App öffnen"), ("pt-BR", "pt", "Abrir no app"), ("it", "it", "Apri nell’app"),
                ("zh-CN,zh;q=0.9", "zh-Hans", "在 App 中打开"), ("zh-TW", "en", "Open in app"), ("ko-KR", "en", "Open in app"), (nil, "en", "Open in app"),
            ]
            for (header, lang, openInApp) in cases {
                var headers: HTTPFields = [:]
                if let header { headers[.acceptLanguage] = header }
                let response = try await server.open("/\(code)", userAgent: ServerHarness.iPhone, headers: headers)
                #expect(response.text.contains(#"<html lang="\#(lang)">"#), "\(header ?? "none")")
                #expect(response.text.contains(openInApp), "\(header ?? "none")")
                #expect(response.headers[.vary] == "Accept-Language")
            }
        }
    }

    @Test func problemPagesAreInTheVisitorsLanguageToo() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let missing = try await server.open("/no-such-link", userAgent: ServerHarness.iPhone, headers: [.acceptLanguage: "fr"])
            #expect(missing.status == .notFound)
            #expect(missing.text.contains(#"<html lang="fr">"#))
            #expect(missing.text.contains("Lien introuvable"))
            let unrouted = try await server.open("/a/b/c", userAgent: ServerHarness.desktop, headers: [.acceptLanguage: "ja"])
            #expect(unrouted.text.contains("リンクが見つかりません"))
        }
    }

    @Test func theConfigsLanguageIsTheDefaultAndKeepsItsOwnTag() async throws {
        try await ServerHarness.run(.sqlite, configuration: try ServerHarness.configuration(pages: #"{"language": "de-CH"}"#)) { server in
            let page = try await server.open("/no-such-link", userAgent: ServerHarness.iPhone, headers: [.acceptLanguage: "ko"])
            #expect(page.text.contains(#"<html lang="de-CH">"#))
            #expect(page.text.contains("Link nicht gefunden"))
            let french = try await server.open("/no-such-link", userAgent: ServerHarness.iPhone, headers: [.acceptLanguage: "fr"])
            #expect(french.text.contains(#"<html lang="fr">"#))
        }
    }

    @Test func theFirstOfAMonthIsAnOrdinalInFrench() {
        let first = Date(timeIntervalSince1970: 1_796_083_200)  // 2026-12-01
        #expect(PageStrings.day(first, language: "fr") == "1er décembre 2026")
        #expect(PageStrings.day(first, language: "en") == "December 1, 2026")
        #expect(PageStrings.day(first.addingTimeInterval(86_400 * 30), language: "fr") == "31 décembre 2026")
    }
}
