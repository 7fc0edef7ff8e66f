/// One entry of the config's `routes`: a pattern, what it opens, and how its parameters are validated.
public struct RouteDefinition: Sendable, Hashable {
    /// The route key.
    public let pattern: RoutePattern
    /// What the route opens.
    public let destination: RouteDestination
    /// The declared path and query parameters, in config order.
    public let parameters: [ParameterRule]
    /// Where the route's key stands in the config, when it came from one.
    public let location: SourceLocation?

    /// Creates a route.
    /// - Parameters:
    ///   - pattern: The route key.
    ///   - destination: What the route opens.
    ///   - parameters: The declared path and query parameters.
    ///   - location: Where the route's key stands in the config.
    public init(
        pattern: RoutePattern, destination: RouteDestination, parameters: [ParameterRule] = [],
        location: SourceLocation? = nil
    ) {
        self.pattern = pattern
        self.destination = destination
        self.parameters = parameters
        self.location = location
    }

    /// The rule for a parameter, if the route declares one.
    /// - Parameter name: The parameter's name.
    public func rule(for name: String) -> ParameterRule? {
        parameters.first { $0.name == name }
    }
}
