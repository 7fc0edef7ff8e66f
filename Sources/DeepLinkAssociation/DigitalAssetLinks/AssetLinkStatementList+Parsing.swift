import DeepLinkCore
import Foundation

extension AssetLinkStatementList {
    /// Reads a statement list, refusing one with errors.
    /// - Parameters:
    ///   - text: The file's text.
    ///   - file: The file's name, for diagnostics.
    /// - Returns: The list.
    /// - Throws: ``AssociationError`` with code `invalid-file` and every diagnostic when the file has errors.
    public static func parse(_ text: String, file: String? = nil) throws(AssociationError) -> AssetLinkStatementList {
        let report = validate(text, file: file)
        return try AssociationError.requireUsable(
            report.list, diagnostics: report.diagnostics, what: "assetlinks.json statement list", file: file)
    }

    /// Reads a statement list and reports everything Google's statement-list service would object
    /// to: strict JSON, statement shape, `include`, `web` and `android_app` targets, relation
    /// syntax, fingerprint format and Android 15's `dynamic_app_link_components`.
    ///
    /// Each malformed statement is an error and is kept out of ``AssetLinkStatementList/statements``
    /// (in ``AssetLinkStatementList/ignoredStatements`` when it names a target); the well-formed
    /// statements still count, as they do for Google's service.
    /// - Parameters:
    ///   - text: The file's text.
    ///   - file: The file's name, for diagnostics.
    public static func validate(_ text: String, file: String? = nil) -> AssetLinksReport {
        let collector = DiagnosticCollector(file: file)
        guard let root = collector.parse(text) else { return AssetLinksReport(list: nil, diagnostics: collector.diagnostics) }
        guard case .array(let elements) = root.value else {
            collector.error(
                "not-a-list", "a statement list is a JSON array of statements; wrap the object in [ ]", at: root)
            return AssetLinksReport(list: nil, diagnostics: collector.diagnostics)
        }
        if elements.isEmpty {
            collector.warning("empty-list", "the list has no statement, so it links nothing", at: root)
        }
        let reader = StatementReader(collector: collector)
        var statements: [AssetLinkStatement] = []
        var ignored: [AssetLinkStatement] = []
        var includes: [String] = []
        for element in elements {
            let errorsBefore = collector.errorCount
            let entry = reader.read(element)
            let isMalformed = collector.errorCount > errorsBefore
            switch entry {
            case .statement(let statement) where isMalformed: ignored.append(statement)
            case .statement(let statement): statements.append(statement)
            case .include(let url) where !isMalformed: includes.append(url)
            case .include, nil: break
            }
        }
        let list = AssetLinkStatementList(statements: statements, includes: includes, ignoredStatements: ignored)
        return AssetLinksReport(list: list, diagnostics: collector.diagnostics)
    }
}

/// Relation strings are `kind/detail`, each of lowercase letters, digits, `_` and `.`.
enum RelationSyntax {
    static let known: Set<String> = [
        AssetLinkStatement.handleAllURLs, AssetLinkStatement.getLoginCredentials, "delegate_permission/common.use_as_origin",
    ]

    static func isValid(_ relation: String) -> Bool {
        let parts = relation.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2
            && parts.allSatisfy { part in
                !part.isEmpty && part.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || $0.isASCIIDigit || $0 == "_" || $0 == "." }
            }
    }
}

private struct StatementReader {
    enum Entry {
        case statement(AssetLinkStatement)
        case include(String)
    }

    static let statementFields: Set<String> = ["relation", "target", "relation_extensions"]
    static let statementKeys = statementFields.union(["include"])
    static let webKeys: Set<String> = ["namespace", "site"]
    static let androidKeys: Set<String> = ["namespace", "package_name", "sha256_cert_fingerprints"]
    static let dynamicRuleKeys: Set<String> = ["/", "?", "#", "exclude", "comments"]

    let collector: DiagnosticCollector

