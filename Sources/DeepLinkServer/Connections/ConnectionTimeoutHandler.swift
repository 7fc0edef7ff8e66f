import DeepLinkService
import Logging
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose client is too slow: headers that take longer than the header
/// timeout from their first byte, a body longer than the body timeout from the end of the
/// headers, or no request for the idle timeout, whether the connection is new or kept alive.
///
/// Each timeout bounds a whole phase, not the gap between two reads, so a client that drips one
/// byte every few seconds is closed as surely as one that stops. While the server itself is
/// answering, nothing is timed. The deadline is checked every ``checkInterval``, so a connection
/// closes at most that long after it. One per connection, on its event loop, after HTTP decoding; it
/// puts a ``RequestStartObserver`` in front of the decoder to see a request's first byte.
final class ConnectionTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The three limits. `Sendable`.
    struct Timeouts: Sendable {
        /// From a request's first byte to the end of its headers.
        var header: TimeAmount
        /// From the end of a request's headers to the end of its body.
        var body: TimeAmount
        /// From the connection's start, or the end of the last response, to the next request's first byte.
        var idle: TimeAmount
    }

    /// What the connection is waiting for.
    private enum Phase {
        case idle, head, body, answering

        var name: String {
            switch self {
            case .idle: "a request"
            case .head: "the request's headers"
            case .body: "the request's body"
            case .answering: "the response"
            }
        }
    }

    private let timeouts: Timeouts
    private let logger: Logger
    private var phase = Phase.idle
    private var requestsInProgress = 0
    /// When the phase under way runs out; `nil` while the server is answering.
    private var deadline: NIODeadline?
    /// The next check of the deadline, ``checkInterval`` from the last.
    private var nextCheck: Scheduled<Void>?

    /// How often the deadline is checked: a quarter of the shortest timeout, between 50 ms and
    /// one second, so a connection is closed at most that long after its deadline.
    // A clock check instead of a timer per phase: scheduling and cancelling three timers per
    // request cost a tenth of the server's time at 256 connections (perf, soak.sh).
    let checkInterval: TimeAmount

    /// Creates the handler for one connection.
    init(timeouts: Timeouts, logger: Logger) {
        self.timeouts = timeouts
        self.logger = logger
        let shortest = min(timeouts.header, timeouts.body, timeouts.idle)
        checkInterval = min(max(.nanoseconds(shortest.nanoseconds / 4), .milliseconds(50)), .seconds(1))
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let observer = RequestStartObserver { [weak self] in self?.requestBytesArrived(context: context) }
        do {
            try context.pipeline.syncOperations.addHandler(observer, position: .first)
        } catch {
            logger.error("cannot watch the connection for slow requests", metadata: ["error": "\(error)"])
        }
        arm(timeouts.idle)
        scheduleCheck(context: context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopChecking()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopChecking()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            requestsInProgress += 1
            phase = .body
            arm(timeouts.body)
        case .body:
            break
        case .end:
            phase = .answering
            deadline = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            requestsInProgress = max(0, requestsInProgress - 1)
            if requestsInProgress == 0, phase == .answering {
                phase = .idle
                arm(timeouts.idle)
            }
        }
        context.write(data, promise: promise)
    }

    /// The first byte of a request arrived on an idle connection: its headers are now timed.
    private func requestBytesArrived(context: ChannelHandlerContext) {
        guard phase == .idle else { return }
        phase = .head
        arm(timeouts.header)
    }

    private func arm(_ timeout: TimeAmount) {
        deadline = .now() + timeout
    }

    private func scheduleCheck(context: ChannelHandlerContext) {
        nextCheck = context.eventLoop.assumeIsolated().scheduleTask(in: checkInterval) { [weak self] in
            self?.closeIfLate(context: context)
        }
    }

    private func closeIfLate(context: ChannelHandlerContext) {
        guard nextCheck != nil else { return }
        guard let deadline, deadline <= .now() else { return scheduleCheck(context: context) }
        stopChecking()
        logger.debug(
            "closing a connection that waited too long for \(phase.name)",
            metadata: ["peer": "\(context.channel.remoteAddress?.description ?? "?")"])
        context.close(promise: nil)
    }

    private func stopChecking() {
        nextCheck?.cancel()
        nextCheck = nil
        deadline = nil
    }
}

/// Sees the raw bytes in front of the HTTP decoder and says when any arrive, so that the headers
/// of a request can be timed from its first byte; passes everything on unchanged.
final class RequestStartObserver: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let bytesArrived: () -> Void

    /// Creates the observer; `bytesArrived` runs on the connection's event loop.
    init(bytesArrived: @escaping () -> Void) {
        self.bytesArrived = bytesArrived
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        bytesArrived()
        context.fireChannelRead(data)
    }
}
