/// Turns a config document into a ``DeepLinkConfig``, collecting every error and warning
/// instead of stopping at the first, so `deeplink check` can report them all.
final class ConfigReader {
    /// Top-level keys read by this module.
    static let topLevelKeys: Set<String> = [
        "logging", "storyboard", "defaultRoute", "routes", "schemes", "hosts", "requiresAuth", "allowedOrigins",
    ]
    static let routeKeys: Set<String> = [
        "class", "identifier", "storyboard", "handlers", "routeParameters", "requiresAuth", "allowedOrigins", "parent",
        "minAppVersion",
    ]
    static let defaultRouteKeys: Set<String> = ["class", "identifier", "storyboard", "handlers"]
    static let parameterKeys: Set<String> = ["required", "regex", "type"]
    static let storyboardKeys: Set<String> = ["iPhone", "iPad"]
    /// Keys that guard access: a misspelling would silently open a route to more links or users,
    /// so a near miss of one is an error, not a warning.
    static let accessKeys: Set<String> = ["requiresAuth", "allowedOrigins", "schemes", "hosts"]

    private let reader: ConfigSectionReader
    private var compiledPatterns: [String: ParameterPattern] = [:]
    private var handlerLists: Set<[String]> = []
    private var previousHandlerList: [String]?
    /// The shared lists of parameter rules, by the name of their first rule: comparing the few
    /// lists that start alike costs less than hashing every rule's name and regex.
    private var parameterLists: [String: [[ParameterRule]]] = [:]

    init(file: String?) {
        reader = ConfigSectionReader(file: file)
    }

    func read(_ text: String) -> ConfigReport {
        let config = reader.attempt { () throws(ConfigError) in try readConfig(JSONParser.parseDocument(text)) }
        return ConfigReport(config: config, errors: reader.errors, warnings: reader.warnings)
    }

    private func readConfig(_ root: JSONNode) throws(ConfigError) -> DeepLinkConfig {
        let sectionKeys = ConfigSection.all.map(\.key)
        let object = try reader.object(root, known: Self.topLevelKeys.union(sectionKeys), refusingNearMissesOf: Self.accessKeys)
        var config = DeepLinkConfig()
        // Kept as written, `null` included: the module that reads a section decides what null means.
        for member in object.members where sectionKeys.contains(member.key) { config.sections[member.key] = member.value.detached() }
        config.file = reader.file
        config.logging = reader.attempt { () throws(ConfigError) in try object.optional("logging")?.readBool() } ?? false
        config.storyboard = reader.attempt { () throws(ConfigError) in try object.optional("storyboard").map(readStoryboard) }
        config.defaultRoute = reader.attempt { () throws(ConfigError) in
            try object.optional("defaultRoute").map { node throws(ConfigError) in
                try readDestination(reader.object(node, known: Self.defaultRouteKeys))
            }
        }
        config.schemes = reader.attempt { () throws(ConfigError) in try object.optional("schemes").map(readSchemes) }?.map(\.name) ?? []
        let hosts = reader.attempt { () throws(ConfigError) in try object.optional("hosts").map(readHosts) } ?? []
        config.hosts = hosts.map(\.name)
        config.hostLocations = Dictionary(hosts.map { ($0.name, $0.location) }, uniquingKeysWith: { first, _ in first })
        config.requiresAuth = reader.attempt { () throws(ConfigError) in try object.optional("requiresAuth")?.readBool() } ?? false
        config.allowedOrigins = reader.attempt { () throws(ConfigError) in try object.optional("allowedOrigins").map(readOrigins) }
            ?? LinkOrigin.defaultAllowed
        config.routes = reader.attempt { () throws(ConfigError) in try readRoutes(object.required("routes")) } ?? []
        let problems = RouterBuilder.problems(in: config.routes)
        for problem in problems { reader.report(problem) }
        config.routesCheck.hasNoProblems = problems.isEmpty
        return config
    }

    private func readRoutes(_ node: JSONNode) throws(ConfigError) -> [RouteDefinition] {
        let members = try reader.object(node).members
        var routes: [RouteDefinition] = []
        // Sized once: growing by doubling left up to twice the routes' memory allocated for as long as the router lives.
        routes.reserveCapacity(members.count)
        for member in members {
            if let route = plainRoute(member) ?? reader.attempt({ () throws(ConfigError) in try readRoute(member) }) { routes.append(route) }
        }
        return routes
    }

