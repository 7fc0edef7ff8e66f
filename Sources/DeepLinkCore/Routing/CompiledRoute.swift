/// A route prepared once, when the router is built: its parameter rules split by where their
/// values live, and its handler chain looked up.
///
/// One description serves both directions, as a swift-parsing parser-printer does:
/// ``parse(_:)`` reads a link's parameters (matching) and ``print(_:)`` writes a link from
/// parameters (building), each value checked by the same rules, so what is printed parses back.
final class CompiledRoute: Sendable {
    /// A path parameter: the segment it binds (or, for a catch-all, the first of the segments)
    /// and the rule its value must fit.
    struct PathParameter: Sendable {
        let name: String
        let position: Int
        let pattern: ParameterPattern?
        let type: ParameterType
        let isCatchAll: Bool
    }

    /// Why a link's values or a caller's parameters do not fit the route.
    struct Mismatch: Error {
        enum Kind { case missing, invalid, undeclared }
        let kind: Kind
        let message: String
    }

    let definition: RouteDefinition
    let pathParameters: [PathParameter]
    /// A declared parameter that is not a path parameter, read from the query.
    struct QueryParameter: Sendable {
        let rule: ParameterRule
        /// Whether the regex accepts the empty string: only then do empty values count.
        let keepsEmptyValues: Bool
    }

    let queryParameters: [QueryParameter]
    /// The declared types other than `string`, by parameter name.
    let parameterTypes: [String: ParameterType]
    let handlers: HandlerChain
    /// Whether the route needs a signed-in user, after the config's default.
    let requiresAuth: Bool
    /// The origins that may navigate to the route, after the config's default.
    let allowedOrigins: OriginSet
    /// The route shown beneath this one.
    let parent: CompiledRoute?
    /// The pattern as written in the config.
    var patternText: String { definition.pattern.description }
    /// The routes beneath this one, root first, each with the parameter names it takes.
    private let ancestors: [(route: CompiledRoute, names: Set<String>)]

