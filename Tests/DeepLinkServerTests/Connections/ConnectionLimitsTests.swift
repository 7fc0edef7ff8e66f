import DeepLinkServer
import DeepLinkService
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Slow and greedy clients over real sockets: each timeout closes the connection that overstays
/// it, while the server keeps answering everyone else, and one address cannot hold more
/// connections than its cap.
///
/// What is asserted is why the server closed each connection, from its log (the guard names the
/// wait that ran out), not when: a loaded machine delays a close by seconds. That each timeout
/// closes no earlier than it should is `ConnectionGuardHandlerTests`', on a clock the test moves.
@Suite(.serialized)
struct ConnectionLimitsTests {
    /// Three different timeouts, so that each close has a reason of its own.
    static func configuration(
        connectionsPerAddress: Int = 0, headerTimeout: Duration = .milliseconds(600), idleTimeout: Duration = .milliseconds(1400)
    ) throws -> ServerConfiguration {
        var configuration = try ServerHarness.configuration()
        configuration.headerTimeout = headerTimeout
        configuration.bodyTimeout = .milliseconds(1000)
        configuration.idleTimeout = idleTimeout
        configuration.connectionsPerAddress = connectionsPerAddress
        return configuration
    }

    static let closing = "closing a connection that waited too long for "

    /// The wait the server logged as the reason it closed `connection`: "a request", "the
    /// request's headers" or "the request's body"; `nil` when it closed it for no timeout.
    static func reason(_ connection: RawConnection, in logs: LogRecorder) -> String? {
        logs.all.first { $0.message.hasPrefix(closing) && $0.metadata["peer"]?.hasSuffix(":\(connection.localPort)") == true }
            .map { String($0.message.dropFirst(closing.count)) }
    }

    /// Runs `body` against a live server whose log is kept.
    static func run(
        _ configuration: ServerConfiguration, _ body: @escaping @Sendable (ServerHarness, LogRecorder, Int) async throws -> Void
    ) async throws {
        let logs = LogRecorder()
        try await ServerHarness.run(.sqlite, mode: .live, configuration: configuration, logs: logs) { server in
            try await body(server, logs, try #require(server.client.port))
        }
    }

    @Test func headersThatStopHalfwayAreClosedForTheirHeaderTimeout() async throws {
        try await Self.run(Self.configuration()) { _, logs, port in
            let slow = try RawConnection(port: port)
            slow.send("GET /healthz HTTP/1.1\r\nHost: shop.example.com\r\nUser-Agent: slow")
            let result = await slow.waitForClose()
            #expect(result.closedAfter != nil, "half-sent headers: still open after a minute")
            #expect(Self.reason(slow, in: logs) == "the request's headers")
            #expect(result.received.isEmpty, "nothing is answered to a request that never finished: \(result.received)")
        }
    }

    @Test func headersDrippedAByteAtATimeAreClosedForTheirHeaderTimeout() async throws {
        try await Self.run(Self.configuration()) { _, logs, port in
            let slow = try RawConnection(port: port)
            // A byte every 100 ms for 20 s would keep a timeout between reads from ever firing.
            let request = "GET /healthz HTTP/1.1\r\nHost: shop.example.com\r\nX-Slow: " + String(repeating: "a", count: 200) + "\r\n\r\n"
            let result = await slow.waitForClose(drip: request)
            #expect(result.closedAfter != nil, "dripped headers: still open after a minute")
            #expect(Self.reason(slow, in: logs) == "the request's headers")
            #expect(result.received.isEmpty, "\(result.received)")
        }
    }

    @Test func aBodyThatNeverArrivesIsClosedForTheBodyTimeout() async throws {
        try await Self.run(Self.configuration()) { server, logs, port in
            let slow = try RawConnection(port: port)
            slow.send(
                "POST /api/v1/links HTTP/1.1\r\nHost: shop.example.com\r\nAuthorization: Bearer \(server.token)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")
            let result = await slow.waitForClose()
            #expect(result.closedAfter != nil, "a body that stopped: still open after a minute")
            #expect(Self.reason(slow, in: logs) == "the request's body")
        }
    }

    @Test func aKeptAliveConnectionIsAnsweredAndThenClosedForTheIdleTimeout() async throws {
        try await Self.run(Self.configuration()) { _, logs, port in
            let idle = try RawConnection(port: port)
            idle.send("GET /healthz HTTP/1.1\r\nHost: shop.example.com\r\n\r\n")
            let result = await idle.waitForClose()
            #expect(result.received.hasPrefix("HTTP/1.1 200"), "\(result.received)")
            #expect(Self.reason(idle, in: logs) == "a request")

            let silent = try RawConnection(port: port)
            #expect(await silent.waitForClose().closedAfter != nil, "a connection that never spoke: still open after a minute")
            #expect(Self.reason(silent, in: logs) == "a request")
        }
    }

    /// A request answered before its body arrived (a 401 here) leaves the connection idle once the
    /// body is in, so the idle timeout, not the body's, closes it.
    @Test func aRequestAnsweredBeforeItsBodyEndedIsClosedForTheIdleTimeout() async throws {
        try await Self.run(Self.configuration()) { _, logs, port in
            let early = try RawConnection(port: port)
            early.send("POST /api/v1/links HTTP/1.1\r\nHost: shop.example.com\r\nContent-Type: application/json\r\nContent-Length: 4\r\n\r\n")
            let answer = await early.waitForData(containing: "\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 401"), "\(answer)")
            // The body arrives after the 401 was sent.
            early.send("{}  ")
            #expect(await early.waitForClose().closedAfter != nil, "still open after a minute")
            #expect(Self.reason(early, in: logs) == "a request")
        }
    }

