import DeepLinkCore
import DeepLinkQRCode
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

struct QRCodeRoutesTests {
    func create(_ server: ServerHarness) async throws -> String {
        let code = "q\(UUID().uuidString.prefix(8))"
        _ = try await server.createLink(#"{"code": "\#(code)", "deepLink": "shop://cart"}"#)
        return code
    }

    @Test(.enabled(if: ZBar.isAvailable || ZBar.isRequired, "zbarimg is not installed (apt-get install zbar-tools)"))
    func thePNGReadsBackAsTheShortLinksPublicURL() async throws {
        var configuration = try ServerHarness.configuration()
        configuration.publicHost = "go.shop.example.com"
        try await ServerHarness.run(.sqlite, configuration: configuration) { server in
            let code = try await create(server)
            let response = try await server.open("/\(code)/qr.png?size=4", userAgent: ServerHarness.desktop)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/png")
            #expect(try await ZBar.decode(png: Array(buffer: response.body)) == "https://go.shop.example.com/\(code)")
        }
    }

    @Test func aCachedImageDoesNotOutliveItsLink() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let lasting = try await create(server)
            let image = try await server.open("/\(lasting)/qr.svg", userAgent: ServerHarness.desktop)
            #expect(image.headers[.cacheControl] == "public, max-age=3600")
            let expiry = ISO8601DateFormatter().string(from: Date().addingTimeInterval(600))
            _ = try await server.createLink(#"{"code": "soon", "deepLink": "shop://cart", "expiresAt": "\#(expiry)"}"#)
            let soon = try await server.open("/soon/qr.png", userAgent: ServerHarness.desktop)
            let maxAge = try #require(soon.headers[.cacheControl]?.split(separator: "=").last.flatMap { Int($0) })
            #expect((590...600).contains(maxAge), "\(soon.headers[.cacheControl] ?? "")")
        }
    }

    @Test func sizeAndMarginSetTheImagesSide() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let code = try await create(server)
            let modules = try QRCode(encoding: "https://shop.example.com/\(code)").size
            let png = try await server.open("/\(code)/qr.png?size=3&margin=2", userAgent: ServerHarness.desktop)
            let header = Array(buffer: png.body)[16..<24]
            let side = header.prefix(4).reduce(0) { $0 << 8 | Int($1) }
            #expect(side == (modules + 4) * 3)
            let svg = try await server.open("/\(code)/qr.svg", userAgent: ServerHarness.desktop)
            #expect(svg.headers[.contentType] == "image/svg+xml")
            #expect(svg.text.contains(#"width="\#((modules + 8) * 8)""#))
            #expect(svg.text.contains("<title>QR code for https://shop.example.com/\(code)</title>"))
            #expect(svg.headers[.contentSecurityPolicy] == "default-src 'none'")
        }
    }

    @Test(arguments: [
        ("size=abc", #"size must be a whole number of pixels per module, 1 to 40; "abc" is not"#),
        ("size=1.5", #"size must be a whole number of pixels per module, 1 to 40; "1.5" is not"#),
        ("size=%2B8", #"size must be a whole number of pixels per module, 1 to 40; "+8" is not"#),
        ("size=", #"size must be a whole number of pixels per module, 1 to 40; "" is not"#),
        ("size=0", "size must be a whole number of pixels per module, 1 to 40; 0 is not"),
        ("size=41", "size must be a whole number of pixels per module, 1 to 40; 41 is not"),
        ("margin=-1", #"margin must be a whole number of modules of blank border (scanners expect at least 4), 0 to 40; "-1" is not"#),
        ("margin=41", "0 to 40; 41 is not"), ("margin=", #"margin must be a whole number"#),
        ("size=40&margin=40", "larger than 4000"),
    ])
    func refusesBadOptionsWithAPlainMessage(query: String, message: String) async throws {
        try await ServerHarness.run(.sqlite) { server in
            let code = try await create(server)
            for format in ["svg", "png"] {
                let response = try await server.open("/\(code)/qr.\(format)?\(query)", userAgent: ServerHarness.desktop)
                #expect(response.status == .badRequest)
                #expect(response.headers[.contentType] == "text/plain; charset=utf-8")
                #expect(response.text.contains(message), "\(response.text)")
            }
        }
    }

    @Test func unknownAndExpiredLinksHaveNoCode() async throws {
        try await ServerHarness.run(.sqlite) { server in
            #expect(try await server.open("/no-such-link/qr.png", userAgent: ServerHarness.desktop).status == .notFound)
            let code = try await create(server)
            var expired = try #require(try await server.store.link(code: code))
            expired.expiresAt = Date(timeIntervalSinceNow: -60).roundedToSeconds
            #expect(try await server.store.update(expired))
            #expect(try await server.open("/\(code)/qr.svg", userAgent: ServerHarness.desktop).status == .gone)
        }
    }

    @Test func servingACodeCountsNoClick() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let code = try await create(server)
            _ = try await server.open("/\(code)/qr.png", userAgent: ServerHarness.iPhone)
            _ = try await server.open("/\(code)/qr.svg", userAgent: ServerHarness.iPhone)
            #expect(try await server.api(.get, "/api/v1/links/\(code)/stats").object()["totalClicks"] == 0)
        }
    }
}