    init(_ definition: RouteDefinition, config: DeepLinkConfig, handlers: HandlerChain, parent: CompiledRoute?) {
        self.definition = definition
        self.handlers = handlers
        self.requiresAuth = definition.requiresAuth ?? config.requiresAuth
        self.allowedOrigins = OriginSet(definition.allowedOrigins ?? config.allowedOrigins)
        self.parent = parent
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
            switch segment {
            case .parameter(let name):
                let rule = definition.rule(for: name)
                pathParameters.append(PathParameter(name: name, position: position, pattern: rule?.pattern, type: rule?.type ?? .string, isCatchAll: false))
            case .catchAll(let name):
                let rule = definition.rule(for: name)
                pathParameters.append(PathParameter(name: name, position: position, pattern: rule?.pattern, type: rule?.type ?? .string, isCatchAll: true))
            case .literal:
                continue
            }
        }
        self.pathParameters = pathParameters
        var types: [String: ParameterType] = [:]
        for rule in definition.parameters where rule.type != .string { types[rule.name] = rule.type }
        parameterTypes = types
        queryParameters = definition.parameters.compactMap { rule in
            guard !pathParameters.contains(where: { $0.name == rule.name }), !ParameterRule.reservedNames.contains(rule.name) else { return nil }
            return QueryParameter(rule: rule, keepsEmptyValues: rule.pattern?.matches("") == true)
        }
    }

    /// The screens from the root to this route. Each ancestor gets the parameters it names in its
    /// pattern or `routeParameters`, taken from this route's match.
    func plan(parameters: [String: String], storyboard: (RouteDestination) -> String?) -> [NavigationStep] {
        // A one-element literal allocates once; reserving on an empty array then appending cost a second step (callgrind).
        guard !ancestors.isEmpty else { return [step(parameters: parameters, storyboard: storyboard)] }
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
            route: patternText, className: copiedString(destination.className), identifier: copiedString(destination.identifier),
            storyboard: copiedString(storyboard(destination)), parameters: parameters)
    }

    /// Reads the parameters of a link whose first `length` segments the route's pattern matched:
    /// binds path parameters (a catch-all the segments from its own to `length`, joined by `/`),
    /// adds declared query parameters, and checks every rule.
    func parse(_ link: IncomingLink, length: Int? = nil) -> Result<[String: String], Mismatch> {
        // Sized at creation: `reserveCapacity` on an empty dictionary costs a resize and an unspecialized call.
        var parameters = [String: String](minimumCapacity: pathParameters.count + queryParameters.count)
        for parameter in pathParameters {
            let value =
                parameter.isCatchAll
                ? link.segments[parameter.position..<(length ?? link.segments.count)].joined(separator: "/")
                : link.segments[parameter.position]
            if let mismatch = Self.check(value, of: "parameter", parameter) { return .failure(mismatch) }
            parameters[parameter.name] = value
        }
        for query in queryParameters {
            let rule = query.rule
            var last: String?
            var mismatch: Mismatch?
            link.forEachQueryValue(named: rule.name) { value in
                // Empty values are dropped, as Android's library did, unless the regex accepts them.
                guard query.keepsEmptyValues || !value.isEmpty else { return }
                if mismatch == nil { mismatch = Self.check(value, of: "query parameter", against: rule) }
                last = value
            }
            if let mismatch { return .failure(mismatch) }
            guard let last else {
                if rule.isRequired { return .failure(Self.missing(rule.name)) }
                continue
            }
            parameters[rule.name] = last
        }
        return .success(parameters)
    }

    /// Writes the link that ``parse(_:)`` reads back as `parameters`: path values in their
    /// segments, the other parameters in the query, in name order.
    func print(_ parameters: [String: String]) -> Result<IncomingLink, Mismatch> {
        var segments: [String] = []
        for segment in definition.pattern.segments {
            switch segment {
            case .literal(let text):
                segments.append(text)
            case .parameter(let name):
                guard let value = parameters[name] else { return .failure(Mismatch(kind: .missing, message: "parameter \(name) is missing")) }
                // Reading drops empty segments, and browsers and URL libraries remove `.` and `..`.
                guard !value.isEmpty, value != ".", value != ".." else {
                    return .failure(
                        Mismatch(kind: .invalid, message: "parameter \(name) is \(JSONWriter.quoted(value)); a path segment cannot be"))
                }
                if let parameter = pathParameters.first(where: { $0.name == name }), let mismatch = Self.check(value, of: "parameter", parameter) {
                    return .failure(mismatch)
                }
                segments.append(value)
            case .catchAll(let name):
                guard let value = parameters[name] else { return .failure(Mismatch(kind: .missing, message: "parameter \(name) is missing")) }
                let parts = value.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
                // Each part is a segment: reading drops empty ones and URL libraries remove `.` and `..`.
                guard parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
                    return .failure(
                        Mismatch(
                            kind: .invalid,
                            message: "parameter \(name) is \(JSONWriter.quoted(value)); a catch-all is one or more segments joined by /, none empty, . or .."))
                }
                if let parameter = pathParameters.first(where: { $0.name == name }), let mismatch = Self.check(value, of: "parameter", parameter) {
                    return .failure(mismatch)
                }
                segments += parts
            }
        }
        var items: [String] = []
        for (name, value) in parameters.sorted(by: { $0.key < $1.key }) where !pathParameters.contains(where: { $0.name == name }) {
            guard let query = queryParameters.first(where: { $0.rule.name == name }) else {
                return .failure(
                    Mismatch(
                        kind: .undeclared,
                        message: "parameter \(name) is not declared in the route's routeParameters, so routing would drop it"))
            }
            if let mismatch = Self.check(value, of: "query parameter", against: query.rule) { return .failure(mismatch) }
            guard query.keepsEmptyValues || !value.isEmpty else {
                return .failure(
                    Mismatch(kind: .invalid, message: "parameter \(name) is empty, and routing drops empty values unless the regex accepts them"))
            }
            items.append("\(percentEncoded(name))=\(percentEncoded(value))")
        }
        if let missing = queryParameters.first(where: { $0.rule.isRequired && parameters[$0.rule.name] == nil }) {
            return .failure(Self.missing(missing.rule.name))
        }
        return .success(IncomingLink(segments: segments, query: items.joined(separator: "&")))
    }

    /// Checks a value; the message is written only for a mismatch, since most values match.
    private static func check(_ value: String, of kind: String, against rule: ParameterRule?) -> Mismatch? {
        guard let rule, let message = rule.mismatch(value, kind: kind) else { return nil }
        return Mismatch(kind: .invalid, message: message)
    }

    private static func check(_ value: String, of kind: String, _ parameter: PathParameter) -> Mismatch? {
        guard let message = ParameterRule.mismatch(value, kind: kind, name: parameter.name, type: parameter.type, pattern: parameter.pattern)
        else { return nil }
        return Mismatch(kind: .invalid, message: message)
    }

    private static func missing(_ name: String) -> Mismatch {
        Mismatch(kind: .missing, message: "required parameter \(name) is missing")
    }
}

/// A copy of an optional string made by unwrapping it. In release builds the compiler copies a
/// `String?` field through a helper merged with other types' copies, which goes through
/// `Optional`'s generic value witness: about 130 instructions a copy, 5 per lookup (callgrind).
/// Unwrapping copies the string itself, a single retain.
@inline(__always)
func copiedString(_ text: String?) -> String? {
    guard let text else { return nil }
    return text
}
