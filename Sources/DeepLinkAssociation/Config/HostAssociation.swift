import DeepLinkCore

/// What one https host of the config serves: `apps.hosts["shop.example.com"]`.
public struct HostAssociation: Sendable, Hashable {
    /// The host, lowercased, e.g. `shop.example.com`.
    public let host: String
    /// The routes that open the app as universal links and App Links on this host, in config order.
    public let universalLinkRoutes: [RouteDefinition]
    /// Path patterns (Apple syntax) that must stay on the web even where a route would match.
    public let exclusions: [String]
    /// Whether the host shares web credentials (passwords) with the apps.
    public let webCredentials: Bool
    /// Whether the host's URLs may open the iOS apps' App Clips.
    public let appClips: Bool
    /// How patterns are compared with URLs on this host.
    public let defaults: MatchingDefaults
    /// The host's own substitution variables, by name.
    public let substitutionVariables: [String: [String]]

    /// Creates the settings of one host.
    /// - Parameters:
    ///   - host: The host name.
    ///   - universalLinkRoutes: The routes that open the app on this host.
    ///   - exclusions: Path patterns that must stay on the web.
    ///   - webCredentials: Whether the host shares web credentials with the apps.
    ///   - appClips: Whether the host's URLs may open App Clips.
    ///   - defaults: How patterns are compared with URLs.
    ///   - substitutionVariables: The host's own substitution variables.
    public init(
        host: String, universalLinkRoutes: [RouteDefinition], exclusions: [String] = [], webCredentials: Bool = false,
        appClips: Bool = false, defaults: MatchingDefaults = MatchingDefaults(), substitutionVariables: [String: [String]] = [:]
    ) {
        self.host = host.lowercased()
        self.universalLinkRoutes = universalLinkRoutes
        self.exclusions = exclusions
        self.webCredentials = webCredentials
        self.appClips = appClips
        self.defaults = defaults
        self.substitutionVariables = substitutionVariables
    }

    /// The variables the host's patterns may use: the predefined ones and the host's own.
    public var variables: SubstitutionVariables { SubstitutionVariables(custom: substitutionVariables) }
}
