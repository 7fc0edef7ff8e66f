import DeepLinkCore

extension AssociationSettings {
    /// The config's `apps` section.
    /// - Parameter config: A config read from a file or text, so that its document is kept.
    /// - Throws: ``ConfigError``: `missing-value` when the config has no `apps` section, or the
    ///   first error in it, naming the file, JSON path and line.
    public static func load(from config: DeepLinkConfig) throws(ConfigError) -> AssociationSettings {
        let report = diagnose(config)
        if let error = report.errors.first { throw error }
        guard let settings = report.settings else {
            var error = ConfigError(
                code: .missingValue,
                message: "the config has no \"apps\" section; add one naming the iOS and Android apps and the hosts",
                path: .root, location: nil)
            error.file = config.file
            throw error
        }
        return settings
    }

    /// Reads the config's `apps` section and reports every error and warning in it. A config
    /// without the section gives a report without settings and without findings.
    /// - Parameter config: A config read from a file or text, so that its document is kept.
    public static func diagnose(_ config: DeepLinkConfig) -> AssociationSettingsReport {
        let read = config.readSection(.apps) { node, reader throws(ConfigError) in
            try SettingsReader(config: config, reader: reader).readApps(node)
        }
        return AssociationSettingsReport(settings: read.value, errors: read.errors, warnings: read.warnings)
    }
}

/// Reads `apps`, collecting every error rather than stopping at the first.
private struct SettingsReader {
    static let appsKeys: Set<String> = ["ios", "android", "hosts"]
    static let iosKeys: Set<String> = ["appID", "appClipID", "appStoreID"]
    static let androidKeys: Set<String> = ["package", "sha256CertFingerprints"]
    static let hostKeys: Set<String> = [
        "universalLinks", "exclude", "webcredentials", "appclips", "defaults", "substitutionVariables",
    ]
    static let defaultsKeys: Set<String> = ["caseSensitive", "percentEncoded"]

    let config: DeepLinkConfig
    let reader: ConfigSectionReader

    func readApps(_ node: JSONNode) throws(ConfigError) -> AssociationSettings {
        let object = try reader.object(node, known: Self.appsKeys)
        let errorsBefore = reader.errors.count
        let iosApps = reader.attempt { () throws(ConfigError) in try object.optional("ios").map(readIOSApps) } ?? []
        // An iOS app already refused may be the one with the App Clip: a host's "appclips" is
        // then not judged against the apps left, which would blame it for the earlier error.
        let iosAppsComplete = reader.errors.count == errorsBefore
        let androidApps = reader.attempt { () throws(ConfigError) in try object.optional("android").map(readAndroidApps) } ?? []
        let hostsNode = try object.required("hosts")
        if iosApps.isEmpty && androidApps.isEmpty && reader.errors.count == errorsBefore {
            reader.report(
                ConfigError(
                    code: .missingValue,
                    message: "\"apps\" names no app; add an \"ios\" entry with an appID or an \"android\" entry with a package",
                    at: node))
        }
        let hosts = reader.attempt { () throws(ConfigError) in try readHosts(hostsNode, iosApps: iosApps, iosAppsComplete: iosAppsComplete) } ?? []
        return AssociationSettings(iosApps: iosApps, androidApps: androidApps, hosts: hosts, schemes: config.schemes)
    }

    private func readIOSApps(_ node: JSONNode) throws(ConfigError) -> [IOSApp] {
        var apps: [IOSApp] = []
        var seen: Set<String> = []
        for element in try node.readArray() {
            let app = reader.attempt { () throws(ConfigError) -> IOSApp in
                let object = try reader.object(element, known: Self.iosKeys)
                let appIDNode = try object.required("appID")
                let appID = try readAppID(appIDNode)
                let clipNode = object.optional("appClipID")
                let clipID = try clipNode.map(readAppID)
                if let clipNode, let clipID {
                    let parent = appID.drop { $0 != "." }.dropFirst()
                    guard clipID.hasPrefix(appID + ".") else {
                        throw ConfigError(
                            code: .invalidValue,
                            message: "the App Clip's ID must be the app's ID followed by a dot and a name, like "
                                + "\"\(appID).Clip\", so its bundle ID extends \"\(parent)\"",
                            at: clipNode)
                    }
                }
                guard seen.insert(appID).inserted else {
                    throw ConfigError(code: .invalidValue, message: "app ID \"\(appID)\" is listed twice", at: appIDNode)
                }
                let appStoreID = try object.optional("appStoreID").map(readAppStoreID)
                return try checked(at: element) { () throws(AssociationError) in
                    try IOSApp(appID: appID, appClipID: clipID, appStoreID: appStoreID)
                }
            }
            if let app { apps.append(app) }
        }
        return apps
    }

