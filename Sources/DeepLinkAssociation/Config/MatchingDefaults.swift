/// How Apple compares patterns with URLs: `defaults` at file, app or rule level.
///
/// A `nil` setting is inherited from the level above; Apple's own default for both is `true`.
public struct MatchingDefaults: Sendable, Hashable {
    /// Whether letters must match in case.
    public var caseSensitive: Bool?
    /// Whether patterns are compared with the URL as percent-encoded (`true`) or with its
    /// percent-decoded form (`false`).
    public var percentEncoded: Bool?

    /// Creates settings.
    /// - Parameters:
    ///   - caseSensitive: Whether letters must match in case; `nil` inherits.
    ///   - percentEncoded: Whether patterns are compared with the encoded URL; `nil` inherits.
    public init(caseSensitive: Bool? = nil, percentEncoded: Bool? = nil) {
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
    }

    /// These settings with unset values taken from `outer`.
    /// - Parameter outer: The settings of the enclosing level.
    public func inheriting(from outer: MatchingDefaults) -> MatchingDefaults {
        MatchingDefaults(
            caseSensitive: caseSensitive ?? outer.caseSensitive, percentEncoded: percentEncoded ?? outer.percentEncoded)
    }

    /// Whether nothing is set.
    public var isEmpty: Bool { caseSensitive == nil && percentEncoded == nil }
}
