/// Collects a config and the app's handlers, then builds an immutable ``Router``.
///
/// ```swift
/// var builder = RouterBuilder(config: try DeepLinkConfig.load(contentsOf: configURL))
/// builder.handle("logAnalytics") { context in
///     analytics.track(context.url)
///     return .continue
/// }
/// let router = try builder.build()
/// ```
public struct RouterBuilder: Sendable {
    /// The config the router is built from.
    public var config: DeepLinkConfig
    /// Receives diagnostics when the config's `logging` is on; ``PrintRouteLogger`` when `nil`.
    public var logger: (any RouteLogger)?
    private(set) var handlers: [String: RouteHandler] = [:]
    private(set) var coordinators: [any LinkCoordinatorHandler] = []

    /// Starts a builder.
    /// - Parameters:
    ///   - config: The routes and settings.
    ///   - logger: Receives diagnostics when the config's `logging` is on; without one, they are
    ///     printed to the console.
    public init(config: DeepLinkConfig, logger: (any RouteLogger)? = nil) {
        self.config = config
        self.logger = logger
    }

    /// Registers a handler under the name routes use in their `handlers` lists; registering a
    /// name again replaces the handler.
    /// - Parameters:
    ///   - name: The handler's name, e.g. `logAnalytics`.
    ///   - handler: The handler.
    public mutating func handle(_ name: String, _ handler: @escaping RouteHandler) {
        handlers[name] = handler
    }

    /// Adds a route defined in code. Code routes follow the config's routes: they obey the same
    /// precedence (literal segments beat parameters), and ties between routes of the same shape
    /// go to the config's routes first, then to code routes in the order they were added.
    /// - Parameter route: The route.
    public mutating func addRoute(_ route: RouteDefinition) {
        config.routes.append(route)
    }

    /// Adds a route defined in code from its parts.
    /// - Parameters:
    ///   - pattern: The route key, e.g. `sales/:saleId`.
    ///   - className: The screen class, if the route shows one.
    ///   - handlers: The names of the handlers to run, in order.
    ///   - parameters: Validation rules by parameter name.
    ///   - requiresAuth: Whether the route needs a signed-in user; `nil` follows the config.
    ///   - parent: The pattern of the route shown beneath this one.
    /// - Throws: ``ConfigError`` for an invalid pattern, or a route with neither class nor handlers.
    public mutating func addRoute(
        _ pattern: String, className: String? = nil, handlers: [String] = [], parameters: [ParameterRule] = [],
        requiresAuth: Bool? = nil, parent: String? = nil
    ) throws(ConfigError) {
        let routePattern = try RoutePattern(pattern)
        guard className != nil || !handlers.isEmpty else {
            throw ConfigError(
                code: .routeWithoutDestination, message: "route \(routePattern) needs a class, handlers, or both",
                path: .root, location: nil)
        }
        addRoute(
            RouteDefinition(
                pattern: routePattern, destination: RouteDestination(className: className, handlers: handlers),
                parameters: parameters, requiresAuth: requiresAuth, parent: try parent.map { p throws(ConfigError) in try RoutePattern(p).normalized }))
    }

    /// Adds a coordinator handler. The router asks coordinators, in the order added, after no
    /// route matches the full path and before it trims the path or uses the default route.
    /// - Parameter coordinator: The handler.
    public mutating func addCoordinator(_ coordinator: any LinkCoordinatorHandler) {
        coordinators.append(coordinator)
    }

    /// The handler names routes use that have no handler registered yet.
    public var unregisteredHandlerNames: Set<String> {
        var names = Set(config.routes.flatMap(\.destination.handlers))
        names.formUnion(config.defaultRoute?.handlers ?? [])
        return names.subtracting(handlers.keys)
    }

    /// Registers a handler that only continues under every handler name the routes use that has
    /// none yet: for tools that ask where links go without the app's code (the CLI, the link
    /// server, the coverage lint).
    package mutating func registerPassThroughHandlers() {
        for name in unregisteredHandlerNames { handle(name) { _ in .continue } }
    }

    /// Builds the router, after checking the route table: this is where a table made of config
    /// routes and code routes is validated, once.
    /// - Returns: An immutable, `Sendable` router.
    /// - Throws: ``ConfigError`` with code `duplicate-route` when two routes have the same pattern,
    ///   or `invalid-parent` when a `parent` names no route, forms a cycle, or needs a parameter
    ///   its child cannot supply.
    public func build() throws(ConfigError) -> Router {
        if !config.routesCheck.hasNoProblems, var problem = Self.problems(in: config.routes).first {
            problem.file = config.file
            throw problem
        }
        return Router(config: config, handlers: handlers, coordinators: coordinators, logger: config.logging ? (logger ?? PrintRouteLogger()) : nil)
    }
}
