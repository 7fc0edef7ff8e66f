import DeepLinkServer
import DeepLinkServiceTesting
import Foundation
import HummingbirdTesting
import Testing

/// A request must name exactly one `Host` (RFC 9112, section 3.2): the association files, the
/// dashboard's same-origin checks and the links' own URLs read it, and two could be read one way
/// by a proxy in front and another by the server.
@Suite(.serialized)
struct HostHeaderTests {
    static func answer(_ server: ServerHarness, to request: String) async throws -> String {
        let connection = try RawConnection(port: try #require(server.client.port))
        connection.send(request)
        return await connection.waitForClose().received
    }

    @Test(arguments: [
        ("GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n", "the request has no Host header; send one"),
        ("GET /healthz HTTP/1.0\r\n\r\n", "the request has no Host header; send one"),
        ("GET /healthz HTTP/1.1\r\nHost: shop.example.com\r\nHost: evil.example\r\nConnection: close\r\n\r\n", "the request has more than one Host header"),
        ("GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: a.example\r\nhost: b.example\r\nConnection: close\r\n\r\n",
         "the request has more than one Host header"),
    ])
    func aRequestWithoutExactlyOneHostIsRefusedWith400(request: String, message: String) async throws {
        try await ServerHarness.run(.sqlite, mode: .live) { server in
            let received = try await Self.answer(server, to: request)
            #expect(received.hasPrefix("HTTP/1.1 400") || received.hasPrefix("HTTP/1.0 400"), "\(received)")
            #expect(received.contains(message), "\(received)")
        }
    }

    @Test func aRequestWithOneHostIsAnswered() async throws {
        try await ServerHarness.run(.sqlite, mode: .live) { server in
            let received = try await Self.answer(server, to: "GET /healthz HTTP/1.0\r\nHost: shop.example.com\r\n\r\n")
            #expect(received.contains(" 200 "), "\(received)")
        }
    }
}
