/// Checks and follows the `parent` links between routes.
enum ParentChain {
    /// Every problem with the routes' parents: unknown parents, cycles, and parameters a parent
    /// needs that the child cannot supply.
    static func problems(in routes: [RouteDefinition], file: String?) -> [ConfigError] {
        let byPattern = Dictionary(routes.map { ($0.pattern.description, $0) }, uniquingKeysWith: { first, _ in first })
        var problems: [ConfigError] = []
        for route in routes {
            guard let parentKey = route.parent else { continue }
            let path = JSONPath.root.appending(key: "routes").appending(key: route.pattern.description).appending(key: "parent")
            func problem(_ message: String) -> ConfigError {
                ConfigError(code: .invalidParent, message: message, path: path, location: route.location, file: file)
            }
            guard let parent = byPattern[parentKey] else {
                problems.append(problem("parent \(JSONWriter.quoted(parentKey)) is not a route; name one of the route keys"))
                continue
            }
            // Every ancestor's step is filled from this route's match, so each needs its path
            // parameters and required parameters from here.
            let supplied = Set(route.pattern.parameterNames).union(route.parameters.filter(\.isRequired).map(\.name))
            var ancestor: RouteDefinition? = parent
            var visited: Set<String> = [route.pattern.description]
            while let current = ancestor, visited.insert(current.pattern.description).inserted {
                let needed = current.pattern.parameterNames + current.parameters.filter(\.isRequired).map(\.name)
                if let missing = needed.first(where: { !supplied.contains($0) }) {
                    problems.append(
                        problem(
                            "\(current.pattern == parent.pattern ? "parent" : "ancestor") \(current.pattern) needs \(missing), "
                                + "which route \(route.pattern) does not always have; add :\(missing) to the route or declare "
                                + "it as a required parameter"))
                    break
                }
                ancestor = current.parent.flatMap { byPattern[$0] }
            }
            var seen: [String] = [route.pattern.description]
            var current = parent
            while let next = current.parent, let nextRoute = byPattern[next] {
                seen.append(current.pattern.description)
                if next == route.pattern.description {
                    problems.append(problem("parents form a cycle: \((seen + [next]).joined(separator: " → "))"))
                    break
                }
                if seen.contains(next) { break }
                current = nextRoute
            }
        }
        return problems
    }
}