    func read(_ node: JSONNode) -> Entry? {
        guard let object = collector.object(node, known: Self.statementKeys) else { return nil }
        if let include = object["include"] {
            // Google's service allows fields of its own beside "include", but no statement field.
            if let field = Self.statementFields.sorted().first(where: { object[$0] != nil }) {
                collector.error(
                    "include-with-statement",
                    "an \"include\" entry cannot have \(JSONWriter.quoted(field)); put the statement in its own entry",
                    at: node)
            }
            guard let url = collector.string(include) else { return nil }
            guard let parsed = URLComponents(string: url), parsed.scheme?.lowercased() == "https",
                let host = parsed.host, !host.isEmpty
            else {
                collector.error(
                    "invalid-include", "\(JSONWriter.quoted(url)) is not an https URL; \"include\" names another statement "
                        + "list, like \"https://example.com/includedstatements.json\"", at: include)
                return nil
            }
            return .include(url)
        }
        guard let relationNode = object["relation"] else {
            collector.error("missing-value", "missing \"relation\", the list of granted relations", at: node)
            return nil
        }
        guard let targetNode = object["target"] else {
            collector.error("missing-value", "missing \"target\", the site or app the relations are granted to", at: node)
            return nil
        }
        let relations = readRelations(relationNode)
        guard let target = readTarget(targetNode) else { return nil }
        let extensions = object["relation_extensions"].map { readExtensions($0, relations: relations) }
        return .statement(
            AssetLinkStatement(relations: relations, target: target, relationExtensions: extensions, jsonPath: node.path))
    }

    private func readRelations(_ node: JSONNode) -> [String] {
        let relations = collector.strings(node)
        if relations.isEmpty, collector.array(node) != nil {
            collector.error("missing-value", "\"relation\" lists no relation", at: node)
        }
        return relations.compactMap { relation, element in
            guard RelationSyntax.isValid(relation) else {
                collector.error(
                    "invalid-relation",
                    "\(JSONWriter.quoted(relation)) is not a relation: write kind/detail in lowercase, like "
                        + "\"\(AssetLinkStatement.handleAllURLs)\"", at: element)
                return nil
            }
            if !RelationSyntax.known.contains(relation) {
                collector.warning("unknown-relation", "\(JSONWriter.quoted(relation)) is not a relation Android uses", at: element)
            }
            return relation
        }
    }

    private func readTarget(_ node: JSONNode) -> AssetLinkStatement.Target? {
        guard case .object(let members) = node.value else {
            collector.error("wrong-type", "expected an object, found \(node.kindDescription)", at: node)
            return nil
        }
        guard let namespaceNode = members.last(where: { $0.key == "namespace" })?.value else {
            collector.error("missing-value", "missing \"namespace\": \"android_app\" or \"web\"", at: node)
            return nil
        }
        switch collector.string(namespaceNode) {
        case "android_app":
            return collector.object(node, known: Self.androidKeys).flatMap { readAndroidTarget(node, $0) }
        case "web":
            return collector.object(node, known: Self.webKeys).flatMap { readWebTarget(node, $0) }
        case let namespace?:
            collector.error(
                "unknown-namespace", "namespace \(JSONWriter.quoted(namespace)) is neither \"android_app\" nor \"web\"",
                at: namespaceNode)
            return nil
        case nil:
            return nil
        }
    }

