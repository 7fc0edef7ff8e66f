import DeepLinkService
import Hummingbird
import Logging
import NIOCore

/// The request context of the link server: the client's address, for per-address limits
/// (never stored), the API key that authenticated the request, and the dashboard session. `Sendable`.
package struct ServerRequestContext: RequestContext, RemoteAddressRequestContext {
    /// Hummingbird's per-request storage.
    package var coreContext: CoreRequestContextStorage
    /// The connected client's address; `nil` in in-process tests.
    package let remoteAddress: SocketAddress?
    /// The id of the API key that authenticated the request, once the auth middleware ran.
    package var apiKeyID: String?
    /// The dashboard session of a signed-in request to `/dashboard`, once its middleware ran.
    package var dashboardSession: DashboardSession?
    /// The posted form of a signed-in dashboard request, read once by its middleware (a request's
    /// body can be iterated only once); empty for requests that post nothing.
    package var dashboardForm: [String: String] = [:]

    /// Creates the context for a connection.
    /// - Parameter source: The connection.
    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
