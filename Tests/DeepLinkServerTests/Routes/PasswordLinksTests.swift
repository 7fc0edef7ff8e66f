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

/// Password links as visitors, apps and attackers meet them: the page asks for the password and
/// shows nothing of the destination, the right password unlocks the link for that browser, wrong
/// ones are limited per address, and the app is sent to the browser.
struct PasswordLinksTests {
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let secret = "press kit 2027"

    static func configuration() throws -> ServerConfiguration {
        var configuration = try ServerHarness.configuration()
        configuration.clientAddressHeader = "X-Forwarded-For"
        return configuration
    }

    func create(_ server: ServerHarness) async throws -> String {
        let code = "p\(UUID().uuidString.prefix(8))"
        let link = try await server.createLink(
            #"""
            {"code": "\#(code)", "deepLink": "shop://sales/42", "password": "\#(Self.secret)",
             "fallbacks": {"webURL": "https://shop.example.com/secret-sale", "appStoreID": "123456789", "playPackage": "com.example.shop"},
             "preview": {"title": "Secret sale", "imageURL": "https://shop.example.com/secret.png"}}
            """#)
        #expect(link["passwordProtected"] == true)
        #expect(link["password"] == nil, "the password is write-only")
        return code
    }

    func unlock(_ server: ServerHarness, _ code: String, password: String, query: String = "", from address: String = "81.2.69.160", language: String = "en")
        async throws -> TestResponse
    {
        let body = "password=" + (password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        return try await server.client.execute(
            uri: "/\(code)\(query)", method: .post,
            headers: [
                .contentType: "application/x-www-form-urlencoded", Self.forwardedFor: address, .userAgent: ServerHarness.desktop,
                .acceptLanguage: language,
            ],
            body: ByteBuffer(string: body))
    }

    @Test(arguments: StoreBackend.available)
    func aPasswordLinkHidesItsDestinationUntilThePasswordIsGiven(backend: StoreBackend) async throws {
        try await ServerHarness.run(backend, configuration: try Self.configuration()) { server in
            let code = try await create(server)
            for userAgent in [ServerHarness.desktop, ServerHarness.iPhone, ServerHarness.android, ServerHarness.crawler] {
                let page = try await server.open("/\(code)?utm_source=mail", userAgent: userAgent, headers: [.acceptLanguage: "de-DE"])
                #expect(page.status == .ok)
                #expect(page.headers[.location] == nil)
                #expect(page.text.contains(#"<html lang="de">"#))
                #expect(page.text.contains("Dieser Link ist geschützt"))
                #expect(page.text.contains(#"type="password""#))
                for hidden in ["secret-sale", "shop://sales/42", "Secret sale", "secret.png", "123456789", "com.example.shop", "al:ios"] {
                    #expect(!page.text.contains(hidden), "\(userAgent) sees \(hidden)")
                }
                #expect(page.headers[.contentSecurityPolicy]?.contains("form-action 'self'") == true)
            }
            // The store hop and the debug page are behind the password too.
            let hop = try await server.open("/\(code)/install?store=google", userAgent: ServerHarness.android)
            #expect(hop.headers[.location] == nil)
            #expect(!hop.text.contains("com.example.shop"))
            let debug = try await server.open("/\(code)?d=1", userAgent: ServerHarness.desktop)
            #expect(!debug.text.contains("secret-sale"))

            let wrong = try await unlock(server, code, password: "press kit 2026", language: "fr")
            #expect(wrong.status == .forbidden)
            #expect(wrong.text.contains("Ce mot de passe n’est pas le bon"))
            #expect(wrong.headers[.setCookie] == nil)

            let right = try await unlock(server, code, password: Self.secret, query: "?utm_source=mail")
            #expect(right.status == .ok, "\(right.text)")
            let cookie = try #require(right.headers[.setCookie])
            #expect(cookie.hasPrefix("dl_unlock="))
            #expect(cookie.contains("Path=/\(code);"))
            #expect(cookie.contains("HttpOnly"))
            #expect(right.text.contains(#"http-equiv="refresh" content="0;url=/\#(code)?utm_source=mail""#))
            let pair = String(cookie.prefix { $0 != ";" })

            let opened = try await server.open("/\(code)?utm_source=mail", userAgent: ServerHarness.desktop, headers: [.cookie: pair])
            #expect(opened.headers[.location] == "https://shop.example.com/secret-sale?utm_source=mail")
            let iPhone = try await server.open("/\(code)", userAgent: ServerHarness.iPhone, headers: [.cookie: pair])
            #expect(iPhone.text.contains("shop://sales/42"))
            let unlockedHop = try await server.open("/\(code)/install?store=google", userAgent: ServerHarness.android, headers: [.cookie: pair])
            #expect(unlockedHop.headers[.location]?.hasPrefix("https://play.google.com/") == true)

            // A forged token, or another link's, opens nothing.
            let forged = try await server.open("/\(code)", userAgent: ServerHarness.desktop, headers: [.cookie: "dl_unlock=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"])
            #expect(forged.headers[.location] == nil)
            // A new password locks every browser out again.
            _ = try await server.api(.patch, "/api/v1/links/\(code)", json: #"{"password": "a new one"}"#)
            let afterChange = try await server.open("/\(code)", userAgent: ServerHarness.desktop, headers: [.cookie: pair])
            #expect(afterChange.headers[.location] == nil)
            // The page views before unlocking are no clicks.
            let stats = try await server.api(.get, "/api/v1/links/\(code)/stats").object()
            #expect(stats["totalClicks"] == 2, "the desktop redirect and the iPhone page")
        }
    }

    @Test func wrongPasswordsAreLimitedPerAddressAndTheRightOneIsNotCounted() async throws {
        try await ServerHarness.run(.sqlite, configuration: try Self.configuration()) { server in
            let code = try await create(server)
            for _ in 0..<LinkPassword.failedAttemptsPerMinute {
                #expect(try await unlock(server, code, password: "guess", from: "81.2.69.10").status == .forbidden)
            }
            let limited = try await unlock(server, code, password: Self.secret, from: "81.2.69.10", language: "ja")
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] != nil)
            #expect(limited.text.contains("試行回数が多すぎます"))
            #expect(limited.headers[.setCookie] == nil, "past the limit even the right password waits")
            // Another address is not held up; right passwords do not use up the limit.
            for _ in 0..<(LinkPassword.failedAttemptsPerMinute + 2) {
                #expect(try await unlock(server, code, password: Self.secret, from: "81.2.69.11").status == .ok)
            }
        }
    }

    @Test func theOpensAPISendsTheAppToTheBrowserPage() async throws {
        try await ServerHarness.run(.sqlite, configuration: try Self.configuration()) { server in
            let code = try await create(server)
            let response = try await server.client.execute(
                uri: "/api/v1/opens", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"url": "https://shop.example.com/\#(code)", "platform": "ios"}"#))
            #expect(response.status == .forbidden)
            #expect(try response.error().code == "password-required")
            #expect(try response.object()["openInBrowser"]?.stringValue?.hasSuffix("/\(code)") == true)
            #expect(!response.text.contains("shop://sales/42"))
        }
    }

    @Test func badPasswordsAre400sAndNullOrFalseRemovesIt() async throws {
        try await ServerHarness.run(.sqlite, configuration: try Self.configuration()) { server in
            for (body, field) in [
                (#"{"deepLink": "shop://cart", "password": "abc"}"#, "password"),
                (#"{"deepLink": "shop://cart", "password": "    "}"#, "password"),
                (#"{"deepLink": "shop://cart", "password": "tab\there"}"#, "password"),
                (#"{"deepLink": "shop://cart", "password": 1234}"#, "password"),
                (#"{"deepLink": "shop://cart", "password": "\#(String(repeating: "x", count: 73))"}"#, "password"),
                (#"{"deepLink": "shop://cart", "passwordProtected": true}"#, "passwordProtected"),
            ] {
                let response = try await server.api(.post, "/api/v1/links", json: body)
                #expect(response.status == .badRequest, "\(body)")
                #expect(try response.error().field == field, "\(body): \(response.text)")
                #expect(!response.text.contains("tab\\there"), "the password is never echoed")
            }
            let code = try await create(server)
            // A link's answer sent back unchanged keeps the password.
            let echoed = try await server.api(.patch, "/api/v1/links/\(code)", json: #"{"passwordProtected": true, "note": "kept"}"#)
            #expect(try echoed.object()["passwordProtected"] == true)
            let removed = try await server.api(.patch, "/api/v1/links/\(code)", json: #"{"password": null}"#)
            #expect(try removed.object()["passwordProtected"] == false)
            let open = try await server.open("/\(code)", userAgent: ServerHarness.desktop)
            #expect(open.headers[.location] == "https://shop.example.com/secret-sale")
            _ = try await server.api(.patch, "/api/v1/links/\(code)", json: #"{"password": "again!"}"#)
            let off = try await server.api(.patch, "/api/v1/links/\(code)", json: #"{"passwordProtected": false}"#)
            #expect(try off.object()["passwordProtected"] == false)
            // The export never carries the hash.
            let export = try await server.api(.get, "/api/v1/links/\(code)")
            #expect(!export.text.contains("$2b$"))
        }
    }
}