    /// With slow connections held open (their header timeout is ten minutes), others are
    /// answered: none of the slow ones had to be closed first. The test client's own kept-alive
    /// connection is not closed as idle between its requests, however slowly a loaded machine
    /// sends them (a 1.4 s idle timeout reset it once).
    @Test func slowClientsDoNotStopTheServerAnsweringOthers() async throws {
        try await Self.run(Self.configuration(headerTimeout: .seconds(600), idleTimeout: .seconds(600))) { server, logs, port in
            let slow = try (0..<200).map { _ in try RawConnection(port: port) }
            for connection in slow { connection.send("POST /api/v1/links HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000000\r\n") }
            for _ in 0..<20 {
                let response = try await server.client.execute(uri: "/assets/pages.css", method: .get)
                #expect(response.status == .ok)
            }
            #expect(slow.allSatisfy { Self.reason($0, in: logs) == nil }, "every slow connection is still open")
        }
    }

    @Test func manySlowConnectionsAreEachClosedForTheirHeaderTimeout() async throws {
        try await Self.run(Self.configuration()) { _, logs, port in
            let slow = try (0..<200).map { _ in try RawConnection(port: port) }
            for connection in slow { connection.send("POST /api/v1/links HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000000\r\n") }
            let closed = await withTaskGroup(of: Bool.self) { group in
                for connection in slow { group.addTask { await connection.waitForClose().closedAfter != nil } }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(closed == slow.count, "every slow connection is closed")
            #expect(slow.allSatisfy { Self.reason($0, in: logs) == "the request's headers" })
        }
    }

    @Test func anAddressCannotHoldMoreConnectionsThanItsCap() async throws {
        // No idle connection is closed while the test runs, however slowly a loaded machine runs it.
        try await Self.run(Self.configuration(connectionsPerAddress: 3, idleTimeout: .seconds(600))) { server, _, port in
            // The test client's own connection counts too, once it has made a request.
            #expect(try await server.client.execute(uri: "/healthz", method: .get).status == .ok)
            // Three more arrive at once. Which of them is fourth depends on how the two event
            // loops take them, so the test asks each for an answer: the one past the cap is
            // closed without one, while the others answer (and close, as they ask).
            let arriving = try (0..<3).map { _ in try RawConnection(port: port) }
            for connection in arriving { connection.send("GET /healthz HTTP/1.1\r\nHost: shop.example.com\r\nConnection: close\r\n\r\n") }
            let results = await withTaskGroup(of: (closedAfter: Duration?, received: String).self) { group in
                for connection in arriving { group.addTask { await connection.waitForClose() } }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.filter { $0.received.isEmpty && $0.closedAfter != nil }.count == 1, "one connection is closed unanswered: \(results)")
            #expect(results.filter { $0.received.hasPrefix("HTTP/1.1 200") }.count == 2, "the others are answered: \(results)")

            // The places they held, freed once they are closed at both ends (the server may
            // finish a moment after the client has seen its close), are places for the next connections.
            for connection in arriving { connection.close() }
            try await eventually("a new connection is admitted") {
                let admitted = try RawConnection(port: port)
                admitted.send("GET /healthz HTTP/1.1\r\nHost: shop.example.com\r\nConnection: close\r\n\r\n")
                return await admitted.waitForClose().received.hasPrefix("HTTP/1.1 200")
            }
        }
    }
}
