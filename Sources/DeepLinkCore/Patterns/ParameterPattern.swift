/// A `routeParameters[name].regex`: a regular expression that must match a whole parameter value.
///
/// `[0-9]` accepts `2` and rejects `11`, `a5` and `my-sale-id`: the expression is anchored at both
/// ends, as if written `^(?:[0-9])$`. The syntax is Swift `Regex`'s, which reads the ICU and
/// PCRE forms that `NSRegularExpression` and `java.util.regex` configs use; `\d`, `\w` and `\s`
/// are ASCII-only, as in Java (`\d` is `[0-9]`, never `²` or `٣`). Values are matched one Unicode
/// scalar at a time, as ICU and Java match code points: `.` is one scalar, so `e` followed by a
/// combining accent is two, and CR LF is two.
///
/// Expressions in the common syntax (see ``RegexNode``) are matched without backtracking, so a
/// hostile URL cannot make the router spin; `deeplink check` warns about the others when they
/// nest quantifiers.
public struct ParameterPattern: Sendable, Hashable, CustomStringConvertible {
    /// The expression as written in the config.
    public var source: String { compiled.source }
    /// Where the expression stands in its config, when it came from one.
    public var location: SourceLocation? { compiled.location }
    /// The same expression for the bit-parallel matcher, when it is a flat sequence.
    var simple: SimpleRegex? { compiled.simple }
    /// The same expression for the NFA matcher, when it is in the common syntax.
    var linear: LinearRegex? { compiled.linear }

    /// The compiled matchers behind one reference: a config repeats a few expressions thousands
    /// of times and every route that uses one shares it, so a rule costs 8 bytes instead of 100
    /// and copying one retains one object instead of five.
    private let compiled: Compiled

    private final class Compiled: Sendable {
        let source: String
        let location: SourceLocation?
        let regex: CompiledRegex
        let simple: SimpleRegex?
        let linear: LinearRegex?

        init(source: String, location: SourceLocation?, regex: CompiledRegex) {
            self.source = source
            self.location = location
            self.regex = regex
            let node = RegexNode.parse(source)
            simple = node.flatMap(SimpleRegex.init)
            linear = simple == nil ? node.flatMap(LinearRegex.init) : nil
        }
    }

    /// Compiles an expression.
    /// - Parameters:
    ///   - source: The expression, e.g. `[0-9]+`.
    ///   - path: Where the expression stands in a config, for errors.
    ///   - location: The expression's line and column, for errors.
    /// - Throws: ``ConfigError`` with code `invalid-regex` and the compiler's reason.
    public init(_ source: String, path: JSONPath = .root, location: SourceLocation? = nil) throws(ConfigError) {
        let regex: CompiledRegex
        do {
            regex = CompiledRegex(
                regex: try Regex(source).asciiOnlyDigits().asciiOnlyWordCharacters().asciiOnlyWhitespace()
                    .matchingSemantics(.unicodeScalar))
        } catch {
            throw ConfigError(
                code: .invalidRegex, message: "invalid regular expression \(JSONWriter.quoted(source)): \(error)",
                path: path, location: location)
        }
        compiled = Compiled(source: source, location: location, regex: regex)
    }

    /// Whether values are matched without backtracking, in time linear in their length: true for
    /// the syntax configs use in practice (see ``ParameterPattern``), false for lookaround,
    /// backreferences, possessive quantifiers, flags and Unicode properties, which Swift `Regex` matches.
    public var matchesInLinearTime: Bool { simple != nil || linear != nil }

    /// Whether the expression matches the whole value.
    /// - Parameter value: A percent-decoded parameter value.
    public func matches(_ value: String) -> Bool {
        if let simple { return simple.wholeMatch(value) }
        if let linear { return linear.wholeMatch(value) }
        // `Regex` only throws for a match that cannot run; such a value is rejected.
        return (try? compiled.regex.regex.wholeMatch(in: value)) != nil
    }

    /// Whether the expression must be matched by backtracking `Regex` and nests quantifiers,
    /// like `(a+)+`: such an expression can take exponential time on a crafted value.
    var mayBacktrackExponentially: Bool {
        guard !matchesInLinearTime else { return false }
        var groupHasQuantifier: [Bool] = [false]
        var escaped = false
        var closedGroupHadQuantifier = false
        for scalar in source.unicodeScalars {
            defer { if scalar != ")" { closedGroupHadQuantifier = false } }
            if escaped {
                escaped = false
                continue
            }
            switch scalar {
            case "\\": escaped = true
            case "(": groupHasQuantifier.append(false)
            case ")":
                closedGroupHadQuantifier = groupHasQuantifier.count > 1 ? groupHasQuantifier.removeLast() : false
                if closedGroupHadQuantifier { groupHasQuantifier[groupHasQuantifier.count - 1] = true }
                continue
            case "*", "+", "{":
                if closedGroupHadQuantifier { return true }
                groupHasQuantifier[groupHasQuantifier.count - 1] = true
            default: break
            }
        }
        return false
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