    private func readAppID(_ node: JSONNode) throws(ConfigError) -> String {
        let text = try node.readNonEmptyString()
        if let problem = AppIdentifierSyntax.appIDProblem(text) {
            throw ConfigError(code: .invalidValue, message: problem, at: node)
        }
        return text
    }

    /// A string of digits; a JSON number is refused, since IDs are identifiers, not quantities.
    private func readAppStoreID(_ node: JSONNode) throws(ConfigError) -> String {
        guard case .string(let text) = node.value else {
            throw ConfigError(
                code: .wrongType, message: "expected the App Store ID as a string of digits, like \"123456789\", found \(node.kindDescription)",
                at: node)
        }
        if let problem = AppIdentifierSyntax.appStoreIDProblem(text) {
            throw ConfigError(code: .invalidValue, message: problem, at: node)
        }
        return text
    }

    private func readAndroidApps(_ node: JSONNode) throws(ConfigError) -> [AndroidApp] {
        var apps: [AndroidApp] = []
        var seen: Set<String> = []
        for element in try node.readArray() {
            let app = reader.attempt { () throws(ConfigError) -> AndroidApp in
                let object = try reader.object(element, known: Self.androidKeys)
                let packageNode = try object.required("package")
                let package = try packageNode.readNonEmptyString()
                guard AppIdentifierSyntax.isPackageName(package) else {
                    throw ConfigError(
                        code: .invalidValue,
                        message: "\"\(package)\" is not an Android application ID: use two or more dot-separated parts "
                            + "that start with a letter, like \"com.example.shop\"",
                        at: packageNode)
                }
                guard seen.insert(package).inserted else {
                    throw ConfigError(code: .invalidValue, message: "package \"\(package)\" is listed twice", at: packageNode)
                }
                let fingerprintsNode = try object.required("sha256CertFingerprints")
                let elements = try fingerprintsNode.readArray()
                guard !elements.isEmpty else {
                    throw ConfigError(
                        code: .missingValue,
                        message: "list at least one SHA-256 signing certificate fingerprint (Play Console, App signing)",
                        at: fingerprintsNode)
                }
                var fingerprints: [String] = []
                for element in elements {
                    let fingerprint = try element.readNonEmptyString()
                    if let problem = AppIdentifierSyntax.fingerprintProblem(fingerprint) {
                        throw ConfigError(code: .invalidValue, message: problem, at: element)
                    }
                    fingerprints.append(fingerprint)
                }
                return try checked(at: element) { () throws(AssociationError) in
                    try AndroidApp(package: package, sha256CertFingerprints: fingerprints)
                }
            }
            if let app { apps.append(app) }
        }
        return apps
    }

    private func readHosts(_ node: JSONNode, iosApps: [IOSApp], iosAppsComplete: Bool) throws(ConfigError) -> [HostAssociation] {
        let object = try reader.object(node)
        var hosts: [HostAssociation] = []
        for member in object.members {
            let host = reader.attempt { () throws(ConfigError) in try readHost(member, iosApps: iosApps, iosAppsComplete: iosAppsComplete) }
            if let host { hosts.append(host) }
        }
        return hosts
    }

    private func readHost(_ member: JSONMember, iosApps: [IOSApp], iosAppsComplete: Bool) throws(ConfigError) -> HostAssociation {
        let host = member.key.lowercased()
        guard config.hosts.contains(host) else {
            let message =
                host.hasPrefix("*.")
                ? "wildcard host \"\(member.key)\" cannot serve one association file; list each subdomain in \"hosts\" and here"
                : "host \"\(member.key)\" is not in the config's top-level \"hosts\"; add it there so routes and links agree"
            throw ConfigError(code: .invalidValue, message: message, path: member.value.path, location: member.keyLocation)
        }
        let object = try reader.object(member.value, known: Self.hostKeys)
        let variables = reader.attempt { () throws(ConfigError) in
            try object.optional("substitutionVariables").map(readVariables)
        } ?? [:]
        let routes = reader.attempt { () throws(ConfigError) in
            try object.optional("universalLinks").map(readUniversalLinks)
        } ?? config.routes
        let exclusions = reader.attempt { () throws(ConfigError) in
            try object.optional("exclude").map { node throws(ConfigError) in try readExclusions(node, variables: variables) }
        } ?? []
        let webCredentials = reader.attempt { () throws(ConfigError) in try object.optional("webcredentials")?.readBool() } ?? false
        let appClipsNode = object.optional("appclips")
        let appClips = reader.attempt { () throws(ConfigError) in try appClipsNode?.readBool() } ?? false
        if appClips, let appClipsNode, iosAppsComplete, !iosApps.contains(where: { $0.appClipID != nil }) {
            reader.report(
                ConfigError(
                    code: .invalidValue, message: "\"appclips\" is on but no iOS app has an \"appClipID\"; add one",
                    at: appClipsNode))
        }
        let defaults = reader.attempt { () throws(ConfigError) in try object.optional("defaults").map(readDefaults) }
        return HostAssociation(
            host: host, universalLinkRoutes: routes, exclusions: exclusions, webCredentials: webCredentials,
            appClips: appClips, defaults: defaults ?? MatchingDefaults(), substitutionVariables: variables)
    }

