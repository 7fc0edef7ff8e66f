extension RouterBuilder {
    /// Every problem with a route table, in route order: two keys for the same pattern, and
    /// parents that cannot be followed. ``build()`` throws the first; reading a config reports
    /// them all, with the others, in one pass.
    static func problems(in routes: [RouteDefinition]) -> [ConfigError] {
        // Keys of ASCII patterns are the same pattern exactly when their text without the outer
        // `/` is the same, and one hash of that text costs a fifth of hashing the segments.
        let asciiKeys = routes.map(\.pattern.asciiKey)
        let firstIndices =
            asciiKeys.allSatisfy({ $0 != nil })
            ? firstIndices(of: asciiKeys) : firstIndices(of: routes.map(\.pattern))
        var problems: [ConfigError] = []
        for (index, route) in routes.enumerated() {
            let firstIndex = firstIndices[index]
            guard firstIndex != index else { continue }
            let first = routes[firstIndex]
            let place = first.location.map { " (at \($0))" } ?? ""
            problems.append(
                ConfigError(
                    code: .duplicateRoute,
                    message: "route \(JSONWriter.quoted(route.pattern.description)) is the same as route "
                        + "\(JSONWriter.quoted(first.pattern.description))\(place); keep one of them",
                    path: route.path, location: route.location))
        }
        guard routes.contains(where: { $0.parent != nil }) else { return problems }
        let unique = problems.isEmpty ? routes : routes.indices.filter { firstIndices[$0] == $0 }.map { routes[$0] }
        return problems + parentProblems(in: unique)
    }

    /// For each key, the index of its first occurrence.
    private static func firstIndices<Key: Hashable>(of keys: [Key]) -> [Int] {
        var firstOfKey: [Key: Int] = [:]
        firstOfKey.reserveCapacity(keys.count)
        // One hash of each key: the defaulted subscript finds or inserts in one step.
        return keys.enumerated().map { index, key in value(of: &firstOfKey[key, default: index]) }
    }

    /// Reads an entry through `inout`, so a defaulted dictionary subscript inserts it if absent.
    private static func value(of entry: inout Int) -> Int { entry }

    /// Unknown parents, cycles, and parameters a parent needs that the child cannot supply.
    private static func parentProblems(in routes: [RouteDefinition]) -> [ConfigError] {
        let byPattern = Dictionary(uniqueKeysWithValues: routes.map { ($0.pattern.normalized, $0) })
        var problems: [ConfigError] = []
        for route in routes {
            guard let parentKey = route.parent else { continue }
            func problem(_ message: String) -> ConfigError {
                ConfigError(code: .invalidParent, message: message, path: route.path.appending(key: "parent"), location: route.location)
            }
            guard let parent = byPattern[parentKey] else {
                problems.append(problem("parent \(JSONWriter.quoted(parentKey)) is not a route; name one of the route keys"))
                continue
            }
            // Every ancestor's step is filled from this route's match, so each needs its path
            // parameters and required parameters from here.
            let supplied = Set(route.pattern.parameterNames).union(route.parameters.filter(\.isRequired).map(\.name))
            var ancestor: RouteDefinition? = parent
            var visited: Set<RoutePattern> = [route.pattern]
            while let current = ancestor, visited.insert(current.pattern).inserted {
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
            var seen: [RoutePattern] = [route.pattern]
            var current = parent
            while let next = current.parent.flatMap({ byPattern[$0] }) {
                seen.append(current.pattern)
                if next.pattern == route.pattern {
                    problems.append(problem("parents form a cycle: \((seen + [next.pattern]).map(\.description).joined(separator: " → "))"))
                    break
                }
                if seen.contains(next.pattern) { break }
                current = next
            }
        }
        return problems
    }
}
