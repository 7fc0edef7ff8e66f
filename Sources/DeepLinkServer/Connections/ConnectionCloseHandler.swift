import DeepLinkService
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Closes the connection once a response that says `Connection: close` is written.
///
/// Hummingbird honours a request's `Connection: close`, but after a response refused a body
/// without reading it (an early `413`, broken chunked framing) it would go on waiting for the rest
/// of that body as if it were the next request, and the client, told the connection is closing,
/// would wait for the close. One per connection, after HTTP decoding.
final class ConnectionCloseHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var closesAfterResponse = false

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            closesAfterResponse = head.headerFields[.connection]?.lowercased() == "close"
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            guard closesAfterResponse else {
                context.write(data, promise: promise)
                return
            }
            context.writeAndFlush(data, promise: promise)
            context.close(promise: nil)
        }
    }
}
