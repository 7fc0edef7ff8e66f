import Foundation

/// Routes deep links (custom-scheme and https universal links) to destinations and parameters.
///
/// Build one with ``RouterBuilder``. Matching is pure and the router is `Sendable`, so an app
/// can route from any thread. ``match(_:idiom:)`` decides without running handlers;
/// ``route(_:idiom:)`` also runs the matched route's handler chain. `Docs/Semantics.md` states
/// every rule with examples.
public struct Router: Sendable {
    /// The config the router was built from.
    public let config: DeepLinkConfig
    let handlers: [String: RouteHandler]
    let logger: (any RouteLogger)?
    private let tree: RouteTree
    private let schemes: Set<String>
    private let hosts: Set<String>

    init(config: DeepLinkConfig, handlers: [String: RouteHandler], logger: (any RouteLogger)?) throws(ConfigError) {
        var tree = RouteTree()
        var seen: [RoutePattern: Int] = [:]
        for (index, route) in config.routes.enumerated() {
            if let first = seen[route.pattern] {
                throw ConfigError(
                    code: .duplicateRoute,
                    message: "route \(route.pattern) is defined twice (routes \(first) and \(index)); keep one of them",
                    path: JSONPath.root.appending(key: "routes").appending(key: route.pattern.description),
                    location: route.location, file: config.file)
            }
            seen[route.pattern] = index
            tree.insert(route.pattern, route: index)
        }
        self.config = config
        self.handlers = handlers
        self.logger = logger
        self.tree = tree
        self.schemes = Set(config.schemes)
        self.hosts = Set(config.hosts)
    }

    /// Decides where a URL goes without running any handler.
    ///
    /// Routes whose handlers are not all registered fail as they would in ``route(_:idiom:)``.
    /// - Parameters:
    ///   - url: The incoming link.
    ///   - idiom: The device idiom, which chooses storyboards.
    /// - Returns: The outcome, destination, parameters and trail.
    public func match(_ url: URL, idiom: DeviceIdiom = .phone) -> RouteResult {
        var search: RouteSearch
        switch start(url) {
        case .failure(let rejected): return rejected.result
        case .success(let started): search = started
        }
        if let candidate = search.next() {
            return matchedResult(url: url, candidate: candidate, idiom: idiom, parameters: candidate.parameters,
                handlers: candidate.route.destination.handlers, stoppedBy: nil, trail: search.trail)
        }
        return defaultResult(url: url, idiom: idiom, trail: search.trail, handlers: config.defaultRoute?.handlers ?? [])
    }

    /// Routes a URL: finds the best route whose parameters validate and whose handlers are all
    /// registered, runs its handlers in order, and falls back on failure.
    /// - Parameters:
    ///   - url: The incoming link.
    ///   - idiom: The device idiom, which chooses storyboards.
    /// - Returns: The outcome, destination, final parameters, handlers that ran and trail.
    public func route(_ url: URL, idiom: DeviceIdiom = .phone) async -> RouteResult {
        var search: RouteSearch
        switch start(url) {
        case .failure(let rejected): return rejected.result
        case .success(let started): search = started
        }
        while let candidate = search.next() {
            let chain = await runHandlers(
                candidate.route.destination.handlers, url: url, route: candidate.route.pattern,
                parameters: candidate.parameters)
            switch chain {
            case .failure(let failure):
                search.fail(path: search.path(of: candidate), reason: "route \(candidate.route.pattern): \(failure.message)")
            case .success(let ran):
                return matchedResult(url: url, candidate: candidate, idiom: idiom, parameters: ran.parameters,
                    handlers: ran.handlers, stoppedBy: ran.stoppedBy, trail: search.trail)
            }
        }
        guard let destination = config.defaultRoute else {
            return defaultResult(url: url, idiom: idiom, trail: search.trail, handlers: [])
        }
        switch await runHandlers(destination.handlers, url: url, route: nil, parameters: [:]) {
        case .failure(let failure):
            return finish(
                RouteResult(url: url, outcome: .none, trail: search.trail, reason: "the default route failed: \(failure.message)"))
        case .success(let ran):
            return finish(
                RouteResult(url: url, outcome: .default, className: destination.className, identifier: destination.identifier,
                    storyboard: storyboard(for: destination, idiom: idiom), parameters: ran.parameters, handlers: ran.handlers,
                    stoppedBy: ran.stoppedBy, trail: search.trail))
        }
    }

    /// Whether a URL reaches a route (not just the default route), without running handlers:
    /// what an app answers when asked whether it can open a link.
    /// - Parameter url: The link.
    public func canRoute(_ url: URL) -> Bool {
        match(url).outcome == .matched
    }

    private func start(_ url: URL) -> Result<RouteSearch, RejectedResult> {
        switch IncomingLink.parse(url, schemes: schemes, hosts: hosts) {
        case .failure(let rejection):
            return .failure(RejectedResult(finish(RouteResult(url: url, outcome: .rejected, reason: rejection.message))))
        case .success(let link):
            return .success(RouteSearch(router: self, link: link))
        }
    }

    /// The routes matching exactly these segments, best first.
    func candidates(for segments: ArraySlice<String>) -> [Int] {
        tree.candidates(for: segments)
    }

    private func matchedResult(
        url: URL, candidate: RouteSearch.Candidate, idiom: DeviceIdiom, parameters: [String: String], handlers: [String],
        stoppedBy: String?, trail: [RouteResult.Attempt]
    ) -> RouteResult {
        let destination = candidate.route.destination
        return finish(
            RouteResult(url: url, outcome: .matched, route: candidate.route.pattern, className: destination.className,
                identifier: destination.identifier, storyboard: storyboard(for: destination, idiom: idiom),
                parameters: parameters, handlers: handlers, stoppedBy: stoppedBy, trail: trail))
    }

    private func defaultResult(url: URL, idiom: DeviceIdiom, trail: [RouteResult.Attempt], handlers: [String]) -> RouteResult {
        guard let destination = config.defaultRoute else {
            return finish(RouteResult(url: url, outcome: .none, trail: trail, reason: "no route matches and there is no defaultRoute"))
        }
        if let missing = missingHandler(in: destination.handlers) {
            return finish(
                RouteResult(url: url, outcome: .none, trail: trail,
                    reason: "the default route failed: handler \"\(missing)\" is not registered"))
        }
        return finish(
            RouteResult(url: url, outcome: .default, className: destination.className, identifier: destination.identifier,
                storyboard: storyboard(for: destination, idiom: idiom), handlers: handlers, trail: trail))
    }

    /// The route's storyboard for the idiom, else the config's; none for handler-only routes.
    private func storyboard(for destination: RouteDestination, idiom: DeviceIdiom) -> String? {
        guard destination.className != nil else { return nil }
        return destination.storyboard?.name(for: idiom) ?? config.storyboard?.name(for: idiom)
    }

    /// The first handler name without a registered handler.
    func missingHandler(in names: [String]) -> String? {
        names.first { handlers[$0] == nil }
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
        let target = result.route?.description ?? result.className ?? result.reason ?? "-"
        logger.log(RouteLogEntry(url: result.url, message: "\(result.outcome.rawValue): \(target)"))
        return result
    }
}

/// A rejected URL's result, wrapped so it can travel as a `Result` failure.
private struct RejectedResult: Error {
    let result: RouteResult
    init(_ result: RouteResult) { self.result = result }
}
