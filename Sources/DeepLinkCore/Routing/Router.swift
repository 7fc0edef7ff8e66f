import Foundation

/// Routes deep links (custom-scheme and https universal links) to destinations and parameters.
///
/// Build one with ``RouterBuilder``. Matching is pure and the router is `Sendable`, so an app
/// can route from any thread. ``match(_:)`` decides without running handlers; ``route(_:)``
/// also runs the matched route's handler chain, or opens a coordinator handler.
/// `Docs/Semantics.md` states every rule with examples.
public struct Router: Sendable {
    /// The config the router was built from, with code-defined routes appended to its routes.
    public let config: DeepLinkConfig
    let handlers: [String: RouteHandler]
    let coordinators: [any LinkCoordinatorHandler]
    let logger: (any RouteLogger)?
    /// The routes prepared for matching, in config order.
    let routes: [CompiledRoute]
    private let routeIndex: [String: Int]
    private let tree: RouteTree
    private let schemes: Set<String>
    private let hosts: UniversalLinkHosts

    init(
        config: DeepLinkConfig, handlers: [String: RouteHandler], coordinators: [any LinkCoordinatorHandler],
        logger: (any RouteLogger)?
    ) throws(ConfigError) {
        var tree = RouteTree()
        var routeIndex: [String: Int] = [:]
        for (index, route) in config.routes.enumerated() {
            let key = route.pattern.description
            if let first = routeIndex[key] {
                throw ConfigError(
                    code: .duplicateRoute,
                    message: "route \(route.pattern) is defined twice (routes \(first) and \(index)); keep one of them",
                    path: JSONPath.root.appending(key: "routes").appending(key: key), location: route.location,
                    file: config.file)
            }
            routeIndex[key] = index
            tree.insert(route.pattern, route: index)
        }
        if let problem = ParentChain.problems(in: config.routes, file: config.file).first { throw problem }
        let registered = Set(handlers.keys)
        self.config = config
        self.routes = Self.compile(config: config, routeIndex: routeIndex, registered: registered)
        self.routeIndex = routeIndex
        self.handlers = handlers
        self.coordinators = coordinators
        self.logger = logger
        self.tree = tree
        self.schemes = Set(config.schemes)
        self.hosts = UniversalLinkHosts(config.hosts)
    }

    /// Compiles routes parents first, so each route holds its compiled parent whatever the order
    /// of the config. Parent cycles were rejected before, so the recursion ends.
    private static func compile(config: DeepLinkConfig, routeIndex: [String: Int], registered: Set<String>) -> [CompiledRoute] {
        var done: [Int: CompiledRoute] = [:]
        func compile(_ index: Int) -> CompiledRoute {
            if let route = done[index] { return route }
            let definition = config.routes[index]
            let parent = definition.parent.flatMap { routeIndex[$0] }.map(compile)
            let route = CompiledRoute(definition, config: config, registeredHandlers: registered, parent: parent)
            done[index] = route
            return route
        }
        return config.routes.indices.map(compile)
    }

    /// Decides where a link goes without running any handler or opening any coordinator.
    ///
    /// Routes whose handlers are not all registered fail as they would in ``route(_:)``.
    /// - Parameter request: The link, its origin, the idiom and whether a user is signed in.
    /// - Returns: The outcome, destination, parameters, plan and trail.
    public func match(_ request: RouteRequest) -> RouteResult {
        match(request, applyingGates: true)
    }

    /// Decides where a link goes; without gates, origin and sign-in rules are not applied, which
    /// is what checking a built link's route needs.
    func match(_ request: RouteRequest, applyingGates: Bool) -> RouteResult {
        var search: RouteSearch
        switch start(request) {
        case .failure(let rejected): return rejected.result
        case .success(let started): search = started
        }
        while let step = search.next() {
            switch step {
            case .fullPathExhausted:
                if let coordinator = coordinator(for: request) { return coordinatedResult(request, coordinator, search.trail) }
            case .candidate(let candidate):
                if applyingGates, let gated = gate(request, candidate, trail: search.trail) { return gated }
                return matchedResult(request, candidate: candidate, parameters: candidate.parameters,
                    handlers: candidate.route.definition.destination.handlers, stoppedBy: nil, trail: search.trail)
            }
        }
        return defaultResult(request, trail: search.trail)
    }

