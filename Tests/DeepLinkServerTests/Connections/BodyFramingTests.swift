import DeepLinkServer
import DeepLinkService
import DeepLinkServiceTesting
import Foundation
import HummingbirdTesting
import Testing

/// Bodies the server cannot read are refused for what they are, and a response that leaves a body
/// unread closes the connection rather than waiting for the rest of it.
@Suite(.serialized)
struct BodyFramingTests {
    static func post(_ server: ServerHarness, framing: String, body: String) -> String {
        "POST /api/v1/links HTTP/1.1\r\nHost: shop.example.com\r\nAuthorization: Bearer \(server.token)\r\n"
            + "Content-Type: application/json\r\n\(framing)\r\n\r\n\(body)"
    }

    @Test(arguments: [
        ("Transfer-Encoding: chunked", "zz\r\n{}\r\n0\r\n\r\n", "the body cannot be read: its framing is broken"),
        ("Transfer-Encoding: gzip", "{}", "Transfer-Encoding: gzip is not a framing the server reads"),
        ("Transfer-Encoding: gzip, chunked", "2\r\n{}\r\n0\r\n\r\n", "Transfer-Encoding: gzip, chunked is not a framing the server reads"),
    ])
    func aBodyWithBrokenFramingIsA400ThatClosesTheConnection(framing: String, body: String, message: String) async throws {
        let logs = LogRecorder()
        try await ServerHarness.run(.sqlite, mode: .live, logs: logs) { server in
            let connection = try RawConnection(port: try #require(server.client.port))
            connection.send(Self.post(server, framing: framing, body: body))
            let result = await connection.waitForClose()
            #expect(result.received.hasPrefix("HTTP/1.1 400"), "\(result.received)")
            #expect(result.received.contains(#""code":"invalid-body""#), "\(result.received)")
            #expect(result.received.contains(message), "\(result.received)")
            #expect(result.received.lowercased().contains("connection: close"))
            #expect(result.closedAfter != nil, "still open after a minute")
            // Closed by the answer, not by a timeout waiting for the next request.
            #expect(ConnectionLimitsTests.reason(connection, in: logs) == nil)
        }
    }

    @Test func anEarly413ClosesTheConnectionInsteadOfWaitingForTheRestOfTheBody() async throws {
        let logs = LogRecorder()
        try await ServerHarness.run(.sqlite, mode: .live, logs: logs) { server in
            let connection = try RawConnection(port: try #require(server.client.port))
            connection.send(Self.post(server, framing: "Content-Length: 100000", body: String(repeating: "a", count: 100)))
            let result = await connection.waitForClose()
            #expect(result.received.hasPrefix("HTTP/1.1 413"), "\(result.received)")
            #expect(result.received.lowercased().contains("connection: close"))
            // Before, the server answered and then waited for the 99,900 bytes still to come,
            // until the body timeout closed the connection.
            #expect(result.closedAfter != nil, "still open after a minute")
            #expect(ConnectionLimitsTests.reason(connection, in: logs) == nil)
        }
    }

    @Test func aWellFramedChunkedBodyIsRead() async throws {
        try await ServerHarness.run(.sqlite, mode: .live) { server in
            let connection = try RawConnection(port: try #require(server.client.port))
            let json = #"{"deepLink": "shop://sales/42"}"#
            connection.send(
                Self.post(server, framing: "Transfer-Encoding: chunked\r\nConnection: close", body: String(json.utf8.count, radix: 16) + "\r\n\(json)\r\n0\r\n\r\n"))
            let result = await connection.waitForClose()
            #expect(result.received.hasPrefix("HTTP/1.1 201"), "\(result.received)")
        }
    }
}
