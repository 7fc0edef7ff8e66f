import DeepLinkCore

extension AppleAppSiteAssociation {
    /// Reads a file, refusing one with errors.
    /// - Parameters:
    ///   - text: The file's text.
    ///   - file: The file's name, for diagnostics.
    /// - Returns: The file's model.
    /// - Throws: ``AssociationError`` with code `invalid-file` and every diagnostic when the file has errors.
    public static func parse(_ text: String, file: String? = nil) throws(AssociationError) -> AppleAppSiteAssociation {
        let report = validate(text, file: file)
        return try AssociationError.requireUsable(
            report.file, diagnostics: report.diagnostics, what: "apple-app-site-association file", file: file)
    }

    /// Reads a file and reports what Apple would make of it, with JSON paths, stable codes and
    /// severities: an error where iOS rejects or ignores the file, a warning where it reads the
    /// file but the author probably made a mistake. The model is kept whenever the text is a
    /// JSON object, so a file with errors can still be matched against.
    /// - Parameters:
    ///   - text: The file's text.
    ///   - file: The file's name, for diagnostics.
    public static func validate(_ text: String, file: String? = nil) -> AASAReport {
        let collector = DiagnosticCollector(file: file)
        let size = text.utf8.count
        if size > maximumSize {
            collector.add(
                .error, "file-too-large",
                "the file is \(size) bytes; Apple ignores files over \(maximumSize) bytes (128 KB): merge rules with wildcards",
                path: .root, location: nil)
        }
        guard let root = collector.parse(text) else {
            return AASAReport(file: nil, diagnostics: collector.diagnostics)
        }
        let model = AASAReader(collector: collector, workLimit: AASAPatternCompiler.defaultWorkLimit).read(root)
        return AASAReport(file: model, diagnostics: collector.diagnostics)
    }
}

/// Reads the three shapes of the file into one model.
private struct AASAReader {
    static let rootKeys: Set<String> = ["applinks", "webcredentials", "appclips", "activitycontinuation"]
    static let appLinksKeys: Set<String> = ["apps", "details", "defaults", "substitutionVariables"]
    static let detailsKeys: Set<String> = ["appID", "appIDs", "components", "paths", "defaults"]
    static let componentKeys: Set<String> = ["/", "?", "#", "exclude", "comment", "caseSensitive", "percentEncoded"]
    static let defaultsKeys: Set<String> = ["caseSensitive", "percentEncoded"]
    static let serviceKeys: Set<String> = ["apps"]

    let collector: DiagnosticCollector
    let workLimit: Int

    func read(_ root: JSONNode) -> AppleAppSiteAssociation? {
        guard let object = collector.object(root, known: Self.rootKeys) else { return nil }
        let services = ["applinks", "webcredentials", "appclips", "activitycontinuation"].filter { object[$0] != nil }
        if services.isEmpty {
            // iOS loads such a file; it just associates nothing, so the author hears it as a warning.
            collector.add(
                .warning, "no-services",
                "the file has none of \"applinks\", \"webcredentials\", \"appclips\"; iOS loads it, but nothing is associated",
                path: root.path, location: root.location)
        }
        return AppleAppSiteAssociation(
            details: object["applinks"].map(readAppLinks) ?? [],
            webCredentialsApps: object["webcredentials"].map(readService) ?? [],
            appClipsApps: object["appclips"].map(readService) ?? [],
            activityContinuationApps: object["activitycontinuation"].map(readService) ?? [])
    }

    private func readService(_ node: JSONNode) -> [String] {
        guard let object = collector.object(node, known: Self.serviceKeys) else { return [] }
        guard let apps = object["apps"] else {
            collector.error("missing-value", "missing \"apps\", the list of app IDs", at: node)
            return []
        }
        return collector.strings(apps).compactMap { appID, element in checkedAppID(appID, at: element) }
    }