    private func readAndroidTarget(_ node: JSONNode, _ object: [String: JSONNode]) -> AssetLinkStatement.Target? {
        guard let packageNode = object["package_name"], let package = collector.string(packageNode) else {
            if object["package_name"] == nil { collector.error("missing-value", "missing \"package_name\"", at: node) }
            return nil
        }
        if !AppIdentifierSyntax.isPackageName(package) {
            collector.error(
                "invalid-package", "\(JSONWriter.quoted(package)) is not an Android application ID", at: packageNode)
        }
        guard let fingerprintsNode = object["sha256_cert_fingerprints"] else {
            collector.error(
                "missing-value", "missing \"sha256_cert_fingerprints\", the signing certificates' SHA-256 fingerprints",
                at: node)
            return nil
        }
        let fingerprints = collector.strings(fingerprintsNode)
        if fingerprints.isEmpty, collector.array(fingerprintsNode) != nil {
            collector.error("missing-value", "\"sha256_cert_fingerprints\" lists no fingerprint", at: fingerprintsNode)
        }
        for (fingerprint, element) in fingerprints {
            if let issue = AppIdentifierSyntax.fingerprintIssue(fingerprint) {
                collector.error(issue.code, issue.message, at: element)
            }
        }
        return .androidApp(package: package, sha256CertFingerprints: fingerprints.map(\.0))
    }

    private func readWebTarget(_ node: JSONNode, _ object: [String: JSONNode]) -> AssetLinkStatement.Target? {
        guard let siteNode = object["site"], let site = collector.string(siteNode) else {
            if object["site"] == nil { collector.error("missing-value", "missing \"site\"", at: node) }
            return nil
        }
        if let problem = SiteSyntax.problem(site) {
            collector.error("invalid-site", problem, at: siteNode)
        }
        return .web(site: site)
    }

    private func readExtensions(_ node: JSONNode, relations: [String]) -> JSONValue {
        guard let object = collector.object(node) else { return node.plainValue }
        for (relation, value) in object {
            if !relations.contains(relation) {
                collector.warning(
                    "extension-without-relation", "relation_extensions names \(JSONWriter.quoted(relation)), "
                        + "which the statement does not grant", at: value)
            }
            guard relation == AssetLinkStatement.handleAllURLs, let extensionObject = collector.object(value) else { continue }
            if let rules = extensionObject["dynamic_app_link_components"] {
                for rule in collector.array(rules) ?? [] { readDynamicRule(rule) }
            }
        }
        return node.plainValue
    }

    /// Android 15's dynamic rules: `/`, `#`, `?` (an object of item patterns), `exclude`, `comments`.
    private func readDynamicRule(_ node: JSONNode) {
        guard let object = collector.object(node, known: Self.dynamicRuleKeys) else { return }
        for key in ["/", "#", "comments"] {
            if let value = object[key] { _ = collector.string(value) }
        }
        if let query = object["?"] {
            if case .string = query.value {
                collector.error(
                    "wrong-type", "Android's \"?\" is an object of query item patterns, like {\"id\": \"*\"}", at: query)
            } else if let items = collector.object(query) {
                for value in items.values { _ = collector.string(value) }
            }
        }
        if let exclude = object["exclude"] { _ = collector.bool(exclude) }
    }
}

/// A Digital Asset Links site: `scheme://host[:port]` with an `http` or `https` scheme in any
/// case, a port from 1 to 65535, and nothing else: no user info, no path (not even `/`), no
/// query or fragment.
enum SiteSyntax {
    static func problem(_ site: String) -> String? {
        let quoted = JSONWriter.quoted(site)
        let only = "a site is only scheme, host and port, like \"https://shop.example.com\""
        guard let components = URLComponents(string: site), let scheme = components.scheme,
            ["http", "https"].contains(scheme.lowercased()), let host = components.host, !host.isEmpty
        else {
            return "\(quoted) is not a site: write the scheme and host, like \"https://shop.example.com\""
        }
        if components.user != nil || components.password != nil { return "\(quoted) has user info; \(only)" }
        if let port = components.port, !(1...65535).contains(port) {
            return "\(quoted) has port \(port); ports run from 1 to 65535"
        }
        if !components.percentEncodedPath.isEmpty { return "\(quoted) has a path; \(only) (no \"/\" at the end)" }
        if components.percentEncodedQuery != nil { return "\(quoted) has a query; \(only)" }
        if components.percentEncodedFragment != nil { return "\(quoted) has a fragment; \(only)" }
        return nil
    }
}
