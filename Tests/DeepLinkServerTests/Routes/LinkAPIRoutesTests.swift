import DeepLinkCore
import DeepLinkServiceTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

struct LinkAPIRoutesTests {
    static let sale = #"{"code": "spring-sale", "deepLink": "shop://sales/42", "fallbacks": {"appStoreID": "123456789"}}"#

    @Test func aLinkWithoutStoresGetsTheConfigsAppStoreIDAndPackage() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let defaulted = try await server.createLink(#"{"deepLink": "shop://sales/42"}"#)
            #expect(defaulted["fallbacks"]?.objectValue?["appStoreID"] == "123456789")
            #expect(defaulted["fallbacks"]?.objectValue?["playPackage"] == "com.example.shop")
            let own = try await server.createLink(#"{"deepLink": "shop://sales/42", "fallbacks": {"appStoreID": "42"}}"#)
            #expect(own["fallbacks"]?.objectValue?["appStoreID"] == "42")
            let none = try await server.createLink(#"{"deepLink": "shop://sales/42", "fallbacks": {"appStoreID": null}}"#)
            #expect(none["fallbacks"]?.objectValue?["appStoreID"] == .null)
        }
    }

    @Test(arguments: StoreBackend.available)
    func createsReadsUpdatesListsAndDeletesALink(backend: StoreBackend) async throws {
        try await ServerHarness.run(backend) { server in
            let code = "crud-\(UUID().uuidString.prefix(8))"
            let created = try await server.createLink(
                #"{"code": "\#(code)", "deepLink": "shop://sales/42", "preview": {"title": "Spring sale"}, "utm": {"source": "mail"}, "campaign": "spring"}"#)
            #expect(created["code"] == .string(code))
            #expect(created["url"] == .string("https://shop.example.com/\(code)"))
            #expect(created["fallbacks"]?.objectValue?["playPackage"] == "com.example.shop")
            #expect(created["preview"]?.objectValue?["title"] == "Spring sale")

            let read = try await server.api(.get, "/api/v1/links/\(code)")
            #expect(read.status == .ok)
            #expect(try read.object() == created)

            let updated = try await server.api(
                .patch, "/api/v1/links/\(code)", json: #"{"deepLink": "shop://products/7", "preview": {"title": null}, "note": null}"#)
            #expect(updated.status == .ok, "\(updated.text)")
            let object = try updated.object()
            #expect(object["deepLink"] == "shop://products/7")
            #expect(object["preview"]?.objectValue?["title"] == .null)
            #expect(object["note"] == .null)
            #expect(object["utm"]?.objectValue?["source"] == "mail")

            let list = try await server.api(.get, "/api/v1/links?limit=100")
            let codes = try list.object()["links"].flatMap { value -> [String]? in
                guard case .array(let links) = value else { return nil }
                return links.compactMap { $0.objectValue?["code"]?.stringValue }
            }
            #expect(codes?.contains(code) == true)

            #expect(try await server.api(.delete, "/api/v1/links/\(code)").status == .noContent)
            #expect(try await server.api(.get, "/api/v1/links/\(code)").status == .notFound)
            #expect(try await server.api(.delete, "/api/v1/links/\(code)").status == .notFound)
        }
    }

    @Test(arguments: StoreBackend.available)
    func generatesAnUnguessableCodeWhenNoneIsChosen(backend: StoreBackend) async throws {
        try await ServerHarness.run(backend) { server in
            let first = try await server.createLink(#"{"deepLink": "https://shop.example.com/sales/42"}"#)
            let second = try await server.createLink(#"{"deepLink": "https://shop.example.com/sales/42"}"#)
            let code = try #require(first["code"]?.stringValue)
            #expect(code.count == 10)
            #expect(first["code"] != second["code"])
            #expect(first["fallbacks"]?.objectValue?["webURL"] == "https://shop.example.com/sales/42")
        }
    }

    @Test(arguments: StoreBackend.available)
    func pagesThroughLinksWithACursor(backend: StoreBackend) async throws {
        try await ServerHarness.run(backend) { server in
            let prefix = "page-\(UUID().uuidString.prefix(6))"
            for index in 0..<5 {
                _ = try await server.createLink(#"{"code": "\#(prefix)-\#(index)", "deepLink": "shop://cart"}"#)
            }
            var seen: [String] = []
            var cursor = "\(prefix)"
            while true {
                let page = try await server.api(.get, "/api/v1/links?limit=2&cursor=\(cursor)").object()
                guard case .array(let links)? = page["links"] else { Issue.record("no links array"); return }
                #expect(links.count <= 2)
                seen += links.compactMap { $0.objectValue?["code"]?.stringValue }.filter { $0.hasPrefix(prefix) }
                guard case .string(let next)? = page["nextCursor"], next.hasPrefix(prefix) else { break }
                cursor = next
            }
            #expect(seen == (0..<5).map { "\(prefix)-\($0)" })
        }
    }

    @Test(arguments: StoreBackend.available)
    func refusesATakenCodeWithConflict(backend: StoreBackend) async throws {
        try await ServerHarness.run(backend) { server in
            let code = "taken-\(UUID().uuidString.prefix(8))"
            _ = try await server.createLink(#"{"code": "\#(code)", "deepLink": "shop://cart"}"#)
            let again = try await server.api(.post, "/api/v1/links", json: #"{"code": "\#(code)", "deepLink": "shop://cart"}"#)
            #expect(again.status == .conflict)
            #expect(try again.error() == ("code-taken", "code"))
        }
    }

    @Test(arguments: StoreBackend.available)
    func refusesRequestsWithoutAValidKeyBeforeTouchingAnything(backend: StoreBackend) async throws {
        try await ServerHarness.run(backend) { server in
            let code = "auth-\(UUID().uuidString.prefix(8))"
            let body = #"{"code": "\#(code)", "deepLink": "shop://cart"}"#
            let missing = try await server.client.execute(
                uri: "/api/v1/links", method: .post, headers: [.contentType: "application/json"], body: .init(string: body))
            #expect(missing.status == .unauthorized)
            #expect(missing.headers[.wwwAuthenticate] != nil)
            #expect(try missing.error().code == "unauthorized")

            let forged = APIKey.generate(name: "never stored", at: Date())
            #expect(try await server.api(.post, "/api/v1/links", json: body, token: forged.token).status == .unauthorized)

            let revoked = APIKey.generate(name: "revoked", at: Date())
            try await server.store.insert(revoked.record)
            #expect(try await server.store.revokeAPIKey(id: revoked.record.id, at: Date()))
            #expect(try await server.api(.post, "/api/v1/links", json: body, token: revoked.token).status == .unauthorized)
            #expect(try await server.api(.get, "/api/v1/links", token: revoked.token).status == .unauthorized)
            #expect(try await server.store.link(code: code) == nil)
        }
    }

    @Test(arguments: [
        (#"{"deepLink": "mail://sales/3"}"#, "unroutable-deep-link", "deepLink"),
        (#"{"deepLink": "https://evil.example/sales/3"}"#, "unroutable-deep-link", "deepLink"),
        (#"{"deepLink": "shop://sales/abc"}"#, "unroutable-deep-link", "deepLink"),
        (#"{"code": "x"}"#, "invalid-field", "deepLink"),
        (#"{"deepLink": "shop://cart?from=mail\r\nSet-Cookie: a=b"}"#, "invalid-field", "deepLink"),
        (#"{"deepLink": "shop://cart?from=a b"}"#, "invalid-field", "deepLink"),
        (#"{"deepLink": "shop://cart?from=\t"}"#, "invalid-field", "deepLink"),
        (#"{"deepLink": "shop://cart?from=\u0000"}"#, "invalid-field", "deepLink"),
        (#"{"deepLink": "shop://cart?from=\u2028"}"#, "invalid-field", "deepLink"),
        (#"{"deepLink": 42}"#, "invalid-field", "deepLink"),
        (#"{"deepLink": "shop://cart", "code": "a b"}"#, "invalid-field", "code"),
        (#"{"deepLink": "shop://cart", "code": "healthz"}"#, "invalid-field", "code"),
        (#"{"deepLink": "shop://cart", "fallbacks": {"webURL": "javascript:alert(1)"}}"#, "disallowed-url", "fallbacks.webURL"),
        (#"{"deepLink": "shop://cart", "fallbacks": {"webURL": "data:text/html,hi"}}"#, "disallowed-url", "fallbacks.webURL"),
        (#"{"deepLink": "shop://cart", "fallbacks": {"webURL": "https://shop.example.com@evil.example/"}}"#, "disallowed-url", "fallbacks.webURL"),
        (#"{"deepLink": "shop://cart", "fallbacks": {"webURL": "//evil.example/x"}}"#, "disallowed-url", "fallbacks.webURL"),
        (#"{"deepLink": "shop://cart", "fallbacks": {"webURL": "https://evil.example/x"}}"#, "disallowed-url", "fallbacks.webURL"),
        (#"{"deepLink": "shop://cart", "fallbacks": {"webURL": "http://shop.example.com/x"}}"#, "disallowed-url", "fallbacks.webURL"),
        (#"{"deepLink": "shop://cart", "fallbacks": {"webURL": "https://evil.com%252F.partner.example/"}}"#, "disallowed-url", "fallbacks.webURL"),
        (#"{"deepLink": "shop://cart", "fallbacks": {"iosURL": "https://www\u00AD.partner.example/"}}"#, "disallowed-url", "fallbacks.iosURL"),
        (#"{"deepLink": "shop://cart", "fallbacks": {"androidURL": "https://www.partner\u202E.example/"}}"#, "disallowed-url", "fallbacks.androidURL"),
        (#"{"deepLink": "shop://cart", "preview": {"imageURL": "https://cdn%2Eexample/a.png"}}"#, "disallowed-url", "preview.imageURL"),
        // A preview image is fetched by link-preview crawlers: only from hosts the server trusts.
        (#"{"deepLink": "shop://cart", "preview": {"imageURL": "https://169.254.169.254/latest/meta-data/"}}"#, "disallowed-url", "preview.imageURL"),
        (#"{"deepLink": "shop://cart", "preview": {"imageURL": "https://localhost/a.png"}}"#, "disallowed-url", "preview.imageURL"),
        (#"{"deepLink": "shop://cart", "preview": {"imageURL": "https://cdn.example/a.png"}}"#, "disallowed-url", "preview.imageURL"),
        (#"{"deepLink": "shop://cart", "fallbacks": {"webURL": "https://shop.example.com:70000/x"}}"#, "disallowed-url", "fallbacks.webURL"),
        (#"{"deepLink": "shop://cart", "fallbacks": {"webURL": "https://shop.example.com:0/x"}}"#, "disallowed-url", "fallbacks.webURL"),
        (#"{"deepLink": "https://shop.example.com:99999/sales/3"}"#, "invalid-field", "deepLink"),
        (#"{"deepLink": "shop://cart?from=\u200B"}"#, "invalid-field", "deepLink"),
        (#"{"deepLink": "shop://cart?from=\u202Eliam"}"#, "invalid-field", "deepLink"),
        (#"{"deepLink": "shop://cart", "fallbacks": {"appStoreID": "id123"}}"#, "invalid-field", "fallbacks.appStoreID"),
        (#"{"deepLink": "shop://cart", "fallbacks": {"playPackage": "not a package"}}"#, "invalid-field", "fallbacks.playPackage"),
        (#"{"deepLink": "shop://cart", "preview": {"imageURL": "http://cdn.example/a.png"}}"#, "disallowed-url", "preview.imageURL"),
        (#"{"deepLink": "shop://cart", "preview": {"colour": "red"}}"#, "invalid-field", "preview.colour"),
        (#"{"deepLink": "shop://cart", "preview": {"title": "Sale \u202Eelas"}}"#, "invalid-field", "preview.title"),
        (#"{"deepLink": "shop://cart", "preview": {"description": "50% \u2066off\u2069"}}"#, "invalid-field", "preview.description"),
        (#"{"deepLink": "shop://cart", "expiresAt": "tomorrow"}"#, "invalid-field", "expiresAt"),
        (#"{"deepLink": "shop://cart", "expiresAt": "2001-01-01T00:00:00Z"}"#, "invalid-field", "expiresAt"),
        (#"{"deepLink": "shop://cart", "extra": true}"#, "invalid-field", "extra"),
        (#"[1, 2]"#, "invalid-json", nil),
        (#"{"deepLink": "#, "invalid-json", nil),
    ] as [(String, String, String?)])
    func refusesBadInputWithAClearJSONError(body: String, code: String, field: String?) async throws {
        try await ServerHarness.run(.sqlite) { server in
            let response = try await server.api(.post, "/api/v1/links", json: body)
            #expect(response.status == .badRequest, "\(response.text)")
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(response.headers[.cacheControl] == "no-store")
            let error = try response.error()
            #expect(error.code == code)
            #expect(error.field == field)
            let message = try #require(try response.object()["error"]?.objectValue?["message"]?.stringValue)
            #expect(!message.isEmpty)
        }
    }

    /// Three mistakes take one request to learn about, not three; the first one's fields stay
    /// where older clients read them.
    @Test func reportsEveryBadFieldAtOnceBesideTheFirstOnesFields() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let body = #"{"code": "x", "deepLink": "shop://sales/1", "fallbacks": {"appStoreID": "abc", "webURL": "https://evil.example/"}, "expiresAt": "tomorrow"}"#
            let response = try await server.api(.post, "/api/v1/links", json: body)
            #expect(response.status == .badRequest, "\(response.text)")
            let error = try #require(try response.object()["error"]?.objectValue)
            let errors = try #require(error["errors"]?.arrayValue)
            // In the dashboard form's order.
            #expect(errors.compactMap { $0.objectValue?["field"]?.stringValue } == ["code", "expiresAt", "fallbacks.webURL", "fallbacks.appStoreID"])
            #expect(errors.compactMap { $0.objectValue?["code"]?.stringValue } == ["invalid-field", "invalid-field", "disallowed-url", "invalid-field"])
            #expect(errors.allSatisfy { $0.objectValue?["message"]?.stringValue?.isEmpty == false })
            #expect(error["field"] == "code" && error["code"] == "invalid-field", "the first error's fields, as before")
            #expect(try await server.store.searchLinks(LinkSearch()).total == 0)

            let one = try await server.api(.post, "/api/v1/links", json: #"{"deepLink": "shop://sales/1", "campaign": 3}"#)
            let single = try #require(try one.object()["error"]?.objectValue?["errors"]?.arrayValue)
            #expect(single.count == 1)
        }
    }

    @Test func aTopLevelCampaignIsTheLinksUTMCampaign() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let created = try await server.api(.post, "/api/v1/links", json: #"{"code": "alias", "deepLink": "shop://sales/1", "campaign": "spring", "note": "for Ana"}"#)
            #expect(created.status == .created, "\(created.text)")
            let link = try created.object()
            #expect(link["utm"]?.objectValue?["campaign"] == "spring")
            #expect(link["note"] == "for Ana")
            #expect(link["campaign"] == nil, "one campaign, under utm")
            let same = try await server.api(
                .patch, "/api/v1/links/alias", json: #"{"campaign": "autumn", "utm": {"campaign": "autumn"}}"#)
            #expect(try same.object()["utm"]?.objectValue?["campaign"] == "autumn")
            // Beside another UTM campaign, an older client's label is the note, as the migration made it.
            let both = try await server.api(.patch, "/api/v1/links/alias", json: #"{"campaign": "Q2 push", "utm": {"campaign": "b"}}"#)
            #expect(try both.object()["utm"]?.objectValue?["campaign"] == "b")
            #expect(try both.object()["note"] == "Q2 push")
            let three = try await server.api(.patch, "/api/v1/links/alias", json: #"{"campaign": "a", "utm": {"campaign": "b"}, "note": "c"}"#)
            #expect(three.status == .badRequest)
            #expect(try three.object()["error"]?.objectValue?["field"] == "campaign")
            #expect(three.text.contains("give utm.campaign and note instead"))
            let cleared = try await server.api(.patch, "/api/v1/links/alias", json: #"{"campaign": null}"#)
            #expect(try cleared.object()["utm"]?.objectValue?["campaign"] == .null)
        }
    }

    @Test func namesTheControlCharacterInADeepLinkAndWhereItIs() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let response = try await server.api(.post, "/api/v1/links", json: #"{"deepLink": "shop://cart?a=1\r\nb"}"#)
            #expect(try response.error() == ("invalid-field", "deepLink"))
            let message = try #require(try response.object()["error"]?.objectValue?["message"]?.stringValue)
            #expect(message.contains("U+000D (carriage return) at position 16"), "\(message)")
        }
    }

    @Test func saysADeepLinkOfTheWrongTypeIsOfTheWrongTypeNotMissing() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let wrong = try await server.api(.post, "/api/v1/links", json: #"{"deepLink": 5}"#)
            #expect(try wrong.error() == ("invalid-field", "deepLink"))
            #expect(wrong.text.contains("deepLink must be a string, the in-app URL the link opens, not a number"), "\(wrong.text)")
            let missing = try await server.api(.post, "/api/v1/links", json: #"{"code": "nothing"}"#)
            #expect(missing.text.contains("deepLink is required"), "\(missing.text)")
        }
    }

    @Test func refusesADeepLinkWithAFragmentSinceAndroidWouldDropIt() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let response = try await server.api(.post, "/api/v1/links", json: #"{"deepLink": "shop://sales/42#reviews"}"#)
            #expect(response.status == .badRequest)
            #expect(try response.error() == ("invalid-field", "deepLink"))
            let message = try #require(try response.object()["error"]?.objectValue?["message"]?.stringValue)
            #expect(message.contains("fragment (#reviews)") && message.contains("intent://"), "\(message)")
        }
    }

    @Test(arguments: [
        ("SHOP://sales/42", "shop://sales/42"),
        ("HTTPS://Shop.Example.COM/sales/42?Q=A", "https://shop.example.com/sales/42?Q=A"),
        ("https://user:PW@Shop.Example.com:443/sales/42", "https://user:PW@shop.example.com:443/sales/42"),
    ])
    func storesADeepLinksSchemeAndWebHostInLowercase(given: String, stored: String) async throws {
        try await ServerHarness.run(.sqlite) { server in
            let response = try await server.api(.post, "/api/v1/links", json: #"{"deepLink": "\#(given)"}"#)
            #expect(response.status == .created, "\(response.text)")
            let link = try response.object()
            #expect(link["deepLink"] == .string(stored))
            if stored.hasPrefix("https:") && !stored.contains("@") {
                #expect(link["fallbacks"]?.objectValue?["webURL"] == .string(stored), "an https deep link is its own web fallback")
            } else if stored.hasPrefix("https:") {
                #expect(link["fallbacks"]?.objectValue?["webURL"] == .null, "a URL with a user name is no redirect target")
            }
        }
    }

    /// Found by `FuzzDashboardForm`: the copy was stored as typed, while a `webURL` given
    /// explicitly is percent-encoded, so the link's edit form, submitted unchanged, changed it.
    @Test func anHttpsDeepLinksWebFallbackIsWrittenAsAnExplicitWebURLWouldBe() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let response = try await server.api(.post, "/api/v1/links", json: #"{"deepLink": "https://shop.example.com/products?q=<b>"}"#)
            #expect(response.status == .created, "\(response.text)")
            let fallbacks = try response.object()["fallbacks"]?.objectValue
            #expect(fallbacks?["webURL"] == .string("https://shop.example.com/products?q=%3Cb%3E"))
        }
    }

    @Test func keepsTheCaseOfACustomSchemesFirstPartWhichIsTheAppsPath() async throws {
        try await ServerHarness.run(.sqlite) { server in
            // The example config routes `sales`, not `Sales`: the router is told what was sent, scheme aside.
            let response = try await server.api(.post, "/api/v1/links", json: #"{"deepLink": "Shop://Sales/42"}"#)
            #expect(try response.error() == ("unroutable-deep-link", "deepLink"))
            #expect(response.text.contains("does not route shop://Sales/42"), "\(response.text)")
        }
    }

    @Test(arguments: ["shop://account/orders/AB-123456", "https://shop.example.com/account/orders/AB-123456", "shop://account"])
    func acceptsADeepLinkToARouteBehindSignInWhichTheAppHoldsUntilSignIn(deepLink: String) async throws {
        try await ServerHarness.run(.sqlite) { server in
            let response = try await server.api(.post, "/api/v1/links", json: #"{"deepLink": "\#(deepLink)"}"#)
            #expect(response.status == .created, "\(response.text)")
            #expect(try response.object()["deepLink"] == .string(deepLink))
        }
    }

    @Test func explainsWhyTheRouterRefusesADeepLink() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let response = try await server.api(.post, "/api/v1/links", json: #"{"deepLink": "mail://sales/3"}"#)
            let message = try #require(try response.object()["error"]?.objectValue?["message"]?.stringValue)
            #expect(message.contains("scheme mail is not one of the app's schemes (shop)"))
        }
    }

    @Test func allowsRedirectsToAllowlistedSubdomainsAndTheStores() async throws {
        try await ServerHarness.run(.sqlite) { server in
            _ = try await server.createLink(#"{"deepLink": "shop://cart", "fallbacks": {"webURL": "https://www.partner.example/cart"}}"#)
            _ = try await server.createLink(#"{"deepLink": "shop://cart", "fallbacks": {"webURL": "https://apps.apple.com/app/id1"}}"#)
        }
    }

    @Test(arguments: ["iosURL", "androidURL"])
    func keepsPlatformFallbacksOnAllowedHostsOnly(field: String) async throws {
        try await ServerHarness.run(.sqlite) { server in
            let created = try await server.createLink(
                #"{"deepLink": "shop://cart", "fallbacks": {"\#(field)": "https://www.partner.example/get"}}"#)
            #expect(created["fallbacks"]?.objectValue?[field] == "https://www.partner.example/get")
            let refused = try await server.api(
                .post, "/api/v1/links", json: #"{"deepLink": "shop://cart", "fallbacks": {"\#(field)": "https://evil.example/get"}}"#)
            #expect(refused.status == .badRequest)
            #expect(try refused.error() == ("disallowed-url", "fallbacks.\(field)"))
        }
    }

    @Test func refusesBodiesThatAreTooLargeOrNotJSON() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let large = #"{"deepLink": "shop://cart", "campaign": "\#(String(repeating: "x", count: 20_000))"}"#
            let tooLarge = try await server.api(.post, "/api/v1/links", json: large)
            #expect(tooLarge.status == .contentTooLarge)
            #expect(try tooLarge.error().code == "payload-too-large")

            let form = try await server.client.execute(
                uri: "/api/v1/links", method: .post,
                headers: [.authorization: "Bearer \(server.token)", .contentType: "application/x-www-form-urlencoded"],
                body: .init(string: "deepLink=shop://cart"))
            #expect(form.status == .unsupportedMediaType)
            #expect(try form.error().code == "unsupported-media-type")
        }
    }

    @Test func limitsWritesPerKeyAndSaysWhenToRetry() async throws {
        var configuration = try ServerHarness.configuration()
        configuration.writesPerMinutePerKey = 3
        try await ServerHarness.run(.sqlite, configuration: configuration) { server in
            for _ in 0..<3 {
                #expect(try await server.api(.post, "/api/v1/links", json: #"{"deepLink": "shop://cart"}"#).status == .created)
            }
            let limited = try await server.api(.post, "/api/v1/links", json: #"{"deepLink": "shop://cart"}"#)
            #expect(limited.status == .tooManyRequests)
            #expect(try limited.error().code == "rate-limited")
            #expect(limited.headers[.retryAfter].flatMap(Int.init).map { $0 >= 1 } == true)
            #expect(try await server.api(.get, "/api/v1/links").status == .ok)

            let other = APIKey.generate(name: "other", at: Date())
            try await server.store.insert(other.record)
            #expect(try await server.api(.post, "/api/v1/links", json: #"{"deepLink": "shop://cart"}"#, token: other.token).status == .created)
        }
    }

    @Test func limitsWritesPerClientAddressAcrossKeys() async throws {
        var configuration = try ServerHarness.configuration()
        configuration.writesPerMinutePerAddress = 2
        try await ServerHarness.run(.sqlite, configuration: configuration) { server in
            let other = APIKey.generate(name: "other", at: Date())
            try await server.store.insert(other.record)
            #expect(try await server.api(.post, "/api/v1/links", json: #"{"deepLink": "shop://cart"}"#).status == .created)
            #expect(try await server.api(.post, "/api/v1/links", json: #"{"deepLink": "shop://cart"}"#, token: other.token).status == .created)
            let limited = try await server.api(.post, "/api/v1/links", json: #"{"deepLink": "shop://cart"}"#, token: other.token)
            #expect(limited.status == .tooManyRequests)
        }
    }

    @Test func answersUnknownAPIRoutesWithTheJSONErrorShape() async throws {
        try await ServerHarness.run(.sqlite) { server in
            for (method, path) in [(HTTPRequest.Method.get, "/api/v1/nothing"), (.delete, "/api/v1/links/abc/nothing")] {
                let response = try await server.api(method, path)
                #expect(response.status == .notFound)
                #expect(try response.error().code == "not-found")
            }
        }
    }

    /// A path that exists answers a method it does not take with 405 and the methods it does.
    @Test(arguments: [
        (HTTPRequest.Method.put, "/api/v1/links/abc", "GET, PATCH, DELETE, OPTIONS"),
        (.trace, "/api/v1/links", "GET, POST, OPTIONS"),
        (.get, "/api/v1/deferred/claim", "POST, OPTIONS"),
        (.trace, "/healthz", "GET, HEAD, OPTIONS"),
        (.delete, "/.well-known/apple-app-site-association", "GET, HEAD, OPTIONS"),
        (.put, "/spring", "GET, HEAD, POST, OPTIONS"),
        (.patch, "/spring/qr.svg", "GET, HEAD, OPTIONS"),
    ])
    func answersAMethodThePathDoesNotTakeWith405AndAllow(method: HTTPRequest.Method, path: String, allow: String) async throws {
        try await ServerHarness.run(.sqlite) { server in
            let response = try await server.client.execute(uri: path, method: method)
            #expect(response.status == .methodNotAllowed)
            #expect(response.headers[.allow] == allow)
            #expect(try response.error().code == "method-not-allowed")
            let options = try await server.client.execute(uri: path, method: .options)
            #expect(options.status == .noContent)
            #expect(options.headers[.allow] == allow)
        }
    }

    @Test(arguments: ["/healthz", "/metrics", "/openapi.yaml", "/assets/pages.css", "/api/v1/no-such-route"])
    func answersHEADWhereverItAnswersGET(path: String) async throws {
        try await ServerHarness.run(.sqlite) { server in
            let get = try await server.client.execute(uri: path, method: .get)
            let head = try await server.client.execute(uri: path, method: .head)
            #expect(head.status == get.status)
            #expect(head.headers[.contentType] == get.headers[.contentType])
            if path != "/metrics" {  // whose numbers change between the two requests
                #expect(head.headers[.contentLength] == get.headers[.contentLength], "HEAD sends the headers GET would send")
            }
            #expect(head.body.readableBytes == 0)
        }
    }

    @Test func refusesAnOutOfRangePageSize() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let response = try await server.api(.get, "/api/v1/links?limit=1000")
            #expect(response.status == .badRequest)
            #expect(try response.error() == ("invalid-field", "limit"))
        }
    }

    @Test func refusesChangingTheCode() async throws {
        try await ServerHarness.run(.sqlite) { server in
            _ = try await server.createLink(Self.sale)
            let response = try await server.api(.patch, "/api/v1/links/spring-sale", json: #"{"code": "other"}"#)
            #expect(response.status == .badRequest)
            #expect(try response.error() == ("invalid-field", "code"))
        }
    }
}
