/// Walks the fallback order for one link: the best candidate for the full path, the next
/// candidates at the same length, then the path trimmed by one segment at a time.
///
/// Each call to ``next()`` returns the next route whose parameters validate and whose
/// handlers are all registered; everything that failed on the way is in ``trail``.
struct RouteSearch {
    /// A route that matched and validated.
    struct Candidate {
        let route: RouteDefinition
        /// How many of the link's segments the route matched.
        let length: Int
        let parameters: [String: String]
    }

    private let router: Router
    private let link: IncomingLink
    private var length: Int
    private var pending: [Int] = []
    private var nextPending = 0
    private(set) var trail: [RouteResult.Attempt] = []

    init(router: Router, link: IncomingLink) {
        self.router = router
        self.link = link
        length = link.segments.count
        if length > 0 { pending = router.candidates(for: link.segments[..<length]) }
    }

    /// Records a failure found outside the search, such as a handler that threw.
    mutating func fail(path: String, reason: String) {
        trail.append(RouteResult.Attempt(path: path, reason: reason))
    }

    /// The route path a candidate was matched on, e.g. `sales/3`.
    func path(of candidate: Candidate) -> String {
        path(length: candidate.length)
    }

    private func path(length: Int) -> String {
        link.segments[..<length].joined(separator: "/")
    }

    mutating func next() -> Candidate? {
        while length > 0 {
            if nextPending == 0 && pending.isEmpty {
                fail(path: path(length: length), reason: "no route matches")
            }
            while nextPending < pending.count {
                let route = router.config.routes[pending[nextPending]]
                nextPending += 1
                switch validate(route) {
                case .success(let parameters):
                    return Candidate(route: route, length: length, parameters: parameters)
                case .failure(let failure):
                    fail(path: path(length: length), reason: "route \(route.pattern): \(failure.message)")
                }
            }
            length -= 1
            nextPending = 0
            pending = length > 0 ? router.candidates(for: link.segments[..<length]) : []
        }
        return nil
    }

    private struct ValidationFailure: Error {
        let message: String
    }

    /// Binds path parameters, adds declared query parameters, and checks every rule; then checks
    /// that the route's handlers are registered.
    private func validate(_ route: RouteDefinition) -> Result<[String: String], ValidationFailure> {
        var parameters: [String: String] = [:]
        for (segment, value) in zip(route.pattern.segments, link.segments) {
            if case .parameter(let name) = segment { parameters[name] = value }
        }
        for rule in route.parameters where !ConfigReader.reservedParameterNames.contains(rule.name) {
            if let value = parameters[rule.name] {
                if let pattern = rule.pattern, !pattern.matches(value) {
                    return .failure(ValidationFailure(message: "parameter \(rule.name) \(JSONWriter.quoted(value)) does not match \(pattern)"))
                }
            } else if case let values = link.queryValues(named: rule.name), let last = values.last {
                if let pattern = rule.pattern, let bad = values.first(where: { !pattern.matches($0) }) {
                    return .failure(
                        ValidationFailure(message: "query parameter \(rule.name) \(JSONWriter.quoted(bad)) does not match \(pattern)"))
                }
                parameters[rule.name] = last
            } else if rule.isRequired {
                return .failure(ValidationFailure(message: "required parameter \(rule.name) is missing"))
            }
        }
        if let missing = router.missingHandler(in: route.destination.handlers) {
            return .failure(ValidationFailure(message: "handler \"\(missing)\" is not registered"))
        }
        return .success(parameters)
    }
}
