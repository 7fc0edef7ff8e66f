import DeepLinkCore

/// A Digital Asset Links statement list, as served at `/.well-known/assetlinks.json`.
///
/// Read it with ``parse(_:file:)`` or ``validate(_:file:)``; ask whether it links an app with
/// ``check(site:package:fingerprint:relation:)``, or ``AssetLinksReport/check(site:package:fingerprint:relation:)``
/// to have the file's errors with the answer.
///
/// As Google's statement-list service does, a malformed statement is skipped and the
/// well-formed ones still count.
public struct AssetLinkStatementList: Sendable, Hashable {
    /// The well-formed statements, in file order.
    public let statements: [AssetLinkStatement]
    /// The URLs of other statement lists the file includes (`{"include": "https://…"}`).
    public let includes: [String]
    /// Statements whose content is malformed (a lowercase fingerprint, a site with a path, an
    /// invalid relation): they never link anything, but a check names them when one of them
    /// is why an app is not linked.
    public let ignoredStatements: [AssetLinkStatement]

    /// Creates a list.
    /// - Parameters:
    ///   - statements: The well-formed statements.
    ///   - includes: The URLs of included statement lists.
    ///   - ignoredStatements: The statements skipped because their content is malformed.
    public init(statements: [AssetLinkStatement], includes: [String] = [], ignoredStatements: [AssetLinkStatement] = []) {
        self.statements = statements
        self.includes = includes
        self.ignoredStatements = ignoredStatements
    }

    /// The well-formed statements and includes as JSON text, pretty-printed with sorted keys.
    public var jsonText: String {
        let values = statements.map(\.jsonValue) + includes.map { ["include": .string($0)] as JSONValue }
        return JSONWriter.write(.array(values), pretty: true) + "\n"
    }
}

/// Everything found while reading a statement list.
public struct AssetLinksReport: Sendable {
    /// The list, or `nil` when the text is not a JSON array.
    public let list: AssetLinkStatementList?
    /// The errors and warnings, errors first, each group in document order.
    public let diagnostics: [Diagnostic]

    /// Creates a report.
    /// - Parameters:
    ///   - list: The list.
    ///   - diagnostics: The findings.
    public init(list: AssetLinkStatementList?, diagnostics: [Diagnostic]) {
        self.list = list
        self.diagnostics = diagnostics.sorted { $0.severity < $1.severity }
    }

    /// The errors.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    /// Whether every statement of the file is well-formed.
    public var isValid: Bool { list != nil && errors.isEmpty }
}
