/// How one path or query parameter of a route is validated (`routeParameters[name]`).
public struct ParameterRule: Sendable, Hashable {
    /// The parameter's name, without the `:` of a path parameter.
    public let name: String
    /// Whether the parameter must be present in the path or the query.
    public let isRequired: Bool
    /// The type every value must have; ``ParameterType/string`` accepts any. Declared beside
    /// ``isRequired`` so both fit in the padding before ``pattern``: a config of 10,000 routes
    /// holds tens of thousands of rules.
    public let type: ParameterType
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
    ///   - type: The type every value must have.
    public init(name: String, isRequired: Bool = false, pattern: ParameterPattern? = nil, type: ParameterType = .string) {
        self.name = name
        self.isRequired = isRequired
        self.pattern = pattern
        self.type = type
    }

    /// Why a value does not fit the rule, or `nil` when it does: the type first, then the regex.
    /// - Parameters:
    ///   - value: The percent-decoded value.
    ///   - kind: `parameter` or `query parameter`, for the message.
    func mismatch(_ value: String, kind: String) -> String? {
        Self.mismatch(value, kind: kind, name: name, type: type, pattern: pattern)
    }

    /// Why a value does not fit a type and an expression, or `nil` when it does.
    static func mismatch(_ value: String, kind: String, name: String, type: ParameterType, pattern: ParameterPattern?) -> String? {
        if type != .string, !type.accepts(value) {
            return "\(kind) \(name) \(JSONWriter.quoted(value)) is not of type \(type): \(type.mismatch(of: value))"
        }
        guard let pattern, !pattern.matches(value) else { return nil }
        return "\(kind) \(name) \(JSONWriter.quoted(value)) does not match \(pattern)"
    }
}
