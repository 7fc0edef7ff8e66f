import DeepLinkCore
import DeepLinkServiceTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// The JSON bodies every endpoint reads, through ``Request/jsonBody(upTo:)``.
struct RequestJSONTests {
    @Test(arguments: [
        (#"{"deepLink": "shop://cart", "deepLink": "shop://sales/42"}"#, "deepLink", #""deepLink" appears twice (at line 1, column 2 and line 1, column 29)"#),
        (#"{"deepLink": "shop://cart", "fallbacks": {"webURL": "https://shop.example.com/", "webURL": "https://evil.example/"}}"#,
         "fallbacks.webURL", #""webURL" appears twice"#),
        (#"{"deepLink": "shop://cart", "utm": {"source": "a", "source": "b"}, "campaign": "x", "campaign": "y"}"#, "utm.source", #""source""#),
    ])
    func refusesARepeatedKeyInALinkNamingItsPath(body: String, path: String, message: String) async throws {
        try await ServerHarness.run(.sqlite) { server in
            let response = try await server.api(.post, "/api/v1/links", json: body)
            #expect(response.status == .badRequest)
            #expect(try response.error() == ("invalid-json", path))
            let text = try #require(try response.object()["error"]?.objectValue?["message"]?.stringValue)
            #expect(text.contains(message), "\(text)")
        }
    }

    @Test func refusesARepeatedKeyInAnUpdateAndAClaim() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let code = "dup-\(UUID().uuidString.prefix(8))"
            _ = try await server.createLink(#"{"code": "\#(code)", "deepLink": "shop://cart"}"#)
            let update = try await server.api(
                .patch, "/api/v1/links/\(code)", json: #"{"preview": {"title": "A", "title": "B"}}"#)
            #expect(update.status == .badRequest)
            #expect(try update.error() == ("invalid-json", "preview.title"))
            let claim = try await server.claim(#"{"token": "a", "token": "b"}"#)
            #expect(claim.status == .badRequest)
            #expect(try claim.error() == ("invalid-json", "token"))
        }
    }

    @Test func everyEndpointSkipsAByteOrderMark() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let created = try await server.api(.post, "/api/v1/links", json: "\u{FEFF}" + #"{"deepLink": "shop://cart"}"#)
            #expect(created.status == .created, "\(created.text)")
            let claim = try await server.claim("\u{FEFF}{}")
            #expect(claim.status == .ok, "\(claim.text)")
            #expect(try claim.object() == ["match": "none"])
        }
    }
}
