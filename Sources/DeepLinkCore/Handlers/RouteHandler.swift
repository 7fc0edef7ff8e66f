import Foundation

/// What a handler sees and may change while a route's handler chain runs.
public struct HandlerContext: Sendable {
    /// The URL being routed.
    public let url: URL
    /// The matched route; `nil` for the default route.
    public let route: RoutePattern?
    /// The parameters; changes reach later handlers and the destination.
    public var parameters: [String: String]

    /// Creates a context.
    /// - Parameters:
    ///   - url: The URL being routed.
    ///   - route: The matched route.
    ///   - parameters: The parameters.
    public init(url: URL, route: RoutePattern?, parameters: [String: String]) {
        self.url = url
        self.route = route
        self.parameters = parameters
    }
}

/// What a handler wants to happen next.
public enum HandlerDecision: Sendable, Hashable {
    /// Run the next handler, then go to the destination.
    case `continue`
    /// Run no more handlers and do not navigate: this handler took care of the link.
    case stop
}

/// A named step run before (or instead of) showing a route's screen: analytics, adding to a
/// cart, asking to sign in. A handler that throws fails the route, which then falls back.
public typealias RouteHandler = @Sendable (inout HandlerContext) async throws -> HandlerDecision
