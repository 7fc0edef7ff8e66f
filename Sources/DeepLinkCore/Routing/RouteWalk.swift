import Foundation

/// One routing of a request: the fallback order of `Docs/Semantics.md` (rules 6, 10, 11, 12),
/// walked once for ``Router/match(_:)`` and ``Router/route(_:)`` alike.
///
/// The walk stops wherever the app's code would run (a handler chain, a coordinator's `open`)
/// and resumes with what that code did: `route` runs it, `match` only lists it. That is the one
/// difference between the two.
struct RouteWalk {
    enum Step {
        /// Run (or list) the app's code, then ``resume(_:with:)`` with what it did.
        case perform(Action)
        case finished(RouteResult)
    }

    /// The app's code the walk reached, and whose it is.
    enum Action {
        case route(RouteSearch.Candidate, HandlerChain, HandlerContext)
        case defaultRoute(RouteDestination, HandlerChain, HandlerContext)
        case open(any LinkCoordinatorHandler, URL)

        /// `match`'s strategy: what the code would do, without running it.
        func listed() -> HandlerChain.Outcome {
            switch self {
            case .route(_, let chain, let context): chain.listed(context)
            case .defaultRoute(_, let chain, let context): chain.listed(context)
            case .open: .success(HandlerChain.Run(parameters: [:]))
            }
        }

        /// `route`'s strategy: runs the code.
        func performed() async -> HandlerChain.Outcome {
            switch self {
            case .route(_, let chain, let context): return await chain.run(context)
            case .defaultRoute(_, let chain, let context): return await chain.run(context)
            case .open(let coordinator, let url):
                await coordinator.open(url)
                return .success(HandlerChain.Run(parameters: [:]))
            }
        }
    }

    private let router: Router
    private let request: RouteRequest
    private var search: RouteSearch?

    init(router: Router, request: RouteRequest) {
        self.router = router
        self.request = request
    }

    /// Takes the link apart and walks to the first step.
    mutating func start() -> Step {
        switch IncomingLink.parse(request.url, schemes: router.schemes, hosts: router.hosts) {
        case .failure(let rejection):
            return .finished(result(.rejected, reason: rejection.message))
        case .success(let link):
            search = RouteSearch(router: router, link: link)
            return advance()
        }
    }

    /// Goes on with what the app's code did: a route whose handlers failed falls back; anything
    /// else ends routing.
    mutating func resume(_ action: Action, with outcome: HandlerChain.Outcome) -> Step {
        // One switch after the other: switching over an (action, outcome) tuple copied both,
        // retaining each of their fields (callgrind).
        switch action {
        case .route(let candidate, _, _):
            switch outcome {
            case .failure(let failure):
                fallBack(from: candidate, failure)
                return advance()
            case .success(let run):
                return .finished(destinationResult(.matched, candidate.route, run))
            }
        case .defaultRoute(let destination, _, _):
            switch outcome {
            case .failure(let failure): return .finished(result(.none, reason: "the default route failed: \(failure.message)"))
            case .success(let run): return .finished(defaultResult(destination, run))
            }
        case .open(let coordinator, _):
            return .finished(result(.coordinated, coordinator: coordinator.name))
        }
    }

    private mutating func advance() -> Step {
        while let step = search?.next() {
            switch step {
            case .fullPathExhausted:
                guard mayNavigate, let coordinator = router.coordinators.first(where: { $0.canOpen(request.url) }) else { continue }
                return .perform(.open(coordinator, request.url))
            case .candidate(let candidate):
                // A route whose chain cannot run never wins, so its origin and sign-in rules do not apply.
                let chain = router.table.chain(of: candidate.route)
                if let failure = chain.unregistered {
                    fallBack(from: candidate, failure)
                    continue
                }
                if let gated = gate(candidate) { return .finished(gated) }
                let pattern = router.table.definitions[candidate.route].pattern
                return .perform(.route(candidate, chain, HandlerContext(url: request.url, route: pattern, parameters: candidate.parameters)))
            }
        }
        guard let destination = router.config.defaultRoute else {
            return .finished(result(.none, reason: "no route matches and there is no defaultRoute"))
        }
        guard mayNavigate else {
            return .finished(result(.rejected, reason: "links from origin \(request.origin.rawValue) may not navigate"))
        }
        return .perform(.defaultRoute(destination, router.defaultHandlers, HandlerContext(url: request.url, route: nil, parameters: [:])))
    }

    private mutating func fallBack(from candidate: RouteSearch.Candidate, _ failure: HandlerChain.Failure) {
        search?.fail(candidate, reason: "route \(router.table.patternText(of: candidate.route)): \(failure.message)")
    }

    /// The config's top-level origin rule, which governs the default route and coordinators.
    private var mayNavigate: Bool { router.config.allowedOrigins.contains(request.origin) }

    /// A result that stops at the matched route, naming it so the app can record the link: a
    /// refused origin, or sign-in first.
    private func gate(_ candidate: RouteSearch.Candidate) -> RouteResult? {
        let route = candidate.route
        let record = router.table.routes[route]
        let unrun = HandlerChain.Run(parameters: candidate.parameters)
        if !record.allowedOrigins.contains(request.origin) {
            return destinationResult(
                .rejected, route, unrun,
                reason: "route \(router.table.patternText(of: route)) may not be opened from origin \(request.origin.rawValue)")
        }
        guard record.requiresAuth, !request.isSignedIn else { return nil }
        return destinationResult(.signInRequired, route, unrun, reason: "route \(router.table.patternText(of: route)) needs a signed-in user")
    }

    private func destinationResult(
        _ outcome: RouteResult.Outcome, _ route: Int, _ run: HandlerChain.Run, reason: String? = nil
    ) -> RouteResult {
        let table = router.table
        // Reads the fields it needs in place: copying the whole definition retained each of its fields.
        let destination = table.definitions[route].destination
        // Captures the router and idiom alone: capturing `self` copied the whole walk.
        let (router, idiom) = (router, request.idiom)
        let storyboard = { destination in router.storyboard(for: destination, idiom: idiom) }
        return RouteResult(
            url: request.url, origin: request.origin, outcome: outcome, route: table.definitions[route].pattern,
            className: copiedString(destination.className), identifier: copiedString(destination.identifier),
            storyboard: copiedString(storyboard(destination)),
            parameters: run.parameters, handlers: run.handlers, stoppedBy: run.stoppedBy, trail: trail, reason: reason,
            plan: table.plan(route, parameters: run.parameters, storyboard: storyboard), parameterTypes: table.parameterTypes(of: route))
    }

    private func defaultResult(_ destination: RouteDestination, _ run: HandlerChain.Run) -> RouteResult {
        let storyboard = router.storyboard(for: destination, idiom: request.idiom)
        let step = NavigationStep(
            route: nil, className: destination.className, identifier: destination.identifier, storyboard: storyboard, parameters: [:])
        return RouteResult(
            url: request.url, origin: request.origin, outcome: .default, className: destination.className,
            identifier: destination.identifier, storyboard: storyboard, handlers: run.handlers, stoppedBy: run.stoppedBy, trail: trail,
            plan: [step])
    }

    private func result(_ outcome: RouteResult.Outcome, reason: String? = nil, coordinator: String? = nil) -> RouteResult {
        RouteResult(url: request.url, origin: request.origin, outcome: outcome, trail: trail, reason: reason, coordinator: coordinator)
    }

    private var trail: [RouteResult.Attempt] {
        // Unwrapped in place: `search?.trail` copied the whole search first (callgrind).
        guard case .some = search else { return [] }
        return search!.trail
    }
}
