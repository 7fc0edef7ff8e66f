/// Finds config mistakes that load fine but cannot be what the author meant: routes that can
/// never win and expressions that accept nothing. `deeplink check` prints these as warnings.
public enum ConfigLinter {
    /// Every finding for a config, in route order.
    /// - Parameter config: A config that loaded without errors.
    public static func lint(_ config: DeepLinkConfig) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for (index, route) in config.routes.enumerated() {
            let path = JSONPath.root.appending(key: "routes").appending(key: route.pattern.description)
            if let winner = config.routes[..<index].first(where: { shadows($0, route) }) {
                findings.append(
                    Diagnostic(
                        severity: .warning, code: "shadowed-route",
                        message: "route \(route.pattern) can never win: route \(winner.pattern), listed earlier, matches "
                            + "every URL it matches and accepts all of its parameters; remove one or add a regex to the earlier one",
                        path: path, location: route.location, file: config.file))
            }
            for rule in route.parameters {
                guard let pattern = rule.pattern, !canMatchSomething(pattern) else { continue }
                let regexPath = path.appending(key: "routeParameters").appending(key: rule.name).appending(key: "regex")
                let sampled = pattern.simple == nil ? " (none of \(samples(for: pattern.source).count) sample values matched)" : ""
                findings.append(
                    Diagnostic(
                        severity: .warning, code: "regex-matches-nothing",
                        message: "regex \(JSONWriter.quoted(pattern.source)) for parameter \(rule.name) rejects every value"
                            + "\(sampled), so the route can never match",
                        path: regexPath, location: config.document?.node(at: regexPath)?.location ?? route.location,
                        file: config.file))
            }
        }
        return findings
    }

    /// Whether `earlier` wins every URL `later` would match: same shape (literal precedence
    /// means any other shape lets `later` win somewhere) and no rule `later` lacks.
    static func shadows(_ earlier: RouteDefinition, _ later: RouteDefinition) -> Bool {
        guard earlier.pattern.segments.count == later.pattern.segments.count else { return false }
        var laterNameAtEarlierName: [String: String] = [:]
        for (first, second) in zip(earlier.pattern.segments, later.pattern.segments) {
            switch (first, second) {
            case (.literal(let a), .literal(let b)) where a == b: continue
            case (.parameter(let a), .parameter(let b)): laterNameAtEarlierName[a] = b
            default: return false
            }
        }
        return earlier.parameters.allSatisfy { rule in
            guard rule.isRequired || rule.pattern != nil else { return true }
            if let laterName = laterNameAtEarlierName[rule.name] {
                return rule.isRequired == false && later.rule(for: laterName)?.pattern == rule.pattern
            }
            return later.rule(for: rule.name) == rule
        }
    }

    /// Whether an expression accepts at least one value: decided exactly for the simple shape,
    /// by trying sample values otherwise.
    static func canMatchSomething(_ pattern: ParameterPattern) -> Bool {
        if let simple = pattern.simple { return simple.shortestExample != nil }
        return samples(for: pattern.source).contains { pattern.matches($0) }
    }

    private static func samples(for source: String) -> [String] {
        var samples: Set<String> = [
            "0", "1", "42", "123", "12345", "abc", "ABC", "abc123", "my-sale-id", "a_b", "a.b", "2024-01-31", "en-US",
            "123e4567-e89b-12d3-a456-426614174000", "true", "false", "é", "日本", "👍", "",
        ]
        for scalar in (0x20...0x7E).compactMap(Unicode.Scalar.init) { samples.insert(String(scalar)) }
        for length in 1...12 {
            samples.insert(String(repeating: "1", count: length))
            samples.insert(String(repeating: "a", count: length))
        }
        let words = source.split { !$0.isLetter && !$0.isNumber && $0 != "_" && $0 != "-" }.map(String.init)
        samples.formUnion(words)
        return samples.sorted()
    }
}
