/// The routes prepared once, when the router is built, in a few flat arrays of the whole table:
/// each route is a 32-byte record of ranges into the table's parameter and ancestor arrays and
/// indices of its handler chain and parameter types, shared by every route that has the same.
///
/// A class per route, with arrays of its own for its path and query parameters, held about
/// 600 bytes a route beside its definition and made a lookup follow several pointers, each a
/// cache miss once the table no longer fits in cache, and retain and release them. Here a
/// lookup reads one record and one run of parameters, and copies nothing but the results.
///
/// A class, built once and never changed: a walk reaches it through the router's one reference,
/// where copying a struct of these arrays retained each of them (about 1,000 instructions a lookup).
///
/// One description serves both directions, as a swift-parsing parser-printer does:
/// ``parse(_:_:length:)`` reads a link's parameters (matching) and ``print(_:_:)`` writes a link
/// from parameters (building), each value checked by the same rules, so what is printed parses back.
final class RouteTable: Sendable {
    /// One route: where its parameters and ancestors are, and what gates it.
    struct Route: Sendable {
        /// Its parameters are `parameters[parametersStart..<parametersEnd]`: the path parameters
        /// in pattern order up to `pathParametersEnd`, then the query parameters in config order.
        var parametersStart: Int32
        var pathParametersEnd: Int32
        var parametersEnd: Int32
        /// Its handler chain in ``RouteTable/chains``.
        var chain: Int32
        /// Its declared types other than `string`, in ``RouteTable/parameterTypeTables``.
        var parameterTypes: Int32
        /// The routes shown beneath it, root first: `ancestors[ancestorsStart..<ancestorsEnd]`.
        var ancestorsStart: Int32
        var ancestorsEnd: Int32
        /// The origins that may navigate to the route, after the config's default.
        var allowedOrigins: OriginSet
        /// Whether the route needs a signed-in user, after the config's default.
        var requiresAuth: Bool
    }

    /// A declared parameter with the rule its values must fit: a path parameter (bound to a
    /// segment, or for a catch-all the segments from its own on) or a query parameter.
    struct Parameter: Sendable {
        let name: String
        let pattern: ParameterPattern?
        /// The segment a path parameter binds, or the first a catch-all takes; -1 for a query parameter.
        let position: Int32
        let type: ParameterType
        let isRequired: Bool
        let isCatchAll: Bool
        /// Whether the regex accepts the empty string: only then do a query parameter's empty values count.
        let keepsEmptyValues: Bool
    }

    /// The routes as the config defines them, in config order; a route's index is its index here.
    let definitions: [RouteDefinition]
    let routes: [Route]
    let parameters: [Parameter]
    /// The distinct handler chains: routes that run the same handlers share one, so a lookup
    /// touches a chain already in cache.
    let chains: [HandlerChain]
    /// The distinct sets of declared types other than `string`; the first is empty.
    let parameterTypeTables: [[String: ParameterType]]
    let ancestors: [Int32]
    /// The parameter names each route that is some route's ancestor takes into its step: those
    /// in its pattern and its `routeParameters`.
    let stepNames: [Int32: Set<String>]
    /// The routes' paths, for finding the candidates for a link.
    let tree: RouteTree

