/// A pattern in Apple's universal-link syntax, compiled for matching: `*` matches zero or more
/// characters (`/` included), `?` exactly one, `?*` one or more, and `$(name)` any one string of a
/// substitution variable. Every other character matches itself; there are no escapes, and the
/// pattern must match the whole text.
///
/// A path pattern, made with ``init(path:caseSensitive:variables:)``, also follows Apple's rules
/// for slashes: leading and trailing slashes, any number of them, are insignificant in the pattern
/// and in the path, and a final `/*` also matches nothing. So `/buy/*` matches `/buy`, `/buy/` and
/// `/buy/shoes/42`, `abc` and `/abc/` both match `/abc//`, and `/` matches the empty path.
///
/// Matching never backtracks, so no pattern can make it exponential:
/// - Without variables, the pattern is split at each `*` into fixed-length pieces; the first
///   and last must sit at the ends of the text, and each piece between is placed at its
///   leftmost fit after the previous one (leftmost is always safe, since `*` absorbs any gap).
///   The cost is at most the text's length times the pattern's length, and usually one pass.
/// - With variables, the pattern runs as a nondeterministic automaton over the set of live
///   positions, one text character at a time. When a file is read, each variable is compiled
///   once into an automaton that every reference to it enters and leaves, so the file's
///   compiled size grows with its text, never with the product of a variable's size and the
///   number of references.
public struct AASAPattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let source: String
    /// Whether letters must match in case.
    public let isCaseSensitive: Bool
    /// Whether this is a path pattern, where slashes at either end are insignificant.
    public let isPath: Bool
    /// The names of `$(name)` variables that the variables given did not define; a pattern that
    /// uses one matches nothing.
    public let unknownVariables: [String]
    /// Whether the pattern has a `$(` without its closing `)`; that `$(` is then matched literally.
    public let hasUnterminatedVariable: Bool
    /// Whether the pattern matches every text (`*`, or `/*` for a path).
    public let matchesEverything: Bool

    /// The variables the pattern was compiled with, so equal sources with different variables differ.
    private let variables: SubstitutionVariables?
    private let matcher: AASAPatternMatcher

    /// Compiles a pattern for a query, a query item's value or a fragment: the whole text must match.
    /// - Parameters:
    ///   - source: The pattern, e.g. `id=?*` or `$(lang)-*`.
    ///   - caseSensitive: Whether letters must match in case (Apple's default is `true`).
    ///   - variables: The substitution variables `$(name)` may refer to; `nil` for legacy `paths`,
    ///     where `$(` is plain text.
    public init(_ source: String, caseSensitive: Bool = true, variables: SubstitutionVariables? = .predefined) {
        self = AASAPatternCompiler(variables: variables, workLimit: .max)
            .compile(source, isPath: false, caseSensitive: caseSensitive)
    }

    /// Compiles a pattern for a URL's path, with Apple's rules for slashes.
    /// - Parameters:
    ///   - source: The pattern, e.g. `/buy/*` or `/$(lang)_$(region)/*`.
    ///   - caseSensitive: Whether letters must match in case (Apple's default is `true`).
    ///   - variables: The substitution variables `$(name)` may refer to; `nil` for legacy `paths`,
    ///     where `$(` is plain text.
    public init(path source: String, caseSensitive: Bool = true, variables: SubstitutionVariables? = .predefined) {
        self = AASAPatternCompiler(variables: variables, workLimit: .max)
            .compile(source, isPath: true, caseSensitive: caseSensitive)
    }

    init(
        source: String, isCaseSensitive: Bool, isPath: Bool, variables: SubstitutionVariables?, unknownVariables: [String],
        hasUnterminatedVariable: Bool, matchesEverything: Bool, matcher: AASAPatternMatcher
    ) {
        self.source = source
        self.isCaseSensitive = isCaseSensitive
        self.isPath = isPath
        self.variables = variables
        self.unknownVariables = unknownVariables
        self.hasUnterminatedVariable = hasUnterminatedVariable
        self.matchesEverything = matchesEverything
        self.matcher = matcher
    }

    /// Whether the pattern matches the whole text.
    /// - Parameter text: A URL component (path, query, query value or fragment).
    public func matches(_ text: String) -> Bool {
        var budget = MatchBudget.unlimited
        return matches(text, budget: &budget)
    }

    /// Whether the pattern matches the whole text, spending at most `budget`'s steps; `false`
    /// once the budget is spent.
    func matches(_ text: String, budget: inout MatchBudget) -> Bool {
        var scalars = Array((isCaseSensitive ? text : text.lowercased()).unicodeScalars)
        if isPath { scalars = Self.trimmingSlashes(scalars) }
        return matcher.matches(scalars, budget: &budget)
    }

    /// The pattern as written.
    public var description: String { source }

    /// Patterns are equal when they were compiled from the same text with the same settings and variables.
    public static func == (lhs: AASAPattern, rhs: AASAPattern) -> Bool {
        lhs.source == rhs.source && lhs.isCaseSensitive == rhs.isCaseSensitive && lhs.isPath == rhs.isPath
            && lhs.variables == rhs.variables
    }

    /// Hashes the pattern's text and settings.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(isCaseSensitive)
        hasher.combine(isPath)
    }

    /// The number of automaton states this pattern owns, not counting the shared variable automata.
    var stateCount: Int { matcher.stateCount }

    static func trimmingSlashes(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard let first = scalars.firstIndex(where: { $0 != "/" }), let last = scalars.lastIndex(where: { $0 != "/" })
        else { return [] }
        return Array(scalars[first...last])
    }
}

/// How many automaton steps a match may still take; matching gives up (answers `false`) when
/// they run out, so one hostile file cannot hold a caller for long.
struct MatchBudget {
    var remaining: Int

    /// No limit, for matching one pattern the caller chose.
    static let unlimited = MatchBudget(remaining: .max)

    /// Whether a match gave up for want of steps.
    var isSpent: Bool { remaining < 0 }

    /// Takes one step; `false` when none was left.
    mutating func spend() -> Bool {
        remaining -= 1
        return remaining >= 0
    }
}
