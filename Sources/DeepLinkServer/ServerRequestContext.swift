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
    /// The scopes of that key as ``APIKeyScope/mask(_:)`` writes them; none before the auth
    /// middleware ran, which allows nothing.
    package var apiKeyScopes: UInt8 = 0
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

extension ServerRequestContext {
    /// Throws the `403` when the request's key does not hold `scope`.
    /// - Parameters:
    ///   - scope: The scope the request needs.
    ///   - what: What the request does, for the message: `create links`.
    func require(_ scope: APIKeyScope, to what: String) throws(LinkServerError) {
        guard scope.isGranted(byMask: apiKeyScopes) else {
            logger.notice("refused a request outside its key's scopes", metadata: ["scope": "\(scope.rawValue)"])
            throw LinkServerError.insufficientScope(scope, held: APIKeyScope.scopes(inMask: apiKeyScopes), to: what)
        }
    }
}

/// A route's handler that first checks the request's key holds `scope`
/// (``ServerRequestContext/require(_:to:)``).
/// - Parameters:
///   - scope: The scope the route needs.
///   - what: What the route does, for the message: `create links`.
///   - handler: The route's handler.
func requiring(
    _ scope: APIKeyScope, to what: String, _ handler: @escaping @Sendable (Request, ServerRequestContext) async throws -> Response
) -> @Sendable (Request, ServerRequestContext) async throws -> Response {
    { request, context in
        try context.require(scope, to: what)
        return try await handler(request, context)
    }
}
