/// A route prepared for matching: its rules split by where their values come from, and its
/// handler chain checked once, when the router is built, instead of on every link.
final class CompiledRoute: Sendable {
    /// A path parameter: the segment it binds and the expression it must match.
    struct PathParameter: Sendable {
        let name: String
        let position: Int
        let pattern: ParameterPattern?
    }

    let definition: RouteDefinition
    let pathParameters: [PathParameter]
    /// Declared parameters that are not path parameters, read from the query.
    let queryRules: [ParameterRule]
    /// The first handler the route names that has no registered handler.
    let missingHandler: String?
    /// Whether the route needs a signed-in user, after the config's default.
    let requiresAuth: Bool
    /// The origins that may navigate to the route, after the config's default.
    let allowedOrigins: Set<LinkOrigin>
    /// The route shown beneath this one.
    let parent: CompiledRoute?
    /// The pattern as text, written once instead of on every match.
    let patternText: String
    /// The routes beneath this one, root first, each with the parameter names it takes.
    private let ancestors: [(route: CompiledRoute, names: Set<String>)]

    init(_ definition: RouteDefinition, config: DeepLinkConfig, registeredHandlers: Set<String>, parent: CompiledRoute?) {
        self.definition = definition
        self.requiresAuth = definition.requiresAuth ?? config.requiresAuth
        self.allowedOrigins = definition.allowedOrigins ?? config.allowedOrigins
        self.parent = parent
        self.patternText = definition.pattern.description
        var ancestors: [(route: CompiledRoute, names: Set<String>)] = []
        var next = parent
        while let route = next {
            let names = Set(route.definition.pattern.parameterNames).union(route.definition.parameters.map(\.name))
            ancestors.insert((route, names), at: 0)
            next = route.parent
        }
        self.ancestors = ancestors
        var pathParameters: [PathParameter] = []
        for (position, segment) in definition.pattern.segments.enumerated() {
            guard case .parameter(let name) = segment else { continue }
            pathParameters.append(PathParameter(name: name, position: position, pattern: definition.rule(for: name)?.pattern))
        }
        self.pathParameters = pathParameters
        let pathNames = Set(pathParameters.map(\.name))
        queryRules = definition.parameters.filter {
            !pathNames.contains($0.name) && !ConfigReader.reservedParameterNames.contains($0.name)
        }
        missingHandler = definition.destination.handlers.first { !registeredHandlers.contains($0) }
    }

    /// The screens from the root to this route. Each ancestor gets the parameters it names in its
    /// pattern or `routeParameters`, taken from this route's match.
    func plan(parameters: [String: String], storyboard: (RouteDestination) -> String?) -> [NavigationStep] {
        var steps: [NavigationStep] = []
        steps.reserveCapacity(ancestors.count + 1)
        for ancestor in ancestors {
            steps.append(ancestor.route.step(parameters: parameters.filter { ancestor.names.contains($0.key) }, storyboard: storyboard))
        }
        steps.append(step(parameters: parameters, storyboard: storyboard))
        return steps
    }

    private func step(parameters: [String: String], storyboard: (RouteDestination) -> String?) -> NavigationStep {
        let destination = definition.destination
        return NavigationStep(
            route: patternText, className: destination.className, identifier: destination.identifier,
            storyboard: storyboard(destination), parameters: parameters)
    }

    /// Binds path parameters, adds declared query parameters, and checks every rule; then checks
    /// that the route's handlers are registered.
    func validate(_ link: IncomingLink) -> Result<[String: String], RouteSearch.ValidationFailure> {
        var parameters: [String: String] = [:]
        parameters.reserveCapacity(pathParameters.count + queryRules.count)
        for parameter in pathParameters {
            let value = link.segments[parameter.position]
            if let pattern = parameter.pattern, !pattern.matches(value) {
                return .failure(.init("parameter \(parameter.name) \(JSONWriter.quoted(value)) does not match \(pattern)"))
            }
            parameters[parameter.name] = value
        }
        for rule in queryRules {
            var last: String?
            var rejected: String?
            link.forEachQueryValue(named: rule.name) { value in
                if rejected == nil, let pattern = rule.pattern, !pattern.matches(value) { rejected = value }
                last = value
            }
            if let rejected, let pattern = rule.pattern {
                return .failure(.init("query parameter \(rule.name) \(JSONWriter.quoted(rejected)) does not match \(pattern)"))
            }
            guard let last else {
                if rule.isRequired { return .failure(.init("required parameter \(rule.name) is missing")) }
                continue
            }
            parameters[rule.name] = last
        }
        if let missingHandler {
            return .failure(.init("handler \"\(missingHandler)\" is not registered"))
        }
        return .success(parameters)
    }
}
