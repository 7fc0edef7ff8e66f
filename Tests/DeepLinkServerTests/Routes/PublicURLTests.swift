import DeepLinkCore
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// With the development setting `publicURL`, a phone on the same network gets every URL on that
/// origin: the link's `url`, its page's links, the store hop, the QR code, the association files
/// and the app's open request.
struct PublicURLTests {
    static let origin = "http://192.168.1.20:8080"

    static func configuration() throws -> ServerConfiguration {
        var configuration = try ServerHarness.configuration()
        configuration.publicURL = try ShortLinkOrigin.development(origin)
        return configuration
    }

    @Test func everyGeneratedURLUsesTheDevelopmentOrigin() async throws {
        let configuration = try Self.configuration()
        let linkHost = try #require(configuration.linkHost)
        try await ServerHarness.run(.sqlite, mode: .live, configuration: configuration) { server in
            let link = try await server.createLink(#"{"code": "lan", "deepLink": "shop://sales/42", "fallbacks": {"appStoreID": "123456789"}}"#)
            #expect(link["url"] == .string("\(Self.origin)/lan"))

            let page = try await server.open("/lan", userAgent: ServerHarness.iPhone).text
            #expect(page.contains(#"<meta property="og:url" content="\#(Self.origin)/lan">"#), "\(page)")
            #expect(!page.contains("https://\(linkHost)/lan"))

            let android = try await server.open("/lan", userAgent: ServerHarness.android)
            #expect(try android.intentBrowserFallback().hasPrefix("\(Self.origin)/lan/install?store=google"))

            let qr = try await server.client.execute(uri: "/lan/qr.svg", method: .get)
            #expect(qr.status == .ok)
            #expect(String(buffer: qr.body).contains("\(Self.origin)/lan"), "the QR code's label names the URL it encodes")

            // The phone asks for the association files with the origin's Host: the link host's files.
            try await TestClient.withClient(host: "localhost", port: try #require(server.client.port)) { client in
                let aasa = try await client.execute(
                    TestClient.Request("/.well-known/apple-app-site-association", method: .get, authority: "192.168.1.20:8080"))
                let linkDomain = try await client.execute(
                    TestClient.Request("/.well-known/apple-app-site-association", method: .get, authority: linkHost))
                #expect(aasa.status == .ok)
                #expect(aasa.body.map { String(buffer: $0) } == linkDomain.body.map { String(buffer: $0) })
            }

            // The app opened with the LAN URL asks what it is: a short link of this server.
            let opened = try await server.client.execute(
                uri: "/api/v1/opens", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"url": "\#(Self.origin)/lan", "platform": "ios"}"#))
            #expect(opened.status == .ok, "\(String(buffer: opened.body))")
            let otherPort = try await server.client.execute(
                uri: "/api/v1/opens", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"url": "http://192.168.1.20:9999/lan", "platform": "ios"}"#))
            #expect(otherPort.status == .notFound, "another server on the same machine is not this one")
        }
    }

    @Test func theStartUpLogSaysItIsADevelopmentSettingAndWhyLinksOpenThePage() throws {
        var configuration = try Self.configuration()
        configuration.host = "127.0.0.1"
        let hints = firstRunHints(configuration: configuration, port: "8080", hasWayIn: true)
        let warnings = hints.filter { $0.level == .warning }.map(\.message)
        #expect(warnings.count == 2, "\(hints)")
        #expect(warnings.first?.hasPrefix("development setting: links, QR codes and pages use \(Self.origin)") == true)
        #expect(warnings.first?.contains("phones verify universal links and App Links over https only") == true)
        #expect(warnings.last == "listening on 127.0.0.1 only: a phone cannot reach \(Self.origin); listen on the network too, with --host 0.0.0.0")
        configuration.host = "0.0.0.0"
        #expect(firstRunHints(configuration: configuration, port: "8080", hasWayIn: true).filter { $0.level == .warning }.count == 1)
        configuration.publicURL = nil
        #expect(firstRunHints(configuration: configuration, port: "8080", hasWayIn: true).allSatisfy { $0.level != .warning })
        #expect(firstRunHints(configuration: configuration, port: "8080", hasWayIn: false).last?.message.contains("deeplink users create NAME") == true)
    }
}
