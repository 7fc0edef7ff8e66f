import HTTPTypes
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

@testable import DeepLinkServer

/// The connection guard on an embedded event loop, whose clock only the test moves: each phase
/// of a connection is closed once its own timeout has passed, at most one check interval later,
/// and never before, whatever else the machine is doing. (`ConnectionLimitsTests` drives the
/// same handler over real sockets, where only the reason for each close is asserted.)
struct ConnectionGuardHandlerTests {
    static let timeouts = ConnectionGuardHandler.Timeouts(header: .milliseconds(600), body: .milliseconds(1000), idle: .milliseconds(1400))

    /// A connected channel from `address` with the guard in its pipeline, on a loop at time zero.
    static func connection(cap: ConnectionCap? = nil, from address: String = "10.0.0.1") throws -> (EmbeddedChannel, ConnectionGuardHandler) {
        let channel = EmbeddedChannel()
        try channel.connect(to: try SocketAddress(ipAddress: address, port: 40_000)).wait()
        let handler = ConnectionGuardHandler(cap: cap, timeouts: timeouts, logger: Logger(label: "test.guard"))
        try channel.pipeline.syncOperations.addHandler(handler)
        return (channel, handler)
    }

    static let head = HTTPRequestPart.head(HTTPRequest(method: .post, scheme: nil, authority: "shop.example.com", path: "/api/v1/links"))

    /// Moves the loop to `milliseconds` after it started.
    static func move(_ channel: EmbeddedChannel, to milliseconds: Int64, from start: NIODeadline) {
        channel.embeddedEventLoop.advanceTime(to: start + .milliseconds(milliseconds))
    }

    /// Expects the channel open just before `timeout` has passed since `begin` and closed within
    /// one check interval after it.
    static func expectClosed(
        _ channel: EmbeddedChannel, _ handler: ConnectionGuardHandler, after timeout: TimeAmount, from begin: NIODeadline,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        channel.embeddedEventLoop.advanceTime(to: begin + timeout - .milliseconds(1))
        #expect(channel.isActive, "closed before its timeout", sourceLocation: sourceLocation)
        channel.embeddedEventLoop.advanceTime(to: begin + timeout + handler.checkInterval)
        #expect(!channel.isActive, "still open a check interval after its timeout", sourceLocation: sourceLocation)
    }

    @Test func aConnectionThatNeverSpeaksIsClosedAfterTheIdleTimeout() throws {
        let (channel, handler) = try Self.connection()
        Self.expectClosed(channel, handler, after: Self.timeouts.idle, from: channel.embeddedEventLoop.now)
    }

    @Test func headersThatBeganAreClosedAfterTheHeaderTimeoutFromTheirFirstByte() throws {
        let (channel, handler) = try Self.connection()
        let start = channel.embeddedEventLoop.now
        Self.move(channel, to: 500, from: start)
        // Bytes arrived, and the decoder has no request head yet.
        channel.pipeline.fireChannelReadComplete()
        Self.expectClosed(channel, handler, after: Self.timeouts.header, from: start + .milliseconds(500))
    }

    @Test func aBodyIsClosedAfterTheBodyTimeoutFromTheEndOfTheHeaders() throws {
        let (channel, handler) = try Self.connection()
        let start = channel.embeddedEventLoop.now
        channel.pipeline.fireChannelReadComplete()
        Self.move(channel, to: 300, from: start)
        try channel.writeInbound(Self.head)
        // The header timeout (600 ms from the first byte) no longer applies once the head is in.
        Self.expectClosed(channel, handler, after: Self.timeouts.body, from: start + .milliseconds(300))
    }

    @Test func nothingIsTimedWhileTheServerAnswersAndTheIdleTimeoutStartsAfterTheResponse() throws {
        let (channel, handler) = try Self.connection()
        let start = channel.embeddedEventLoop.now
        try channel.writeInbound(Self.head)
        try channel.writeInbound(HTTPRequestPart.end(nil))
        Self.move(channel, to: 60_000, from: start)
        #expect(channel.isActive, "a slow answer is the server's, not the client's")
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        Self.expectClosed(channel, handler, after: Self.timeouts.idle, from: start + .milliseconds(60_000))
    }

    @Test func aRequestAnsweredBeforeItsBodyEndedIsTimedAsIdleOnceTheBodyIsIn() throws {
        let (channel, handler) = try Self.connection()
        let start = channel.embeddedEventLoop.now
        try channel.writeInbound(Self.head)
        // A 401 sent before the body was read.
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .unauthorized)))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        Self.move(channel, to: 900, from: start)
        try channel.writeInbound(HTTPRequestPart.end(nil))
        Self.expectClosed(channel, handler, after: Self.timeouts.idle, from: start + .milliseconds(900))
    }

    @Test func aResponseThatSaysConnectionCloseClosesTheConnectionOnceWritten() throws {
        let (channel, _) = try Self.connection()
        try channel.writeInbound(Self.head)
        try channel.writeInbound(HTTPRequestPart.end(nil))
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .badRequest, headerFields: [.connection: "Close"])))
        #expect(channel.isActive)
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        #expect(!channel.isActive)
    }

    @Test func anAddressPastItsCapIsClosedAtOnceAndAClosedConnectionFreesItsPlace() throws {
        let cap = ConnectionCap(limit: 1)
        let (first, _) = try Self.connection(cap: cap)
        let (second, _) = try Self.connection(cap: cap)
        let (elsewhere, _) = try Self.connection(cap: cap, from: "10.0.0.2")
        #expect(first.isActive)
        #expect(!second.isActive, "the second connection from 10.0.0.1 is over the cap of 1")
        #expect(elsewhere.isActive, "another address has a cap of its own")
        try first.close().wait()
        let (third, _) = try Self.connection(cap: cap)
        #expect(third.isActive)
    }
}