    /// Routes a link: finds the best route whose parameters validate and whose handlers are all
    /// registered, checks its origin and sign-in rules, runs its handlers in order, and falls
    /// back on failure; or opens the first coordinator handler that can open it.
    /// - Parameter request: The link, its origin, the idiom and whether a user is signed in.
    /// - Returns: The outcome, destination, final parameters, handlers that ran, plan and trail.
    public func route(_ request: RouteRequest) async -> RouteResult {
        var search: RouteSearch
        switch start(request) {
        case .failure(let rejected): return rejected.result
        case .success(let started): search = started
        }
        while let step = search.next() {
            switch step {
            case .fullPathExhausted:
                if let coordinator = coordinator(for: request) {
                    await coordinator.open(request.url)
                    return coordinatedResult(request, coordinator, search.trail)
                }
            case .candidate(let candidate):
                if let gated = gate(request, candidate, trail: search.trail) { return gated }
                let chain = await runHandlers(
                    candidate.route.definition.destination.handlers, url: request.url,
                    route: candidate.route.definition.pattern, parameters: candidate.parameters)
                switch chain {
                case .failure(let failure):
                    search.fail(path: search.path(of: candidate), reason: "route \(candidate.route.definition.pattern): \(failure.message)")
                case .success(let ran):
                    return matchedResult(request, candidate: candidate, parameters: ran.parameters, handlers: ran.handlers,
                        stoppedBy: ran.stoppedBy, trail: search.trail)
                }
            }
        }
        guard let destination = config.defaultRoute, config.allowedOrigins.contains(request.origin) else {
            return defaultResult(request, trail: search.trail)
        }
        switch await runHandlers(destination.handlers, url: request.url, route: nil, parameters: [:]) {
        case .failure(let failure):
            return finish(
                RouteResult(url: request.url, origin: request.origin, outcome: .none, trail: search.trail,
                    reason: "the default route failed: \(failure.message)"))
        case .success(let ran):
            return finish(defaultDestinationResult(request, destination, handlers: ran.handlers, stoppedBy: ran.stoppedBy, trail: search.trail))
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

    private func start(_ request: RouteRequest) -> Result<RouteSearch, RejectedResult> {
        switch IncomingLink.parse(request.url, schemes: schemes, hosts: hosts) {
        case .failure(let rejection):
            return .failure(RejectedResult(finish(
                RouteResult(url: request.url, origin: request.origin, outcome: .rejected, reason: rejection.message))))
        case .success(let link):
            return .success(RouteSearch(routes: routes, tree: tree, link: link))
        }
    }

    /// A result that stops at the matched route: a refused origin, or sign-in first.
    private func gate(_ request: RouteRequest, _ candidate: RouteSearch.Candidate, trail: [RouteResult.Attempt]) -> RouteResult? {
        let route = candidate.route
        if !route.allowedOrigins.contains(request.origin) {
            return finish(
                RouteResult(url: request.url, origin: request.origin, outcome: .rejected, trail: trail,
                    reason: "route \(route.definition.pattern) may not be opened from origin \(request.origin.rawValue)"))
        }
        if route.requiresAuth, !request.isSignedIn {
            let destination = route.definition.destination
            return finish(
                RouteResult(url: request.url, origin: request.origin, outcome: .signInRequired, route: route.definition.pattern,
                    className: destination.className, identifier: destination.identifier,
                    storyboard: storyboard(for: destination, idiom: request.idiom), parameters: candidate.parameters,
                    trail: trail, reason: "route \(route.definition.pattern) needs a signed-in user",
                    plan: route.plan(parameters: candidate.parameters, storyboard: { storyboard(for: $0, idiom: request.idiom) })))
        }
        return nil
    }

    private func coordinator(for request: RouteRequest) -> (any LinkCoordinatorHandler)? {
        guard config.allowedOrigins.contains(request.origin) else { return nil }
        return coordinators.first { $0.canOpen(request.url) }
    }

    private func coordinatedResult(
        _ request: RouteRequest, _ coordinator: any LinkCoordinatorHandler, _ trail: [RouteResult.Attempt]
    ) -> RouteResult {
        finish(RouteResult(url: request.url, origin: request.origin, outcome: .coordinated, trail: trail, coordinator: coordinator.name))
    }

    private func matchedResult(
        _ request: RouteRequest, candidate: RouteSearch.Candidate, parameters: [String: String], handlers: [String],
        stoppedBy: String?, trail: [RouteResult.Attempt]
    ) -> RouteResult {
        let definition = candidate.route.definition
        let destination = definition.destination
        return finish(
            RouteResult(url: request.url, origin: request.origin, outcome: .matched, route: definition.pattern,
                className: destination.className, identifier: destination.identifier,
                storyboard: storyboard(for: destination, idiom: request.idiom), parameters: parameters, handlers: handlers,
                stoppedBy: stoppedBy, trail: trail,
                plan: candidate.route.plan(parameters: parameters, storyboard: { storyboard(for: $0, idiom: request.idiom) })))
    }

    private func defaultResult(_ request: RouteRequest, trail: [RouteResult.Attempt]) -> RouteResult {
        guard let destination = config.defaultRoute else {
            return finish(
                RouteResult(url: request.url, origin: request.origin, outcome: .none, trail: trail,
                    reason: "no route matches and there is no defaultRoute"))
        }
        guard config.allowedOrigins.contains(request.origin) else {
            return finish(
                RouteResult(url: request.url, origin: request.origin, outcome: .rejected, trail: trail,
                    reason: "links from origin \(request.origin.rawValue) may not navigate"))
        }
        if let missing = missingHandler(in: destination.handlers) {
            return finish(
                RouteResult(url: request.url, origin: request.origin, outcome: .none, trail: trail,
                    reason: "the default route failed: handler \"\(missing)\" is not registered"))
        }
        return finish(defaultDestinationResult(request, destination, handlers: destination.handlers, stoppedBy: nil, trail: trail))
    }

    private func defaultDestinationResult(
        _ request: RouteRequest, _ destination: RouteDestination, handlers: [String], stoppedBy: String?,
        trail: [RouteResult.Attempt]
    ) -> RouteResult {
        let storyboard = storyboard(for: destination, idiom: request.idiom)
        let step = NavigationStep(
            route: nil, className: destination.className, identifier: destination.identifier, storyboard: storyboard,
            parameters: [:])
        return RouteResult(url: request.url, origin: request.origin, outcome: .default, className: destination.className,
            identifier: destination.identifier, storyboard: storyboard, handlers: handlers, stoppedBy: stoppedBy, trail: trail,
            plan: [step])
    }

    /// The route's storyboard for the idiom, else the config's; none for handler-only routes.
    func storyboard(for destination: RouteDestination, idiom: DeviceIdiom) -> String? {
        guard destination.className != nil else { return nil }
        return destination.storyboard?.name(for: idiom) ?? config.storyboard?.name(for: idiom)
    }

    /// The first handler name without a registered handler.
    func missingHandler(in names: [String]) -> String? {
        names.first { handlers[$0] == nil }
    }

    /// The compiled route for a pattern, if the router has one.
    func compiledRoute(for pattern: String) -> CompiledRoute? {
        routeIndex[pattern].map { routes[$0] }
    }

    private struct HandlerChainFailure: Error {
        let message: String
    }

    private struct HandlerChainRun {
        var parameters: [String: String]
        var handlers: [String] = []
        var stoppedBy: String?
    }

    private func runHandlers(
        _ names: [String], url: URL, route: RoutePattern?, parameters: [String: String]
    ) async -> Result<HandlerChainRun, HandlerChainFailure> {
        if let missing = missingHandler(in: names) {
            return .failure(HandlerChainFailure(message: "handler \"\(missing)\" is not registered"))
        }
        var context = HandlerContext(url: url, route: route, parameters: parameters)
        var run = HandlerChainRun(parameters: parameters)
        for name in names {
            guard let handler = handlers[name] else { continue }
            run.handlers.append(name)
            do {
                if try await handler(&context) == .stop {
                    run.stoppedBy = name
                    break
                }
            } catch {
                return .failure(HandlerChainFailure(message: "handler \"\(name)\" failed: \(error)"))
            }
        }
        run.parameters = context.parameters
        return .success(run)
    }

    private func finish(_ result: RouteResult) -> RouteResult {
        guard let logger else { return result }
        for attempt in result.trail {
            logger.log(RouteLogEntry(url: result.url, message: "\(attempt.path): \(attempt.reason)"))
        }
        let target = result.route?.description ?? result.coordinator ?? result.className ?? result.reason ?? "-"
        logger.log(RouteLogEntry(url: result.url, message: "\(result.outcome.rawValue): \(target)"))
        return result
    }
}

/// A rejected URL's result, wrapped so it can travel as a `Result` failure.
private struct RejectedResult: Error {
    let result: RouteResult
    init(_ result: RouteResult) { self.result = result }
}
