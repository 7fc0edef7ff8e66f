/// How one path or query parameter of a route is validated (`routeParameters[name]`).
public struct ParameterRule: Sendable, Hashable {
    /// The parameter's name, without the `:` of a path parameter.
    public let name: String
    /// Whether the parameter must be present in the path or the query.
    public let isRequired: Bool
    /// The expression every value must match in full, if any.
    public let pattern: ParameterPattern?

    /// Query names that belong to protocols rather than to routes (`al_applink_data`, App Links'):
    /// never passed to a route, even one that declares them.
    static let reservedNames: Set<String> = ["al_applink_data"]

    /// Creates a rule.
    /// - Parameters:
    ///   - name: The parameter's name.
    ///   - isRequired: Whether the parameter must be present in the path or the query.
    ///   - pattern: The expression every value must match in full.
    public init(name: String, isRequired: Bool = false, pattern: ParameterPattern? = nil) {
        self.name = name
        self.isRequired = isRequired
        self.pattern = pattern
    }
}
