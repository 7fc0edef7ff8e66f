import Foundation

/// Routes deep links (custom-scheme and https universal links) to destinations and parameters.
///
/// Build one with ``RouterBuilder``. Matching is pure and the router is `Sendable`, so an app
/// can route from any thread. ``match(_:)`` decides without running handlers; ``route(_:)``
/// also runs the matched route's handler chain, or opens a coordinator handler.
/// `Docs/Semantics.md` states every rule with examples.
public struct Router: Sendable {
    /// The config the router was built from, with code-defined routes appended to its routes.
    public var config: DeepLinkConfig { tables.config }
    var coordinators: [any LinkCoordinatorHandler] { tables.coordinators }
    var logger: (any RouteLogger)? { tables.logger }
    /// The routes prepared for matching, in config order.
    var table: RouteTable { tables.table }
    /// The default route's handlers, looked up once.
    var defaultHandlers: HandlerChain { tables.defaultHandlers }
    /// The config's schemes, lowercased, each once, sorted.
    var schemes: [String] { tables.schemes }
    var hosts: UniversalLinkHosts { tables.hosts }

    /// Everything the router holds, behind one reference: each routing walk keeps a copy of the
    /// router, and copying one reference costs less than retaining every table (about 4,000
    /// fewer instructions per lookup, measured with callgrind).
    private let tables: Tables

    private final class Tables: Sendable {
        let config: DeepLinkConfig
        let coordinators: [any LinkCoordinatorHandler]
        let logger: (any RouteLogger)?
        let table: RouteTable
        let defaultHandlers: HandlerChain
        /// A list, not a set: an app has a scheme or two, and comparing them costs less than hashing.
        let schemes: [String]
        let hosts: UniversalLinkHosts

        init(config: DeepLinkConfig, coordinators: [any LinkCoordinatorHandler], logger: (any RouteLogger)?, handlers: [String: RouteHandler]) {
            self.config = config
            self.coordinators = coordinators
            self.logger = logger
            self.table = RouteTable(config: config, handlers: handlers)
            self.defaultHandlers = HandlerChain(config.defaultRoute?.handlers ?? [], registered: handlers)
            self.schemes = Set(config.schemes).sorted()
            self.hosts = UniversalLinkHosts(config.hosts)
        }
    }

    /// Prepares a route table ``RouterBuilder/build()`` has checked: one route per pattern, and
    /// parents that exist and form no cycle.
    init(
        config: DeepLinkConfig, handlers: [String: RouteHandler], coordinators: [any LinkCoordinatorHandler],
        logger: (any RouteLogger)?
    ) {
        tables = Tables(config: config, coordinators: coordinators, logger: logger, handlers: handlers)
    }

    /// Decides where a link goes without running any handler or opening any coordinator.
    ///
    /// Routes whose handlers are not all registered fail as they would in ``route(_:)``.
    /// - Parameter request: The link, its origin, the idiom and whether a user is signed in.
    /// - Returns: The outcome, destination, parameters, plan and trail.
    public func match(_ request: RouteRequest) -> RouteResult {
        var walk = RouteWalk(router: self, request: request)
        var step = walk.start()
        while true {
            switch consume step {
            case .finished(let result): return finish(result)
            case .perform(let action): step = walk.resume(action, with: action.listed())
            }
        }
    }

    /// Routes a link: finds the best route whose parameters validate and whose handlers are all
    /// registered, checks its origin and sign-in rules, runs its handlers in order, and falls
    /// back on failure; or opens the first coordinator handler that can open it.
    /// - Parameter request: The link, its origin, the idiom and whether a user is signed in.
    /// - Returns: The outcome, destination, final parameters, handlers that ran, plan and trail.
    public func route(_ request: RouteRequest) async -> RouteResult {
        var walk = RouteWalk(router: self, request: request)
        var step = walk.start()
        while true {
            switch consume step {
            case .finished(let result): return finish(result)
            case .perform(let action): step = walk.resume(action, with: await action.performed())
            }
        }
    }

    /// Decides where a URL goes for a user tap, without running handlers.
    /// - Parameters:
    ///   - url: The incoming link.
    ///   - idiom: The device idiom, which chooses storyboards.
    public func match(_ url: URL, idiom: DeviceIdiom = .phone) -> RouteResult {
        match(RouteRequest(url: url, idiom: idiom))
    }

    /// Routes a URL for a user tap; see ``route(_:)``.
    /// - Parameters:
    ///   - url: The incoming link.
    ///   - idiom: The device idiom, which chooses storyboards.
    public func route(_ url: URL, idiom: DeviceIdiom = .phone) async -> RouteResult {
        await route(RouteRequest(url: url, idiom: idiom))
    }

    /// Whether a URL reaches a route or a coordinator (not just the default route), without
    /// running handlers: what an app answers when asked whether it can open a link.
    /// - Parameter url: The link.
    public func canRoute(_ url: URL) -> Bool {
        let outcome = match(RouteRequest(url: url, isSignedIn: true)).outcome
        return outcome == .matched || outcome == .coordinated
    }

    /// The route's own storyboard object's entry for the idiom (iPad falls back to iPhone), else the
    /// config's (likewise); none for handler-only routes. `Docs/Semantics.md` §8.
    func storyboard(for destination: RouteDestination, idiom: DeviceIdiom) -> String? {
        guard destination.className != nil else { return nil }
        return destination.storyboard?.name(for: idiom) ?? config.storyboard?.name(for: idiom)
    }

    /// The index of the route with a pattern, if the router has one.
    func route(withPattern pattern: String) -> Int? {
        (try? RoutePattern(pattern)).flatMap(table.route(withPattern:))
    }

    /// Takes the result over rather than copying it: returning a borrowed result retained each of its fields.
    private func finish(_ result: consuming RouteResult) -> RouteResult {
        guard let logger else { return result }
        for attempt in result.trail {
            logger.log(RouteLogEntry(url: result.url, message: "\(attempt.path): \(attempt.reason)"))
        }
        let target = result.route?.description ?? result.coordinator ?? result.className ?? result.reason ?? "-"
        logger.log(RouteLogEntry(url: result.url, message: "\(result.outcome.rawValue): \(target)"))
        return result
    }
}
