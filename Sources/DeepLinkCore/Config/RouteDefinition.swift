/// One entry of the config's `routes`: a pattern, what it opens, and how its parameters are validated.
public struct RouteDefinition: Sendable, Hashable {
    /// The route key.
    public let pattern: RoutePattern
    /// What the route opens.
    public let destination: RouteDestination
    /// The declared path and query parameters, in config order.
    public let parameters: [ParameterRule]
    /// Whether the route needs a signed-in user; `nil` follows the config's top-level setting.
    public let requiresAuth: Bool?
    /// The origins that may navigate to this route; `nil` follows the config's top-level setting.
    public let allowedOrigins: Set<LinkOrigin>?
    /// The route shown beneath this one in a navigation stack, as a normalized pattern.
    public let parent: String?
    /// Where the route's key stands in the config, when it came from one.
    public let location: SourceLocation?

    /// Creates a route.
    /// - Parameters:
    ///   - pattern: The route key.
    ///   - destination: What the route opens.
    ///   - parameters: The declared path and query parameters.
    ///   - requiresAuth: Whether the route needs a signed-in user; `nil` follows the config.
    ///   - allowedOrigins: The origins that may navigate here; `nil` follows the config.
    ///   - parent: The pattern of the route shown beneath this one.
    ///   - location: Where the route's key stands in the config.
    public init(
        pattern: RoutePattern, destination: RouteDestination, parameters: [ParameterRule] = [],
        requiresAuth: Bool? = nil, allowedOrigins: Set<LinkOrigin>? = nil, parent: String? = nil,
        location: SourceLocation? = nil
    ) {
        self.pattern = pattern
        self.destination = destination
        self.parameters = parameters
        self.requiresAuth = requiresAuth
        self.allowedOrigins = allowedOrigins
        self.parent = parent
        self.location = location
    }

    /// Where the route stands in a config: `routes["<key as written>"]`.
    package var path: JSONPath { JSONPath.root.appending(key: "routes").appending(key: pattern.description) }

    /// The rule for a parameter, if the route declares one.
    /// - Parameter name: The parameter's name.
    public func rule(for name: String) -> ParameterRule? {
        parameters.first { $0.name == name }
    }
}
