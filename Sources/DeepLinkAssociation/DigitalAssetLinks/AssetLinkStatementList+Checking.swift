import DeepLinkCore

extension AssetLinkStatementList {
    /// Whether the list, served by `site`, grants `relation` to the app signed with `fingerprint`,
    /// as Android's verifier decides: a statement must name the package, grant the relation and
    /// list the fingerprint exactly (uppercase). Included lists are not fetched; they are
    /// reported as a warning when the answer could depend on them.
    /// - Parameters:
    ///   - site: The site serving the list, `https://HOST`.
    ///   - package: The app's application ID.
    ///   - fingerprint: The signing certificate's SHA-256 fingerprint, in either case.
    ///   - relation: The relation to check; App Links need `delegate_permission/common.handle_all_urls`.
    /// - Throws: ``AssociationError`` with code `invalid-argument` when the site, package,
    ///   fingerprint or relation is malformed.
    public func check(
        site: String, package: String, fingerprint: String, relation: String = AssetLinkStatement.handleAllURLs
    ) throws(AssociationError) -> AssetLinksCheck {
        if let problem = SiteSyntax.problem(site) {
            throw AssociationError(code: .invalidArgument, message: problem, input: site)
        }
        guard AppIdentifierSyntax.isPackageName(package) else {
            throw AssociationError(code: .invalidArgument, message: "not an Android application ID", input: package)
        }
        let wanted = fingerprint.uppercased()
        if let problem = AppIdentifierSyntax.fingerprintProblem(wanted) {
            throw AssociationError(code: .invalidArgument, message: problem, input: fingerprint)
        }
        guard RelationSyntax.isValid(relation) else {
            throw AssociationError(code: .invalidArgument, message: "not a relation: write kind/detail", input: relation)
        }
        var diagnostics: [Diagnostic] = []
        func reason(_ code: String, _ message: String, _ path: JSONPath = .root) {
            diagnostics.append(Diagnostic(severity: .error, code: code, message: message, path: path, location: nil))
        }
        let forPackage = statements.filter {
            if case .androidApp(package, _) = $0.target { return true }
            return false
        }
        let granting = forPackage.filter { $0.relations.contains(relation) }
        let exact = granting.first { statement in
            guard case .androidApp(_, let fingerprints) = statement.target else { return false }
            return fingerprints.contains(wanted)
        }
        if let exact {
            return AssetLinksCheck(linked: true, statement: exact, diagnostics: [])
        }
        if forPackage.isEmpty {
            let packages = statements.compactMap { statement -> String? in
                if case .androidApp(let name, _) = statement.target { return name }
                return nil
            }
            let listed = packages.isEmpty ? "no Android app" : packages.joined(separator: ", ")
            reason("package-not-listed", "\(site) names no statement for \(package) (it lists \(listed))")
        } else if granting.isEmpty {
            let granted = Set(forPackage.flatMap(\.relations)).sorted().joined(separator: ", ")
            reason(
                "relation-not-granted", "the statements for \(package) grant \(granted) but not \(relation)",
                forPackage[0].jsonPath)
        } else {
            let listed = granting.flatMap { statement -> [String] in
                guard case .androidApp(_, let fingerprints) = statement.target else { return [] }
                return fingerprints
            }
            if listed.contains(where: { $0.uppercased() == wanted }) {
                reason(
                    "lowercase-fingerprint",
                    "the fingerprint is listed in lowercase; Android compares exact text, write \(wanted)", granting[0].jsonPath)
            } else {
                reason(
                    "fingerprint-not-listed",
                    "\(wanted) is not among the fingerprints for \(package) (\(listed.joined(separator: ", "))); add the "
                        + "certificate the installed app is signed with (Play Console, App signing)", granting[0].jsonPath)
            }
        }
        for include in includes {
            diagnostics.append(
                Diagnostic(
                    severity: .warning, code: "include-not-followed",
                    message: "the list includes \(include), which was not fetched; it may grant the relation", path: .root,
                    location: nil))
        }
        return AssetLinksCheck(linked: false, statement: nil, diagnostics: diagnostics)
    }
}
