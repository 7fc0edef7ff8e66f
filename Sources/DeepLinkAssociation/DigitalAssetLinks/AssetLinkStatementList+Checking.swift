import DeepLinkCore

extension AssetLinkStatementList {
    /// Whether the list, served by `site`, grants `relation` to the app signed with `fingerprint`,
    /// as Google's statement-list service decides: a well-formed statement must name the package,
    /// grant the relation and list the fingerprint. Malformed statements never count; when one
    /// of them is why the app is not linked, the answer says so. Included lists are not fetched;
    /// they are reported as a warning when the answer could depend on them.
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
        let wanted = try Self.checkedArguments(site: site, package: package, fingerprint: fingerprint, relation: relation)
        let forPackage = statements.filter { $0.names(package: package) }
        let granting = forPackage.filter { $0.relations.contains(relation) }
        if let exact = granting.first(where: { $0.lists(fingerprint: wanted) }) {
            return AssetLinksCheck(linked: true, statement: exact, diagnostics: [])
        }
        var reasons: [Diagnostic] = []
        func reason(_ code: String, _ message: String, _ path: JSONPath = .root) {
            reasons.append(Diagnostic(severity: .error, code: code, message: message, path: path, location: nil))
        }
        let skipped = ignoredStatements.first { statement in
            statement.names(package: package) && statement.relations.contains(relation)
                && statement.fingerprints.contains { $0.uppercased() == wanted }
        }
        if let skipped {
            if skipped.fingerprints.contains(wanted) {
                reason(
                    "statement-malformed",
                    "\(skipped.jsonPath) would link \(package) but is malformed, so Google's service skips it; fix the "
                        + "errors reported for it", skipped.jsonPath)
            } else {
                reason(
                    "lowercase-fingerprint",
                    "\(skipped.jsonPath) lists the fingerprint in lowercase, which makes the statement malformed, so "
                        + "Google's service skips it; write \(wanted)", skipped.jsonPath)
            }
        } else if forPackage.isEmpty {
            let packages = statements.compactMap(\.packageName)
            let listed = packages.isEmpty ? "no Android app" : packages.joined(separator: ", ")
            reason("package-not-listed", "\(site) names no statement for \(package) (it lists \(listed))")
        } else if granting.isEmpty {
            let granted = Set(forPackage.flatMap(\.relations)).sorted().joined(separator: ", ")
            reason(
                "relation-not-granted", "the statements for \(package) grant \(granted) but not \(relation)",
                forPackage[0].jsonPath)
        } else {
            let listed = granting.flatMap(\.fingerprints)
            reason(
                "fingerprint-not-listed",
                "\(wanted) is not among the fingerprints for \(package) (\(listed.joined(separator: ", "))); add the "
                    + "certificate the installed app is signed with (Play Console, App signing)", granting[0].jsonPath)
        }
        for include in includes {
            reasons.append(
                Diagnostic(
                    severity: .warning, code: "include-not-followed",
                    message: "the list includes \(include), which was not fetched; it may grant the relation", path: .root,
                    location: nil))
        }
        return AssetLinksCheck(linked: false, statement: nil, diagnostics: reasons)
    }

    /// The fingerprint in uppercase, after checking every argument.
    private static func checkedArguments(
        site: String, package: String, fingerprint: String, relation: String
    ) throws(AssociationError) -> String {
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
        return wanted
    }
}

extension AssetLinksReport {
    /// Whether the file links the app, as Google's statement-list service answers a file with
    /// some malformed statements: from its well-formed statements, with the file's errors in
    /// ``AssetLinksCheck/diagnostics`` after the reasons. A text that is not a statement list
    /// links nothing.
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
        let result = try (list ?? AssetLinkStatementList(statements: [])).check(
            site: site, package: package, fingerprint: fingerprint, relation: relation)
        let reasons = list == nil ? [] : result.diagnostics
        return AssetLinksCheck(linked: result.linked, statement: result.statement, diagnostics: reasons + errors)
    }
}

extension AssetLinkStatement {
    /// The Android app's package, for an `android_app` target.
    fileprivate var packageName: String? {
        if case .androidApp(let package, _) = target { return package }
        return nil
    }

    /// The fingerprints as written, for an `android_app` target.
    fileprivate var fingerprints: [String] {
        if case .androidApp(_, let fingerprints) = target { return fingerprints }
        return []
    }

    fileprivate func names(package: String) -> Bool {
        packageName == package
    }

    fileprivate func lists(fingerprint: String) -> Bool {
        fingerprints.contains(fingerprint)
    }
}
