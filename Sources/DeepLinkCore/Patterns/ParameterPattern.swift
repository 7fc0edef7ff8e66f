/// A `routeParameters[name].regex`: a regular expression that must match a whole parameter value.
///
/// `[0-9]` accepts `2` and rejects `11`, `a5` and `my-sale-id`: the expression is anchored at both
/// ends, as if written `^(?:[0-9])$`. The syntax is Swift `Regex`'s, which reads the ICU and
/// PCRE forms that `NSRegularExpression` and `java.util.regex` configs use.
public struct ParameterPattern: Sendable, Hashable, CustomStringConvertible {
    /// The expression as written in the config.
    public let source: String
    /// Where the expression stands in its config, when it came from one.
    public let location: SourceLocation?
    private let regex: CompiledRegex
    /// The same expression for the bit-parallel matcher, when it has the simple shape.
    let simple: SimpleRegex?

    /// Compiles an expression.
    /// - Parameters:
    ///   - source: The expression, e.g. `[0-9]+`.
    ///   - path: Where the expression stands in a config, for errors.
    ///   - location: The expression's line and column, for errors.
    /// - Throws: ``ConfigError`` with code `invalid-regex` and the compiler's reason.
    public init(_ source: String, path: JSONPath = .root, location: SourceLocation? = nil) throws(ConfigError) {
        do {
            regex = CompiledRegex(regex: try Regex(source))
        } catch {
            throw ConfigError(
                code: .invalidRegex, message: "invalid regular expression \(JSONWriter.quoted(source)): \(error)",
                path: path, location: location)
        }
        self.source = source
        self.location = location
        simple = SimpleRegex(source)
    }

    /// Whether the expression matches the whole value.
    /// - Parameter value: A percent-decoded parameter value.
    public func matches(_ value: String) -> Bool {
        if let simple, let decided = simple.wholeMatch(value) { return decided }
        // A regex that fails at match time (e.g. exceeds its backtracking limit) rejects the value.
        return (try? regex.regex.wholeMatch(in: value)) != nil
    }

    /// The expression as written.
    public var description: String { source }

    /// Patterns are equal when written the same way.
    public static func == (lhs: ParameterPattern, rhs: ParameterPattern) -> Bool { lhs.source == rhs.source }

    /// Hashes the source text.
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }
}

/// A compiled expression shared between threads.
///
/// `Regex` is `Sendable` only when its output type is, and `AnyRegexOutput` is not; the compiled
/// program itself is immutable and safe to match from many threads at once. Match outputs never
/// leave ``ParameterPattern/matches(_:)``, so no non-`Sendable` value crosses a thread.
private struct CompiledRegex: @unchecked Sendable {
    let regex: Regex<AnyRegexOutput>
}
