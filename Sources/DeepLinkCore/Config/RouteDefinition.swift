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
    public var allowedOrigins: Set<LinkOrigin>? { rarelySet?.allowedOrigins }
    /// The route shown beneath this one in a navigation stack, as a normalized pattern.
    public var parent: String? { rarelySet?.parent }
    /// The oldest app versions that know the route (`minAppVersion`); empty when any version does.
    public var minAppVersion: MinimumAppVersion { rarelySet?.minAppVersion ?? MinimumAppVersion() }
    /// Where the route's key stands in the config, when it came from one.
    public var location: SourceLocation? {
        guard hasLocation else { return rarelySet?.location }
        return SourceLocation(line: Int(line), column: Int(column))
    }

    /// What few routes set, behind one optional reference, and the location in 9 bytes instead
    /// of 24: a route takes 96 bytes of a config's array instead of 168.
    private let rarelySet: RarelySet?
    private let line: Int32
    private let column: Int32
    /// Whether ``line`` and ``column`` hold the location; a location too far for them is in ``rarelySet``.
    private let hasLocation: Bool

    private final class RarelySet: Sendable {
        let allowedOrigins: Set<LinkOrigin>?
        let parent: String?
        let location: SourceLocation?
        let minAppVersion: MinimumAppVersion

        init(allowedOrigins: Set<LinkOrigin>?, parent: String?, location: SourceLocation?, minAppVersion: MinimumAppVersion) {
            self.allowedOrigins = allowedOrigins
            self.parent = parent
            self.location = location
            self.minAppVersion = minAppVersion
        }
    }

    /// Creates a route.
    /// - Parameters:
    ///   - pattern: The route key.
    ///   - destination: What the route opens.
    ///   - parameters: The declared path and query parameters.
    ///   - requiresAuth: Whether the route needs a signed-in user; `nil` follows the config.
    ///   - allowedOrigins: The origins that may navigate here; `nil` follows the config.
    ///   - parent: The pattern of the route shown beneath this one.
    ///   - location: Where the route's key stands in the config.
    ///   - minAppVersion: The oldest app versions that know the route.
    public init(
        pattern: RoutePattern, destination: RouteDestination, parameters: [ParameterRule] = [],
        requiresAuth: Bool? = nil, allowedOrigins: Set<LinkOrigin>? = nil, parent: String? = nil,
        location: SourceLocation? = nil, minAppVersion: MinimumAppVersion = MinimumAppVersion()
    ) {
        self.pattern = pattern
        self.destination = destination
        self.parameters = parameters
        self.requiresAuth = requiresAuth
        let compact = location.flatMap { location in
            Int32(exactly: location.line).flatMap { line in Int32(exactly: location.column).map { (line, $0) } }
        }
        (line, column) = compact ?? (0, 0)
        hasLocation = compact != nil
        let farLocation = compact == nil ? location : nil
        rarelySet =
            allowedOrigins == nil && parent == nil && farLocation == nil && minAppVersion.isEmpty
            ? nil : RarelySet(allowedOrigins: allowedOrigins, parent: parent, location: farLocation, minAppVersion: minAppVersion)
    }

    /// Routes are equal when their pattern, destination, parameters, settings and location are.
    public static func == (lhs: RouteDefinition, rhs: RouteDefinition) -> Bool {
        lhs.pattern == rhs.pattern && lhs.destination == rhs.destination && lhs.parameters == rhs.parameters
            && lhs.requiresAuth == rhs.requiresAuth && lhs.allowedOrigins == rhs.allowedOrigins && lhs.parent == rhs.parent
            && lhs.location == rhs.location && lhs.minAppVersion == rhs.minAppVersion
    }

    /// Hashes the pattern, destination, parameters, settings and location.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(pattern)
        hasher.combine(destination)
        hasher.combine(parameters)
        hasher.combine(requiresAuth)
        hasher.combine(allowedOrigins)
        hasher.combine(parent)
        hasher.combine(location)
        hasher.combine(minAppVersion)
    }

    /// Where the route stands in a config: `routes["<key as written>"]`.
    package var path: JSONPath { JSONPath.root.appending(key: "routes").appending(key: pattern.description) }

    /// The rule for a parameter, if the route declares one.
    /// - Parameter name: The parameter's name.
    public func rule(for name: String) -> ParameterRule? {
        parameters.first { $0.name == name }
    }
}
