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
    /// Receives diagnostics when the config's `logging` is on.
    public var logger: (any RouteLogger)?
    private(set) var handlers: [String: RouteHandler] = [:]

    /// Starts a builder.
    /// - Parameters:
    ///   - config: The routes and settings.
    ///   - logger: Receives diagnostics when the config's `logging` is on.
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

    /// The handler names routes use that have no handler registered yet.
    public var unregisteredHandlerNames: Set<String> {
        var names = Set(config.routes.flatMap(\.destination.handlers))
        names.formUnion(config.defaultRoute?.handlers ?? [])
        return names.subtracting(handlers.keys)
    }

    /// Builds the router.
    /// - Returns: An immutable, `Sendable` router.
    /// - Throws: ``ConfigError`` with code `duplicate-route` when two routes have the same pattern.
    public func build() throws(ConfigError) -> Router {
        try Router(config: config, handlers: handlers, logger: config.logging ? logger : nil)
    }
}
