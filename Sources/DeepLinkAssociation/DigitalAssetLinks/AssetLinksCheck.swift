import DeepLinkCore

/// Whether a statement list links an app to its site, and why.
public struct AssetLinksCheck: Sendable, Hashable {
    /// Whether Android would verify the app for the site.
    public let linked: Bool
    /// The statement that grants the relation, when `linked`.
    public let statement: AssetLinkStatement?
    /// The reasons when not linked, and warnings worth knowing either way.
    public let diagnostics: [Diagnostic]

    /// Creates a result.
    /// - Parameters:
    ///   - linked: Whether Android would verify the app for the site.
    ///   - statement: The statement that grants the relation.
    ///   - diagnostics: The reasons and warnings.
    public init(linked: Bool, statement: AssetLinkStatement?, diagnostics: [Diagnostic]) {
        self.linked = linked
        self.statement = statement
        self.diagnostics = diagnostics
    }

    /// `{"linked": …, "statement": "[0]" or null, "diagnostics": […]}` for `--json` output.
    public var jsonValue: JSONValue {
        [
            "linked": .bool(linked), "statement": statement.map { .string($0.jsonPath.description) } ?? .null,
            "diagnostics": .array(diagnostics.map(\.jsonValue)),
        ]
    }
}
