/// How one path or query parameter of a route is validated (`routeParameters[name]`).
public struct ParameterRule: Sendable, Hashable {
    /// The parameter's name, without the `:` of a path parameter.
    public let name: String
    /// Whether the parameter must be present in the path or the query.
    public let isRequired: Bool
    /// The expression every value must match in full, if any.
    public let pattern: ParameterPattern?

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
