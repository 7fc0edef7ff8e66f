import DeepLinkCore

/// A Digital Asset Links statement list, as served at `/.well-known/assetlinks.json`.
///
/// Read it with ``parse(_:file:)`` or ``validate(_:file:)``; ask whether it links an app with
/// ``check(site:package:fingerprint:relation:)``.
public struct AssetLinkStatementList: Sendable, Hashable {
    /// The statements, in file order.
    public let statements: [AssetLinkStatement]
    /// The URLs of other statement lists the file includes (`{"include": "https://…"}`).
    public let includes: [String]

    /// Creates a list.
    /// - Parameters:
    ///   - statements: The statements.
    ///   - includes: The URLs of included statement lists.
    public init(statements: [AssetLinkStatement], includes: [String] = []) {
        self.statements = statements
        self.includes = includes
    }

    /// The list as JSON text, pretty-printed with sorted keys.
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
    /// Whether Android would accept the file.
    public var isValid: Bool { list != nil && errors.isEmpty }
}
