import Foundation

/// A `MobileDeepLinkingConfig.json`: the app's routes, default route, storyboards, and the
/// extensions swift-deeplink adds (`schemes`, `hosts`).
///
/// Read it with ``load(contentsOf:)`` or ``parse(_:file:)``; both reject a bad file with a
/// ``ConfigError`` that names the file, line and JSON path. ``diagnose(_:file:)`` reports every
/// error and warning at once, for `deeplink check`.
public struct DeepLinkConfig: Sendable, Hashable {
    /// Whether the router reports diagnostics to its logger. It never changes which route wins.
    public var logging: Bool
    /// The storyboards routes use unless they name their own.
    public var storyboard: StoryboardNames?
    /// Where links go when no route matches.
    public var defaultRoute: RouteDestination?
    /// The routes, in config order; the order breaks ties between equally specific routes.
    public var routes: [RouteDefinition] {
        didSet { routesCheck = RoutesCheck() }
    }
    /// Whether ``routes`` were checked for ``RouterBuilder/problems(in:)`` and had none, since
    /// they last changed: a config reader checks them to report every problem, and the builder
    /// need not check them again (10% of loading a 10,000-route config).
    var routesCheck = RoutesCheck()
    /// The custom schemes the app owns, lowercased. Empty means any scheme is accepted. `http`,
    /// `https` and schemes of other apps (`mailto`, `itms-apps`, ...) are config errors here:
    /// https links belong in ``hosts``.
    public var schemes: [String]
    /// The https hosts of the app's universal links, lowercased.
    public var hosts: [String]
    /// Where each of ``hosts`` is written in the config, for findings about it.
    package var hostLocations: [String: SourceLocation] = [:]
    /// Whether every route needs a signed-in user unless it says otherwise (`requiresAuth`).
    public var requiresAuth: Bool
    /// The origins that may navigate unless a route says otherwise (`allowedOrigins`);
    /// by default every origin but a push notification that arrives in the background.
    public var allowedOrigins: Set<LinkOrigin>
    /// The sections other modules read (``ConfigSection``), by key, as they were written with
    /// their source locations; empty for a config made in code.
    package var sections: [String: JSONNode] = [:]
    /// The file the config was read from, if any.
    public var file: String?

    /// Creates a config in code.
    /// - Parameters:
    ///   - routes: The routes, in priority order for ties.
    ///   - defaultRoute: Where links go when no route matches.
    ///   - storyboard: The storyboards routes use unless they name their own.
    ///   - schemes: The custom schemes the app owns; empty accepts any scheme.
    ///   - hosts: The https hosts of the app's universal links.
    ///   - requiresAuth: Whether every route needs a signed-in user unless it says otherwise.
    ///   - allowedOrigins: The origins that may navigate unless a route says otherwise.
    ///   - logging: Whether the router reports diagnostics to its logger.
    public init(
        routes: [RouteDefinition] = [], defaultRoute: RouteDestination? = nil, storyboard: StoryboardNames? = nil,
        schemes: [String] = [], hosts: [String] = [], requiresAuth: Bool = false,
        allowedOrigins: Set<LinkOrigin> = LinkOrigin.defaultAllowed, logging: Bool = false
    ) {
        self.requiresAuth = requiresAuth
        self.allowedOrigins = allowedOrigins
        self.routes = routes
        self.defaultRoute = defaultRoute
        self.storyboard = storyboard
        self.schemes = schemes.map { $0.lowercased() }
        self.hosts = hosts.map { $0.lowercased() }
        self.logging = logging
    }

    /// Reads a config file.
    /// - Parameter url: The file's location.
    /// - Returns: The config.
    /// - Throws: ``ConfigError`` for an unreadable file or the first error in it.
    public static func load(contentsOf url: URL) throws(ConfigError) -> DeepLinkConfig {
        try diagnose(contentsOf: url).usableConfig()
    }

    /// Reads a config from its text.
    /// - Parameters:
    ///   - text: The JSON text.
    ///   - file: The file name to put in errors, if any.
    /// - Returns: The config.
    /// - Throws: ``ConfigError`` for the first error in the text.
    public static func parse(_ text: String, file: String? = nil) throws(ConfigError) -> DeepLinkConfig {
        try diagnose(text, file: file).usableConfig()
    }

    /// Reads a config file and reports every error and warning in it.
    /// - Parameter url: The file's location.
    public static func diagnose(contentsOf url: URL) -> ConfigReport {
        let file = ConfigFile(url: url)
        switch file.text(what: "the config file") {
        case .failure(let error): return ConfigReport(config: nil, errors: [error], warnings: [])
        case .success(let text): return diagnose(text, file: file.name)
        }
    }

    /// Reads a config from its text and reports every error and warning in it.
    /// - Parameters:
    ///   - text: The JSON text.
    ///   - file: The file name to put in errors, if any.
    public static func diagnose(_ text: String, file: String? = nil) -> ConfigReport {
        let reader = ConfigReader(file: file)
        return reader.read(text)
    }
}

/// Everything found while reading a config: the config when it is usable, every error, every warning.
public struct ConfigReport: Sendable {
    /// The config, or `nil` when there are errors.
    public let config: DeepLinkConfig?
    /// The errors, in document order.
    public let errors: [ConfigError]
    /// The warnings, in document order.
    public let warnings: [Diagnostic]

    /// Creates a report.
    /// - Parameters:
    ///   - config: The config, or `nil` when there are errors.
    ///   - errors: The errors.
    ///   - warnings: The warnings.
    public init(config: DeepLinkConfig?, errors: [ConfigError], warnings: [Diagnostic]) {
        self.config = errors.isEmpty ? config : nil
        self.errors = errors
        self.warnings = warnings
    }

    /// Errors and warnings together, errors first, each group in document order.
    public var diagnostics: [Diagnostic] { errors.map(\.diagnostic) + warnings }

    /// The config, or the first error.
    func usableConfig() throws(ConfigError) -> DeepLinkConfig {
        if let error = errors.first { throw error }
        guard let config else { preconditionFailure("a report without errors has a config") }
        return config
    }
}

/// Whether a config's routes are known to have no problem; not part of the config's value, so
/// configs that differ only in it are equal.
struct RoutesCheck: Sendable, Hashable {
    var hasNoProblems = false

    static func == (lhs: RoutesCheck, rhs: RoutesCheck) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
