import DeepLinkCore
import DeepLinkServiceTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

struct SecurityHeadersTests {
    @Test func pagesCannotBeFramedAndKeepTheirOwnPolicy() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let code = "frame-\(UUID().uuidString.prefix(8))"
            _ = try await server.createLink(#"{"code": "\#(code)", "deepLink": "shop://sales/42"}"#)
            for (path, status) in [("/\(code)", HTTPResponse.Status.ok), ("/no-such-link", .notFound)] {
                let page = try await server.open(path, userAgent: ServerHarness.iPhone)
                #expect(page.status == status)
                let policy = try #require(page.headers[.contentSecurityPolicy])
                #expect(policy.hasPrefix(Response.pageContentSecurityPolicy), "\(policy)")
                #expect(policy.hasSuffix("; frame-ancestors 'none'"), "\(policy)")
                #expect(page.headers[.frameOptions] == "DENY")
                #expect(page.headers[.contentTypeOptions] == "nosniff")
                #expect(page.headers[.strictTransportSecurity] == nil)
            }
        }
    }

    @Test func jsonAnswersAndErrorsAreNotSniffed() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let refused = try await server.api(.post, "/api/v1/links", json: #"{"deepLink": 42}"#)
            let missing = try await server.api(.get, "/api/v1/links/no-such-link")
            let health = try await server.client.execute(uri: "/healthz", method: .get)
            let association = try await server.client.execute(uri: "/.well-known/assetlinks.json", method: .get)
            for response in [refused, missing, health, association] {
                #expect(response.headers[.contentTypeOptions] == "nosniff")
                #expect(response.headers[.frameOptions] == nil)
            }
            #expect(refused.status == .badRequest)
            #expect(missing.status == .notFound)
        }
    }

    @Test func sendsStrictTransportSecurityOnEveryResponseOnlyWhenAsked() async throws {
        var configuration = try ServerHarness.configuration()
        configuration.strictTransportSecurity = true
        try await ServerHarness.run(.sqlite, configuration: configuration) { server in
            let page = try await server.open("/no-such-link", userAgent: ServerHarness.iPhone)
            let refused = try await server.api(.post, "/api/v1/links", json: #"{"deepLink": 42}"#)
            let association = try await server.client.execute(uri: "/.well-known/apple-app-site-association", method: .get)
            for response in [page, refused, association] {
                #expect(response.headers[.strictTransportSecurity] == "max-age=31536000; includeSubDomains")
            }
        }
    }
}