    private func readAppLinks(_ node: JSONNode) -> [AASADetails] {
        guard let object = collector.object(node, known: Self.appLinksKeys) else { return [] }
        if let apps = object["apps"], let elements = collector.array(apps), !elements.isEmpty {
            collector.warning(
                "legacy-apps-not-empty", "iOS ignores \"apps\", a legacy key that holds an empty array; app IDs belong in "
                    + "\"details\", so write \"apps\": []", at: apps)
        }
        let defaults = object["defaults"].map(readDefaults) ?? MatchingDefaults()
        let variables = object["substitutionVariables"].map(readVariables) ?? [:]
        guard let detailsNode = object["details"] else {
            collector.error("missing-value", "missing \"details\", the apps and the URLs they open", at: node)
            return []
        }
        let compiler = AASAPatternCompiler(variables: SubstitutionVariables(custom: variables), workLimit: workLimit)
        defer {
            if compiler.isOverLimit {
                collector.error(
                    "too-complex", "compiling the patterns took more than \(compiler.workLimit) steps, so later patterns "
                        + "match nothing here; the file is far larger than iOS accepts", at: detailsNode)
            }
        }
        let context = RuleContext(
            defaults: defaults.inheriting(from: MatchingDefaults(caseSensitive: true, percentEncoded: true)),
            compiler: compiler)
        let details: [AASADetails]
        if case .object(let members) = detailsNode.value {
            // iOS 9's shape: `"details": {"TEAMID.bundle": {"paths": [...]}}`.
            _ = collector.object(detailsNode)
            details = members.compactMap { member in
                guard let appID = checkedAppID(member.key, at: member.value),
                    let entry = collector.object(member.value, known: ["paths"])
                else { return nil }
                let paths = entry["paths"].map { readPaths($0, compiler: compiler) }
                if paths == nil {
                    collector.warning("no-rules", "the entry has no \"paths\", so it opens no URL", at: member.value)
                }
                return AASADetails(
                    appIDs: [appID], legacyAppID: appID, components: nil, paths: paths, jsonPath: member.value.path)
            }
        } else {
            details = (collector.array(detailsNode) ?? []).compactMap { readDetails($0, context: context) }
        }
        if details.isEmpty {
            collector.warning("no-details", "\"details\" names no app, so no URL opens an app", at: detailsNode)
        } else if object["apps"] == nil, details.contains(where: { $0.paths != nil }) {
            collector.warning(
                "missing-legacy-apps", "iOS 12 and earlier ignore \"paths\" unless \"applinks\" has \"apps\": []", at: node)
        }
        return details
    }

    private func readDetails(_ node: JSONNode, context: RuleContext) -> AASADetails? {
        guard let object = collector.object(node, known: Self.detailsKeys) else { return nil }
        let legacyAppID = object["appID"].flatMap(collector.string).flatMap { checkedAppID($0, at: object["appID"] ?? node) }
        var appIDs: [String] = []
        if let list = object["appIDs"] {
            for (appID, element) in collector.strings(list) {
                if let appID = checkedAppID(appID, at: element), !appIDs.contains(appID) { appIDs.append(appID) }
            }
            if let legacyAppID, let node = object["appID"], !appIDs.contains(legacyAppID) {
                collector.warning(
                    "app-id-ignored",
                    "the entry has \"appIDs\", so iOS 13 and later ignore \"appID\" \(JSONWriter.quoted(legacyAppID)); "
                        + "add it to \"appIDs\" for those systems to open it", at: node)
            }
        } else if let legacyAppID {
            appIDs = [legacyAppID]
        }
        if object["appID"] == nil && object["appIDs"] == nil {
            collector.error("missing-app-id", "the entry names no app: add \"appIDs\": [\"TEAMID.bundle.id\"]", at: node)
        }
        let entryContext = RuleContext(
            defaults: (object["defaults"].map(readDefaults) ?? MatchingDefaults()).inheriting(from: context.defaults),
            compiler: context.compiler)
        let components = object["components"].map { node in
            warnShadowed((collector.array(node) ?? []).compactMap { readComponent($0, context: entryContext) })
        }
        let paths = object["paths"].map { readPaths($0, compiler: context.compiler) }
        if components == nil && paths == nil {
            collector.warning("no-rules", "the entry has neither \"components\" nor \"paths\", so it opens no URL", at: node)
        }
        return AASADetails(
            appIDs: appIDs, legacyAppID: legacyAppID, components: components, paths: paths, jsonPath: node.path)
    }

    private func readComponent(_ node: JSONNode, context: RuleContext) -> AASARule? {
        guard let object = collector.object(node, known: Self.componentKeys) else { return nil }
        let own = MatchingDefaults(
            caseSensitive: object["caseSensitive"].flatMap(collector.bool),
            percentEncoded: object["percentEncoded"].flatMap(collector.bool))
        let settings = own.inheriting(from: context.defaults)
        let caseSensitive = settings.caseSensitive ?? true
        func pattern(_ node: JSONNode, isPath: Bool) -> AASAPattern? {
            guard let text = collector.string(node) else { return nil }
            return checkedPattern(
                context.compiler.compile(text, isPath: isPath, caseSensitive: caseSensitive), at: node)
        }
        let path = object["/"].flatMap { pattern($0, isPath: true) }
        let fragment = object["#"].flatMap { pattern($0, isPath: false) }
        var query: AASARule.Query?
        if let queryNode = object["?"] {
            if case .object(let members) = queryNode.value {
                _ = collector.object(queryNode)
                if let odd = members.first(where: { member in
                    if case .string = member.value.value { return false }
                    return true
                }) {
                    collector.error(
                        "invalid-query-item",
                        "\(JSONWriter.quoted(odd.key)) is \(odd.value.kindDescription), not a pattern string: a \"?\" dictionary "
                            + "holds only strings, and iOS ignores this one whole, so the rule matches any query", at: odd.value)
                } else {
                    query = .items(
                        members.compactMap { member in
                            pattern(member.value, isPath: false).map { QueryItemPattern(name: member.key, value: $0) }
                        })
                }
            } else if case .string = queryNode.value {
                query = pattern(queryNode, isPath: false).map(AASARule.Query.pattern)
            } else {
                collector.error(
                    "wrong-type", "\"?\" must be a pattern string or an object of query item patterns, found "
                        + queryNode.kindDescription, at: queryNode)
            }
        }
        let exclude = object["exclude"].flatMap(collector.bool) ?? false
        let comment = object["comment"].flatMap(collector.string)
        return AASARule(
            path: path, query: query, fragment: fragment, isExclusion: exclude, comment: comment,
            percentEncoded: settings.percentEncoded ?? true, caseSensitive: caseSensitive, jsonPath: node.path,
            location: node.location, source: node.plainValue)
    }