    private func readRoute(_ member: JSONMember) throws(ConfigError) -> RouteDefinition {
        let pattern = try RoutePattern(member.key, location: member.keyLocation, path: { member.value.path })
        let object = try reader.object(member.value, known: Self.routeKeys, refusingNearMissesOf: Self.accessKeys)
        let parameters = try object.optional("routeParameters").map { node throws(ConfigError) in
            try readParameters(node)
        } ?? []
        let destination = try readDestination(object)
        let parent = try object.optional("parent").map { node throws(ConfigError) in
            try RoutePattern(node.readNonEmptyString(), location: node.location, path: { node.path }).normalized
        }
        return RouteDefinition(
            pattern: pattern, destination: destination, parameters: parameters,
            requiresAuth: try object.optional("requiresAuth")?.readBool(),
            allowedOrigins: try object.optional("allowedOrigins").map(readOrigins), parent: parent,
            location: member.keyLocation, minAppVersion: try object.optional("minAppVersion").map(readMinimumAppVersion) ?? MinimumAppVersion())
    }

    /// Reads `minAppVersion`: `{"ios": "5.2", "android": "520"}`, either or both.
    private func readMinimumAppVersion(_ node: JSONNode) throws(ConfigError) -> MinimumAppVersion {
        let object = try reader.object(node, known: ["ios", "android"], refusingUnknownKeys: true)
        func version(_ platform: DeferredLinkDeviceSignals.Platform) throws(ConfigError) -> AppVersion? {
            guard let member = object.optional(platform.rawValue) else { return nil }
            let text = try member.readString()
            guard let version = AppVersion(text, for: platform) else {
                throw ConfigError(
                    code: .invalidValue, message: "\(JSONWriter.quoted(text)) is not \(AppVersion.expectedForm(for: platform))", at: member)
            }
            return version
        }
        let minimum = MinimumAppVersion(ios: try version(.ios), android: try version(.android))
        guard !minimum.isEmpty else {
            throw ConfigError(code: .invalidValue, message: "minAppVersion names no platform; write \"ios\", \"android\" or both", at: node)
        }
        return minimum
    }

    /// Reads what a route or the default route opens.
    private func readDestination(_ object: JSONObjectReader) throws(ConfigError) -> RouteDestination {
        let className = try object.optional("class")?.readNonEmptyString()
        let identifier = try object.optional("identifier")?.readNonEmptyString()
        let storyboard = try object.optional("storyboard").map(readStoryboard)
        let handlersNode = object.optional("handlers")
        // Routes share one copy of each handler list: most routes of a large config list the same handlers.
        let handlers = try handlersNode.map { node throws(ConfigError) in try sharedHandlerList(node.readStringArray()) } ?? []
        guard className != nil || !handlers.isEmpty else {
            let what = handlersNode == nil ? "has neither \"class\" nor \"handlers\"" : "has no \"class\" and an empty \"handlers\" list"
            throw ConfigError(
                code: .routeWithoutDestination,
                message: "the route \(what), so it could do nothing; name a screen class, handlers, or both", at: object.node)
        }
        if let handlersNode, handlers.count > 1 {
            var seen: Set<String> = []
            for (index, name) in handlers.enumerated() where !seen.insert(name).inserted {
                reader.warn(
                    Diagnostic(
                        severity: .warning, code: "repeated-handler",
                        message: "handler \(JSONWriter.quoted(name)) is listed twice and will run twice",
                        path: handlersNode.path.appending(index: index), location: nil))
            }
        }
        return RouteDestination(className: className, identifier: identifier, storyboard: storyboard, handlers: handlers)
    }

    /// The one copy of a handler list that routes listing the same handlers share.
    func sharedHandlerList(_ names: [String]) -> [String] {
        // Most routes list what the one before listed: compared first, no hash needed.
        if let previous = previousHandlerList, previous == names { return previous }
        let shared = handlerLists.insert(names).memberAfterInsert
        previousHandlerList = shared
        return shared
    }

    /// The one copy of a list of parameter rules that routes declaring the same rules share:
    /// routes of one shape declare the same parameters, and an array of them costs about 110
    /// bytes a route for as long as the router lives.
    func sharedParameterList(_ rules: [ParameterRule]) -> [ParameterRule] {
        guard let first = rules.first?.name else { return [] }
        if let shared = parameterLists[first]?.first(where: { $0 == rules }) { return shared }
        parameterLists[first, default: []].append(rules)
        return rules
    }

