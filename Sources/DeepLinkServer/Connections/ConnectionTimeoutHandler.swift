import Logging
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose client is too slow: headers that take longer than the header
/// timeout from their first byte, a body longer than the body timeout from the end of the
/// headers, or no request for the idle timeout, whether the connection is new or kept alive.
///
/// Each timeout bounds a whole phase, not the gap between two reads, so a client that drips one
/// byte every few seconds is closed as surely as one that stops. While the server itself is
/// answering, nothing is timed. One per connection, on its event loop, after HTTP decoding; it
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
    private var deadline: Scheduled<Void>?

    /// Creates the handler for one connection.
    init(timeouts: Timeouts, logger: Logger) {
        self.timeouts = timeouts
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let observer = RequestStartObserver { [weak self] in self?.requestBytesArrived(context: context) }
        do {
            try context.pipeline.syncOperations.addHandler(observer, position: .first)
        } catch {
            logger.error("cannot watch the connection for slow requests", metadata: ["error": "\(error)"])
        }
        arm(timeouts.idle, context: context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            requestsInProgress += 1
            phase = .body
            arm(timeouts.body, context: context)
        case .body:
            break
        case .end:
            phase = .answering
            disarm()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            requestsInProgress = max(0, requestsInProgress - 1)
            if requestsInProgress == 0, phase == .answering {
                phase = .idle
                arm(timeouts.idle, context: context)
            }
        }
        context.write(data, promise: promise)
    }

    /// The first byte of a request arrived on an idle connection: its headers are now timed.
    private func requestBytesArrived(context: ChannelHandlerContext) {
        guard phase == .idle else { return }
        phase = .head
        arm(timeouts.header, context: context)
    }

    private func arm(_ timeout: TimeAmount, context: ChannelHandlerContext) {
        disarm()
        let phase = self.phase
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [weak self] in
            guard let self, self.phase == phase else { return }
            self.deadline = nil
            self.logger.debug(
                "closing a connection that waited too long for \(phase.name)",
                metadata: ["peer": "\(context.channel.remoteAddress?.description ?? "?")"])
            context.close(promise: nil)
        }
    }

    private func disarm() {
        deadline?.cancel()
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
