import Hummingbird
import Logging
import NIOCore

/// The request context of the link server: the client's address, for per-address limits
/// (never stored), and the API key that authenticated the request. `Sendable`.
public struct ServerRequestContext: RequestContext, RemoteAddressRequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// The connected client's address; `nil` in in-process tests.
    public let remoteAddress: SocketAddress?
    /// The id of the API key that authenticated the request, once the auth middleware ran.
    public var apiKeyID: String?

    /// Creates the context for a connection.
    /// - Parameter source: The connection.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