    /// `"*"` for every route, or a list of route keys written as in `routes`.
    private func readUniversalLinks(_ node: JSONNode) throws(ConfigError) -> [RouteDefinition] {
        if case .string("*") = node.value { return config.routes }
        var routes: [RouteDefinition] = []
        for element in try node.readArray() {
            let route = reader.attempt { () throws(ConfigError) -> RouteDefinition in
                let key = try element.readNonEmptyString()
                let pattern = try RoutePattern(key, path: element.path, location: element.location)
                guard let route = config.routes.first(where: { $0.pattern == pattern }) else {
                    let known = config.routes.map { JSONWriter.quoted($0.pattern.description) }.joined(separator: ", ")
                    throw ConfigError(
                        code: .invalidValue,
                        message: "no route \(JSONWriter.quoted(key)) in \"routes\"; use one of \(known), or \"*\" for all",
                        at: element)
                }
                guard !routes.contains(route) else {
                    throw ConfigError(code: .invalidValue, message: "route \(JSONWriter.quoted(key)) is listed twice", at: element)
                }
                return route
            }
            if let route { routes.append(route) }
        }
        return routes
    }

    private func readExclusions(_ node: JSONNode, variables: [String: [String]]) throws(ConfigError) -> [String] {
        var exclusions: [String] = []
        for element in try node.readArray() {
            let pattern = try element.readNonEmptyString()
            guard let first = pattern.first, "/*?$".contains(first) else {
                throw ConfigError(
                    code: .invalidValue,
                    message: "exclusion \(JSONWriter.quoted(pattern)) must be a path pattern starting with \"/\", like \"/account/*\"",
                    at: element)
            }
            let compiled = AASAPattern(pattern, variables: SubstitutionVariables(custom: variables))
            if let unknown = compiled.unknownVariables.first {
                throw ConfigError(
                    code: .invalidValue,
                    message: "exclusion \(JSONWriter.quoted(pattern)) uses $(\(unknown)), which is neither predefined nor in "
                        + "\"substitutionVariables\"",
                    at: element)
            }
            if compiled.hasUnterminatedVariable {
                throw ConfigError(
                    code: .invalidValue, message: "exclusion \(JSONWriter.quoted(pattern)) has a \"$(\" without \")\"", at: element)
            }
            exclusions.append(pattern)
        }
        return exclusions
    }

    private func readDefaults(_ node: JSONNode) throws(ConfigError) -> MatchingDefaults {
        let object = try reader.object(node, known: Self.defaultsKeys)
        return MatchingDefaults(
            caseSensitive: try object.optional("caseSensitive")?.readBool(),
            percentEncoded: try object.optional("percentEncoded")?.readBool())
    }

    private func readVariables(_ node: JSONNode) throws(ConfigError) -> [String: [String]] {
        let object = try reader.object(node)
        var variables: [String: [String]] = [:]
        for member in object.members {
            guard !member.key.isEmpty, !member.key.contains(where: { "$()".contains($0) }) else {
                throw ConfigError(
                    code: .invalidValue,
                    message: "variable name \(JSONWriter.quoted(member.key)) must not be empty or contain '$', '(' or ')'",
                    path: member.value.path, location: member.keyLocation)
            }
            if SubstitutionVariables.predefinedNames.contains(member.key) {
                reader.warn(
                    Diagnostic(
                        severity: .warning, code: "shadowed-variable",
                        message: "variable \(JSONWriter.quoted(member.key)) replaces Apple's predefined $(\(member.key))",
                        path: member.value.path, location: member.keyLocation))
            }
            let values = try member.value.readStringArray()
            for (index, value) in values.enumerated() where value.contains("$(") {
                throw ConfigError(
                    code: .invalidValue, message: "a variable's strings cannot use other variables",
                    path: member.value.path.appending(index: index), location: member.value.location)
            }
            guard !values.isEmpty else {
                throw ConfigError(code: .invalidValue, message: "a variable needs at least one string", at: member.value)
            }
            variables[member.key] = values
        }
        return variables
    }

    /// A model whose initializer checks what the reader did not, its error placed at `node`.
    private func checked<Model>(at node: JSONNode, _ make: () throws(AssociationError) -> Model) throws(ConfigError) -> Model {
        do {
            return try make()
        } catch {
            throw ConfigError(code: .invalidValue, message: error.message, at: node)
        }
    }
}
