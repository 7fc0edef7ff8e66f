import DeepLinkAssociation
import DeepLinkCore
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
        return try #require(try AssociationGenerator(config: config).files().first { $0.kind == kind && $0.host == host }).contents
    }

    @Test(arguments: applePaths)
    func servesTheGeneratedAppleFileAsExactlyJSON(path: String) async throws {
        let expected = try generated(.appleAppSiteAssociation, host: "shop.example.com")
        try await ServerHarness.run(.sqlite) { server in
            let response = try await server.client.execute(uri: path, method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json")
            #expect(response.headers[.cacheControl] == "public, max-age=300")
            #expect(response.headers[.eTag]?.hasPrefix("\"") == true)
            #expect(response.text == expected)
        }
    }

    @Test func servesTheGeneratedAssetLinks() async throws {
        let expected = try generated(.assetLinks, host: "shop.example.com")
        try await ServerHarness.run(.sqlite) { server in
            let response = try await server.client.execute(uri: "/.well-known/assetlinks.json", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json")
            #expect(response.text == expected)
        }
    }

    @Test func answersHeadWithTheHeadersAndNoBody() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let get = try await server.client.execute(uri: "/.well-known/apple-app-site-association", method: .get)
            let head = try await server.client.execute(uri: "/.well-known/apple-app-site-association", method: .head)
            #expect(head.status == .ok)
            #expect(head.headers[.contentType] == "application/json")
            #expect(head.headers[.eTag] == get.headers[.eTag])
            #expect(head.headers[.contentLength] == String(get.body.readableBytes))
            #expect(head.body.readableBytes == 0)
        }
    }

    @Test func answersNotModifiedForAMatchingETag() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let first = try await server.client.execute(uri: "/.well-known/assetlinks.json", method: .get)
            let etag = try #require(first.headers[.eTag])
            let again = try await server.client.execute(
                uri: "/.well-known/assetlinks.json", method: .get, headers: [.ifNoneMatch: "\"other\", \(etag)"])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
            let changed = try await server.client.execute(
                uri: "/.well-known/assetlinks.json", method: .get, headers: [.ifNoneMatch: "\"other\""])
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
                for (host, expected) in [("shop.example.com", main), ("www.shop.example.com:443", www), ("127.0.0.1", main)] {
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
        try await ServerHarness.run(.sqlite) { server in
            let response = try await server.client.execute(
                uri: "/.well-known/apple-app-site-association", method: .get, headers: [.authorization: "Bearer nonsense"])
            #expect(response.status == .ok)
        }
    }
}
