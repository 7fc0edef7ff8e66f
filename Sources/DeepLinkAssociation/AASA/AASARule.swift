import DeepLinkCore

/// One rule of an apple-app-site-association file: a `components` entry, or a legacy `paths`
/// string (`NOT ` makes it an exclusion). Its settings are resolved from the file, app and rule
/// levels when the file is read.
public struct AASARule: Sendable, Hashable {
    /// How a rule matches the URL's query.
    public enum Query: Sendable, Hashable {
        /// `"?": "pattern"`: the whole query (without `?`, not split into items) must match.
        case pattern(AASAPattern)
        /// `"?": {"name": "pattern"}`: every named item must match. An item the URL does not
        /// have, or has without `=`, counts as the empty string (so `*` and `""` match it); when
        /// the URL repeats a name, every occurrence must match. Other items are ignored.
        case items([QueryItemPattern])
    }

    /// The pattern for the URL's path (`/`), a path pattern; `nil` matches every path.
    public let path: AASAPattern?
    /// The pattern for the URL's query (`?`); `nil` matches every query.
    public let query: Query?
    /// The pattern for the URL's fragment (`#`); `nil` matches every fragment.
    public let fragment: AASAPattern?
    /// Whether a URL that matches stays on the web (`exclude`, or `NOT ` in `paths`).
    public let isExclusion: Bool
    /// Whether the rule is a legacy `paths` string rather than a `components` entry.
    public let isLegacyPath: Bool
    /// The rule's `comment`, which Apple ignores.
    public let comment: String?
    /// Whether the URL is compared percent-encoded (`true`) or percent-decoded.
    public let percentEncoded: Bool
    /// Whether letters must match in case.
    public let caseSensitive: Bool
    /// Where the rule stands in the file, e.g. `applinks.details[0].components[2]`.
    public let jsonPath: JSONPath
    /// The rule's line and column in the file.
    public let location: SourceLocation?
    /// The rule as written.
    public let source: JSONValue

    /// Creates a rule.
    /// - Parameters:
    ///   - path: The pattern for the path; `nil` matches every path.
    ///   - query: The pattern for the query; `nil` matches every query.
    ///   - fragment: The pattern for the fragment; `nil` matches every fragment.
    ///   - isExclusion: Whether a matching URL stays on the web.
    ///   - isLegacyPath: Whether the rule is a legacy `paths` string.
    ///   - comment: The rule's comment.
    ///   - percentEncoded: Whether the URL is compared percent-encoded.
    ///   - caseSensitive: Whether letters must match in case; the patterns carry it too.
    ///   - jsonPath: Where the rule stands in the file.
    ///   - location: The rule's line and column.
    ///   - source: The rule as written.
    public init(
        path: AASAPattern?, query: Query?, fragment: AASAPattern?, isExclusion: Bool, isLegacyPath: Bool = false,
        comment: String? = nil, percentEncoded: Bool = true, caseSensitive: Bool = true, jsonPath: JSONPath = .root,
        location: SourceLocation? = nil, source: JSONValue = .null
    ) {
        self.path = path
        self.query = query
        self.fragment = fragment
        self.isExclusion = isExclusion
        self.isLegacyPath = isLegacyPath
        self.comment = comment
        self.percentEncoded = percentEncoded
        self.caseSensitive = caseSensitive
        self.jsonPath = jsonPath
        self.location = location
        self.source = source
    }

    /// Whether the URL matches every component the rule specifies.
    /// - Parameter url: The URL's parts.
    public func matches(_ url: AASAURLComponents) -> Bool {
        var budget = MatchBudget.unlimited
        return matches(url, budget: &budget)
    }

    /// Whether the rule matches every URL, so no rule after it is ever reached.
    public var matchesEveryURL: Bool {
        let query: Bool
        switch self.query {
        case nil: query = true
        case .pattern(let pattern): query = pattern.matchesEverything
        case .items(let items): query = items.allSatisfy(\.value.matchesEverything)
        }
        return query && (path?.matchesEverything ?? true) && (fragment?.matchesEverything ?? true)
    }

    /// Whether the URL matches, spending at most `budget`'s steps; `false` once it is spent.
    func matches(_ url: AASAURLComponents, budget: inout MatchBudget) -> Bool {
        let parts = percentEncoded ? url.encoded : url.decoded
        if let path, !path.matches(parts.path, budget: &budget) { return false }
        if let fragment, !fragment.matches(parts.fragment, budget: &budget) { return false }
        switch query {
        case nil:
            return true
        case .pattern(let pattern):
            return pattern.matches(parts.query, budget: &budget)
        case .items(let items):
            return items.allSatisfy { item in matches(item, in: parts.queryItems, budget: &budget) }
        }
    }

    private func matches(
        _ item: QueryItemPattern, in queryItems: [(name: String, value: String)], budget: inout MatchBudget
    ) -> Bool {
        var found = false
        for (name, value) in queryItems
        where caseSensitive ? name == item.name : name.lowercased() == item.name.lowercased() {
            found = true
            guard item.value.matches(value, budget: &budget) else { return false }
        }
        return found || item.value.matches("", budget: &budget)
    }
}

/// One `"name": "pattern"` entry of a query dictionary.
public struct QueryItemPattern: Sendable, Hashable {
    /// The query item's name, compared as text (with the rule's case setting).
    public let name: String
    /// The pattern every value of the item must match; an item without `=`, or missing from
    /// the URL, has the value `""`.
    public let value: AASAPattern

    /// Creates an entry.
    /// - Parameters:
    ///   - name: The query item's name.
    ///   - value: The pattern the item's value must match.
    public init(name: String, value: AASAPattern) {
        self.name = name
        self.value = value
    }
}
