import DeepLinkService
import HTTPTypes
import Logging
import NIOCore
import NIOHTTPTypes

/// Keeps one connection within the server's limits, as one handler after HTTP decoding:
///
/// - **The per-address cap**: the connection is admitted through the server's ``ConnectionCap``
///   when it opens, closed at once if its address holds too many, and its place is released when
///   it closes.
/// - **Slow clients**: it is closed when its headers take longer than the header timeout from
///   their first byte, its body longer than the body timeout from the end of the headers, or no
///   request comes for the idle timeout, whether the connection is new or kept alive. Each timeout
///   bounds a whole phase, not the gap between two reads, so a client that drips one byte every
///   few seconds is closed as surely as one that stops. While the server itself is answering,
///   nothing is timed. The deadline is checked every ``checkInterval``, so a connection closes at
///   most that long after it.
/// - **`Connection: close`**: it is closed once a response that says so is written. Hummingbird
///   honours a request's `Connection: close`, but after a response refused a body without reading
///   it (an early `413`, broken chunked framing) it would go on waiting for the rest of that body
///   as if it were the next request, and the client, told the connection is closing, would wait
///   for the close.
///
/// One handler rather than one per job: every handler in the pipeline is a step that each read
/// and each write of every request passes through, and four of them cost the cached landing page
/// about a tenth of its throughput. The first bytes of a request are seen as a read that ends
/// before the decoder has a request head (`channelReadComplete` with no request under way), so
/// nothing needs to sit in front of the decoder.
final class ConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
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

    private let cap: ConnectionCap?
    private let timeouts: Timeouts
    private let logger: Logger
    /// The address whose place in the cap this connection holds.
    private var admittedAddress: String?
    private var phase = Phase.idle
    private var requestsInProgress = 0
    /// Whether the response being written said `Connection: close`.
    private var closesAfterResponse = false
    /// Whether the reads since the last `channelReadComplete` ended a request: the bytes then
    /// finished a request rather than began one.
    private var endedRequestInThisRead = false
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
    /// - Parameters:
    ///   - cap: The server's per-address cap; `nil` for none.
    ///   - timeouts: The slow-client limits.
    ///   - logger: Where closed connections are logged, at debug level.
    init(cap: ConnectionCap?, timeouts: Timeouts, logger: Logger) {
        self.cap = cap
        self.timeouts = timeouts
        self.logger = logger
        let shortest = min(timeouts.header, timeouts.body, timeouts.idle)
        checkInterval = min(max(.nanoseconds(shortest.nanoseconds / 4), .milliseconds(50)), .seconds(1))
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if let cap, let address = context.channel.remoteAddress?.ipAddress {
            guard cap.admit(address) else {
                context.close(promise: nil)
                return
            }
            admittedAddress = address
        }
        arm(timeouts.idle, context: context)
        scheduleCheck(context: context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
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
            endedRequestInThisRead = true
            if requestsInProgress == 0 {
                // Answered before its body ended (a 401, 403, 413 or 429 sent early): the
                // connection waits for the next request, timed as any idle connection is.
                phase = .idle
                arm(timeouts.idle, context: context)
            } else {
                phase = .answering
                deadline = nil
            }
        }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // Bytes arrived on an idle connection and the decoder has no request head yet: the
        // headers have begun, and are now timed.
        if phase == .idle, !endedRequestInThisRead {
            phase = .head
            arm(timeouts.header, context: context)
        }
        endedRequestInThisRead = false
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            closesAfterResponse = head.headerFields.contains(.connection) && head.headerFields[.connection].map(Self.saysClose) == true
        case .body:
            break
        case .end:
            requestsInProgress = max(0, requestsInProgress - 1)
            if requestsInProgress == 0, phase == .answering {
                phase = .idle
                arm(timeouts.idle, context: context)
            }
            if closesAfterResponse {
                context.writeAndFlush(data, promise: promise)
                context.close(promise: nil)
                return
            }
        }
        context.write(data, promise: promise)
    }

    /// Whether a `Connection` value is `close`, in any letter case.
    private static func saysClose(_ value: String) -> Bool {
        value.utf8.count == 5 && value.utf8.elementsEqual("close".utf8) { $0 | 0x20 == $1 }
    }

    /// Times the phase that begins, on the event loop's clock (which a test's embedded loop moves).
    private func arm(_ timeout: TimeAmount, context: ChannelHandlerContext) {
        deadline = context.eventLoop.now + timeout
    }

    private func scheduleCheck(context: ChannelHandlerContext) {
        nextCheck = context.eventLoop.assumeIsolated().scheduleTask(in: checkInterval) { [weak self] in
            self?.closeIfLate(context: context)
        }
    }

    private func closeIfLate(context: ChannelHandlerContext) {
        guard nextCheck != nil else { return }
        guard let deadline, deadline <= context.eventLoop.now else { return scheduleCheck(context: context) }
        nextCheck = nil
        self.deadline = nil
        logger.debug(
            "closing a connection that waited too long for \(phase.name)",
            metadata: ["peer": "\(context.channel.remoteAddress?.description ?? "?")"])
        context.close(promise: nil)
    }

    /// The connection closed or the handler left it: stops timing and frees its place in the cap.
    private func stop() {
        nextCheck?.cancel()
        nextCheck = nil
        deadline = nil
        if let address = admittedAddress {
            cap?.release(address)
            admittedAddress = nil
        }
    }
}
