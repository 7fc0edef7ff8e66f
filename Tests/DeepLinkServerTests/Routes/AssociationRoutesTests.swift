import DeepLinkAssociation
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

struct AssociationRoutesTests {
    static let applePaths = ["/.well-known/apple-app-site-association", "/apple-app-site-association"]

    func generated(_ kind: GeneratedFile.Kind, host: String) throws -> String {
        let config = try DeepLinkConfig.load(contentsOf: Fixtures.shopConfig)
        let files = try AssociationGenerator(config: config, linkDomain: ServerPaths.linkDomain("go.shop.example.com")).files()
        return try #require(files.first { $0.kind == kind && $0.host == host }).contents
    }

    /// Runs `body` against a live server with a client that names the host it asks.
    static func withHostClient(_ body: @escaping @Sendable (_ get: @escaping @Sendable (String, String, HTTPFields) async throws -> TestClient.Response) async throws -> Void) async throws {
        try await ServerHarness.run(.sqlite, mode: .live) { server in
            let port = try #require(server.client.port)
            try await TestClient.withClient(host: "localhost", port: port) { client in
                try await body { path, host, headers in
                    try await client.execute(TestClient.Request(path, method: .get, authority: host, headers: headers))
                }
            }
        }
    }

    @Test(arguments: applePaths)
    func servesTheGeneratedAppleFileAsExactlyJSON(path: String) async throws {
        let expected = try generated(.appleAppSiteAssociation, host: "shop.example.com")
        try await Self.withHostClient { get in
            let response = try await get(path, "shop.example.com", [:])
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json")
            #expect(response.headers[.cacheControl] == "public, max-age=300")
            #expect(response.headers[.eTag]?.hasPrefix("\"") == true)
            #expect(response.body.map { String(buffer: $0) } == expected)
        }
    }

    @Test func servesTheGeneratedAssetLinks() async throws {
        let expected = try generated(.assetLinks, host: "shop.example.com")
        try await Self.withHostClient { get in
            let response = try await get("/.well-known/assetlinks.json", "shop.example.com", [:])
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json")
            #expect(response.body.map { String(buffer: $0) } == expected)
        }
    }

    @Test func answersHeadWithTheHeadersAndNoBody() async throws {
        try await ServerHarness.run(.sqlite, mode: .live) { server in
            let port = try #require(server.client.port)
            try await TestClient.withClient(host: "localhost", port: port) { client in
                let path = "/.well-known/apple-app-site-association"
                let get = try await client.execute(TestClient.Request(path, method: .get, authority: "shop.example.com"))
                let head = try await client.execute(TestClient.Request(path, method: .head, authority: "shop.example.com"))
                #expect(head.status == .ok)
                #expect(head.headers[.contentType] == "application/json")
                #expect(head.headers[.eTag] == get.headers[.eTag])
                #expect(head.headers[.contentLength] == String(get.body?.readableBytes ?? -1))
                #expect((head.body?.readableBytes ?? 0) == 0)
            }
        }
    }

    @Test func answersNotModifiedForAMatchingETag() async throws {
        try await Self.withHostClient { get in
            let first = try await get("/.well-known/assetlinks.json", "shop.example.com", [:])
            let etag = try #require(first.headers[.eTag])
            let again = try await get("/.well-known/assetlinks.json", "shop.example.com", [.ifNoneMatch: "\"other\", \(etag)"])
            #expect(again.status == .notModified)
            #expect((again.body?.readableBytes ?? 0) == 0)
            let changed = try await get("/.well-known/assetlinks.json", "shop.example.com", [.ifNoneMatch: "\"other\""])
            #expect(changed.status == .ok)
        }
    }

    @Test func servesEachRequestedHostItsOwnFileOverARealSocket() async throws {
        let main = try generated(.appleAppSiteAssociation, host: "shop.example.com")
        let www = try generated(.appleAppSiteAssociation, host: "www.shop.example.com")
        #expect(main != www)
        try await ServerHarness.run(.sqlite, mode: .live) { server in
            let port = try #require(server.client.port)
            try await TestClient.withClient(host: "localhost", port: port) { client in
                for (host, expected) in [("shop.example.com", main), ("www.shop.example.com:443", www), ("SHOP.example.com", main)] {
                    let response = try await client.execute(
                        TestClient.Request("/.well-known/apple-app-site-association", method: .get, authority: host))
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "application/json")
                    #expect(response.body.map { String(buffer: $0) } == expected, "host \(host)")
                }
            }
        }
    }

    @Test func needsNoAPIKeyEvenWhenOneIsSentWrong() async throws {
        try await Self.withHostClient { get in
            let response = try await get("/.well-known/apple-app-site-association", "shop.example.com", [.authorization: "Bearer nonsense"])
            #expect(response.status == .ok)
        }
    }
}