    /// Legacy `paths`: case-sensitive, percent-encoded, no substitution variables, `NOT ` to exclude.
    private func readPaths(_ node: JSONNode, compiler: AASAPatternCompiler) -> [AASARule] {
        warnShadowed(readPathRules(node, compiler: compiler))
    }

    private func readPathRules(_ node: JSONNode, compiler: AASAPatternCompiler) -> [AASARule] {
        collector.strings(node).compactMap { text, element in
            let isExclusion = text.hasPrefix("NOT ")
            let patternText = isExclusion ? String(text.dropFirst(4)) : text
            if patternText.contains("$(") {
                collector.warning(
                    "variable-in-legacy-path", "legacy \"paths\" have no substitution variables; \"$(\" is matched as text",
                    at: element)
            }
            let pattern = checkedPattern(
                compiler.compile(patternText, isPath: true, caseSensitive: true, withVariables: false), at: element)
            return AASARule(
                path: pattern, query: nil, fragment: nil, isExclusion: isExclusion, isLegacyPath: true, jsonPath: element.path,
                location: element.location, source: .string(text))
        }
    }

    private func readDefaults(_ node: JSONNode) -> MatchingDefaults {
        guard let object = collector.object(node, known: Self.defaultsKeys) else { return MatchingDefaults() }
        return MatchingDefaults(
            caseSensitive: object["caseSensitive"].flatMap(collector.bool),
            percentEncoded: object["percentEncoded"].flatMap(collector.bool))
    }

    private func readVariables(_ node: JSONNode) -> [String: [String]] {
        guard case .object(let members) = node.value, collector.object(node) != nil else {
            _ = collector.object(node)
            return [:]
        }
        var variables: [String: [String]] = [:]
        for member in members {
            if member.key.isEmpty || member.key.contains(where: { "$()".contains($0) }) {
                collector.add(
                    .error, "invalid-variable-name",
                    "variable name \(JSONWriter.quoted(member.key)) must not be empty or contain '$', '(' or ')'",
                    path: member.value.path, location: member.keyLocation)
                continue
            }
            let values = collector.strings(member.value)
            for (value, element) in values where value.contains("$(") {
                collector.error("invalid-pattern", "a variable's strings cannot use other variables", at: element)
            }
            variables[member.key] = values.map(\.0)
        }
        return variables
    }

    /// The app ID as written, with a warning when it does not look like `TEAMID.bundle.id`: iOS
    /// keeps such an entry and compares app IDs as text, so it can only ever name an app whose
    /// application identifier is exactly that text, most often none.
    private func checkedAppID(_ appID: String, at node: JSONNode) -> String? {
        guard !appID.isEmpty else {
            collector.error("empty-app-id", "the app ID is empty; write the app's TEAMID.bundle.id", at: node)
            return nil
        }
        if let problem = AppIdentifierSyntax.appIDProblem(appID) {
            collector.add(
                .warning, "invalid-app-id",
                problem + "; iOS keeps the entry and compares app IDs as text, so it names only an app whose ID is exactly this",
                path: node.path, location: node.location)
        }
        return appID
    }

    /// Reports a rule that comes after a rule matching every URL: iOS decides by the first rule
    /// that matches, so the later rule is never reached.
    private func warnShadowed(_ rules: [AASARule]) -> [AASARule] {
        guard let catchAll = rules.firstIndex(where: \.matchesEveryURL) else { return rules }
        for rule in rules[(catchAll + 1)...] {
            collector.add(
                .warning, "shadowed-rule",
                "this rule is never reached: \(rules[catchAll].jsonPath) \(rules[catchAll].source.jsonText) matches every "
                    + "URL first; move it last or remove it", path: rule.jsonPath, location: rule.location)
        }
        return rules
    }

    private func checkedPattern(_ pattern: AASAPattern, at node: JSONNode) -> AASAPattern {
        for name in pattern.unknownVariables {
            collector.error(
                "unknown-variable",
                "$(\(name)) is neither predefined nor in \"substitutionVariables\"; the rule never matches", at: node)
        }
        if pattern.hasUnterminatedVariable {
            collector.error("invalid-pattern", "the pattern has a \"$(\" without \")\"", at: node)
        }
        return pattern
    }
}

/// The settings rules inherit from the levels above them, and the file's pattern compiler.
private struct RuleContext {
    let defaults: MatchingDefaults
    let compiler: AASAPatternCompiler
}