    /// Compiles the routes of a config ``RouterBuilder/build()`` has checked: one route per
    /// pattern, and parents that exist and form no cycle.
    init(config: DeepLinkConfig, handlers: [String: RouteHandler]) {
        let definitions = config.routes
        let tree = RouteTree(definitions.map(\.pattern))
        var routes: [Route] = []
        routes.reserveCapacity(definitions.count)
        var parameters: [Parameter] = []
        // Most path parameters are declared in `routeParameters` too: sized for those, the array grows rarely.
        parameters.reserveCapacity(definitions.reduce(0) { $0 + $1.parameters.count })
        var chains: [HandlerChain] = []
        var chainIndices: [[String]: Int32] = [:]
        var parameterTypeTables: [[String: ParameterType]] = [[:]]
        var parameterTypeIndices: [[String: ParameterType]: Int32] = [[:]: 0]
        let parents = definitions.map { definition -> Int32 in
            guard let parent = definition.parent.flatMap({ try? RoutePattern($0) }),
                let index = tree.route(withPattern: parent, patterns: { definitions[$0].pattern })
            else { return -1 }
            return Int32(index)
        }
        var ancestors: [Int32] = []
        var stepNames: [Int32: Set<String>] = [:]
        for (index, definition) in definitions.enumerated() {
            let parametersStart = Int32(parameters.count)
            Self.appendParameters(of: definition, to: &parameters)
            let pathParametersEnd = Int32(parameters.count)
            for rule in definition.parameters where !ParameterRule.reservedNames.contains(rule.name) {
                guard !parameters[Int(parametersStart)..<Int(pathParametersEnd)].contains(where: { $0.name == rule.name }) else { continue }
                parameters.append(
                    Parameter(
                        name: rule.name, pattern: rule.pattern, position: -1, type: rule.type, isRequired: rule.isRequired,
                        isCatchAll: false, keepsEmptyValues: rule.pattern?.matches("") == true))
            }
            let names = definition.destination.handlers
            // Most routes run what the one before runs, often the same array: compared first, no hash needed.
            let chain =
                routes.last.flatMap { chains[Int($0.chain)].names == names ? $0.chain : nil } ?? chainIndices[names] ?? {
                    chains.append(HandlerChain(names, registered: handlers))
                    chainIndices[names] = Int32(chains.count - 1)
                    return Int32(chains.count - 1)
                }()
            var types: [String: ParameterType] = [:]
            for rule in definition.parameters where rule.type != .string { types[rule.name] = rule.type }
            // Most routes declare no type: the first table, without hashing an empty one.
            let typesIndex = types.isEmpty ? 0 : parameterTypeIndices[types] ?? {
                parameterTypeTables.append(types)
                parameterTypeIndices[types] = Int32(parameterTypeTables.count - 1)
                return Int32(parameterTypeTables.count - 1)
            }()
            let ancestorsStart = Int32(ancestors.count)
            var lineage: [Int32] = []
            var next = parents[index]
            // Parent cycles were rejected before, so the walk ends.
            while next >= 0 {
                lineage.append(next)
                if stepNames[next] == nil {
                    let ancestor = definitions[Int(next)]
                    stepNames[next] = Set(ancestor.pattern.parameterNames).union(ancestor.parameters.map(\.name))
                }
                next = parents[Int(next)]
            }
            ancestors += lineage.reversed()
            routes.append(
                Route(
                    parametersStart: parametersStart, pathParametersEnd: pathParametersEnd, parametersEnd: Int32(parameters.count),
                    chain: chain, parameterTypes: typesIndex, ancestorsStart: ancestorsStart, ancestorsEnd: Int32(ancestors.count),
                    allowedOrigins: OriginSet(definition.allowedOrigins ?? config.allowedOrigins),
                    requiresAuth: definition.requiresAuth ?? config.requiresAuth))
        }
        self.definitions = definitions
        self.routes = routes
        self.parameters = parameters
        self.chains = chains
        self.parameterTypeTables = parameterTypeTables
        self.ancestors = ancestors
        self.stepNames = stepNames
        self.tree = tree
    }

    /// Appends a route's path parameters, in pattern order, each with its declared rule.
    private static func appendParameters(of definition: RouteDefinition, to parameters: inout [Parameter]) {
        definition.pattern.forEachParameter { name, position, isCatchAll in
            let rule = definition.rule(for: name)
            parameters.append(
                Parameter(
                    name: name, pattern: rule?.pattern, position: Int32(position), type: rule?.type ?? .string,
                    isRequired: rule?.isRequired ?? false, isCatchAll: isCatchAll, keepsEmptyValues: false))
        }
    }

    /// The route's handler chain.
    func chain(of route: Int) -> HandlerChain { chains[Int(routes[route].chain)] }

    /// The route's declared types other than `string`, by parameter name.
    func parameterTypes(of route: Int) -> [String: ParameterType] { parameterTypeTables[Int(routes[route].parameterTypes)] }

    /// The route's pattern as written in the config.
    func patternText(of route: Int) -> String { definitions[route].pattern.description }

    /// The route whose pattern is `pattern`, if there is one.
    func route(withPattern pattern: RoutePattern) -> Int? {
        tree.route(withPattern: pattern) { definitions[$0].pattern }
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