    private func readParameters(_ node: JSONNode) throws(ConfigError) -> [ParameterRule] {
        let object = try reader.object(node)
        var rules: [ParameterRule] = []
        rules.reserveCapacity(object.members.count)
        for member in object.members {
            if ParameterRule.reservedNames.contains(member.key) {
                reader.warn(
                    Diagnostic(
                        severity: .warning, code: "reserved-parameter",
                        message: "\(JSONWriter.quoted(member.key)) belongs to the App Links protocol and is never passed to routes",
                        path: member.value.path, location: member.keyLocation))
            }
            let rule = reader.attempt { () throws(ConfigError) in
                let parameter = try reader.object(member.value, known: Self.parameterKeys)
                let isRequired = try parameter.optional("required")?.readBool() ?? false
                let pattern = try parameter.optional("regex").map { regex throws(ConfigError) in
                    try compiledPattern(regex)
                }
                let type = try parameter.optional("type").map { node throws(ConfigError) -> ParameterType in
                    let text = try node.readString()
                    guard let type = ParameterType(rawValue: text) else {
                        throw ConfigError(
                            code: .invalidValue,
                            message: "unknown parameter type \(JSONWriter.quoted(text)); write one of "
                                + ParameterType.allCases.map(\.rawValue).joined(separator: ", "),
                            at: node)
                    }
                    return type
                }
                return ParameterRule(name: member.key, isRequired: isRequired, pattern: pattern, type: type ?? .string)
            }
            if let rule { rules.append(rule) }
        }
        return sharedParameterList(rules)
    }

    /// Compiles a `regex`, once per distinct expression: large configs repeat a few expressions
    /// thousands of times, and compiling dominates their load time.
    private func compiledPattern(_ node: JSONNode) throws(ConfigError) -> ParameterPattern {
        let source = try node.readString()
        if let compiled = compiledPatternIfValid(source, location: node.location) { return compiled }
        // Compiled again only to throw its error, with the path the cache does not keep.
        return try ParameterPattern(source, path: node.path, location: node.location)
    }

    /// A `regex` compiled once per distinct expression, or `nil` when it does not compile (the
    /// general reader then reports it with its path).
    func compiledPatternIfValid(_ source: String, location: SourceLocation) -> ParameterPattern? {
        if let compiled = compiledPatterns[source] { return compiled }
        guard let compiled = try? ParameterPattern(source, location: location) else { return nil }
        compiledPatterns[source] = compiled
        return compiled
    }

    private func readStoryboard(_ node: JSONNode) throws(ConfigError) -> StoryboardNames {
        let object = try reader.object(node, known: Self.storyboardKeys)
        return StoryboardNames(
            iPhone: try object.optional("iPhone")?.readNonEmptyString(),
            iPad: try object.optional("iPad")?.readNonEmptyString())
    }

    private func readOrigins(_ node: JSONNode) throws(ConfigError) -> Set<LinkOrigin> {
        Set(try node.readArray().map { element throws(ConfigError) in try element.readCase(of: LinkOrigin.self) })
    }

    private func readSchemes(_ node: JSONNode) throws(ConfigError) -> [(name: String, location: SourceLocation)] {
        try readNames(node) { scheme in
            guard URLScheme.isValid(scheme) else {
                return "\(JSONWriter.quoted(scheme)) is not a URL scheme: it must start with a letter and contain only "
                    + "letters, digits, '+', '-' and '.' (write \"shop\", not \"shop://\")"
            }
            let lowercased = scheme.lowercased()
            if lowercased == "http" || lowercased == "https" {
                return "\(JSONWriter.quoted(scheme)) is not the app's own scheme: \(lowercased) links are universal links; "
                    + "list their domain in \"hosts\" (like \"shop.example.com\") instead"
            }
            return Self.schemesOfOtherApps[lowercased].map { owner in
                "\(JSONWriter.quoted(scheme)) belongs to \(owner), which opens those links, never your app; use a scheme of "
                    + "your own, like your app's name"
            }
        }
    }

    /// Schemes the platforms give to their own apps: a config that claims one is mistaken.
    private static let schemesOfOtherApps: [String: String] = [
        "mailto": "Mail", "tel": "Phone", "sms": "Messages", "facetime": "FaceTime", "maps": "Maps",
        "itms-apps": "the App Store", "itms-appss": "the App Store", "itms-services": "the App Store", "market": "Google Play",
        "intent": "Android's intent resolver", "file": "the file system", "data": "the browser", "javascript": "the browser",
        "about": "the browser",
    ]

    private func readHosts(_ node: JSONNode) throws(ConfigError) -> [(name: String, location: SourceLocation)] {
        try readNames(node) { host in
            HostName.isValid(host)
                ? nil
                : "\(JSONWriter.quoted(host)) is not a host name: write the domain alone, like \"shop.example.com\", "
                    + "without scheme, port or path"
        }
    }

    /// An array of names that compare case-insensitively, lowercased, each checked by `problem`.
    private func readNames(_ node: JSONNode, problem: (String) -> String?) throws(ConfigError)
        -> [(name: String, location: SourceLocation)]
    {
        try node.readArray().map { element throws(ConfigError) in
            let name = try element.readNonEmptyString()
            if let problem = problem(name) { throw ConfigError(code: .invalidValue, message: problem, at: element) }
            return (name.lowercased(), element.location)
        }
    }
}
