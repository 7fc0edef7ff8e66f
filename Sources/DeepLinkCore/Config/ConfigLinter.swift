/// Finds config mistakes that load fine but cannot be what the author meant: keys that can never
/// match (errors), routes that can never win and expressions that accept nothing (warnings).
/// `deeplink check` prints them all.
public enum ConfigLinter {
    /// Every finding for a config, in route order.
    /// - Parameter config: A config that loaded without errors.
    public static func lint(_ config: DeepLinkConfig) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        // Only routes of the same shape can shadow each other, so compare within shapes.
        var earlierOfShape: [[String?]: [RouteDefinition]] = [:]
        for route in config.routes {
            let path = route.path
            let shape = route.pattern.segments.map { segment -> String? in
                if case .literal(let text) = segment { return text }
                return nil
            }
            defer { earlierOfShape[shape, default: []].append(route) }
            if let reason = neverMatchReason(route.pattern, schemes: config.schemes) {
                findings.append(
                    Diagnostic(
                        severity: .error, code: "route-never-matches",
                        message: "route key \(JSONWriter.quoted(route.pattern.description)) \(reason)", path: path,
                        location: route.location, file: config.file))
            }
            if let winner = earlierOfShape[shape]?.first(where: { shadows($0, route) }) {
                findings.append(
                    Diagnostic(
                        severity: .warning, code: "shadowed-route",
                        message: "route \(route.pattern) can never win: route \(winner.pattern), listed earlier, matches "
                            + "every URL it matches and accepts all of its parameters; remove one or add a regex to the earlier one",
                        path: path, location: route.location, file: config.file))
            }
            for rule in route.parameters {
                guard let pattern = rule.pattern else { continue }
                let regexPath = path.appending(key: "routeParameters").appending(key: rule.name).appending(key: "regex")
                if rule.type != .string, canMatchSomething(pattern),
                    !samples(for: pattern.source).contains(where: { pattern.matches($0) && rule.type.accepts($0) })
                {
                    findings.append(
                        Diagnostic(
                            severity: .error, code: "type-and-regex-never-match",
                            message: "parameter \(rule.name) has type \(rule.type) and regex \(JSONWriter.quoted(pattern.source)), "
                                + "and no value found is both (\(rule.type.expectation)), so the route can never match; "
                                + "remove one, or write a regex for values of the type",
                            path: path.appending(key: "routeParameters").appending(key: rule.name), location: pattern.location ?? route.location,
                            file: config.file))
                }
                if pattern.mayBacktrackExponentially {
                    findings.append(
                        Diagnostic(
                            severity: .warning, code: "regex-may-backtrack",
                            message: "regex \(JSONWriter.quoted(pattern.source)) nests quantifiers and uses syntax the router cannot "
                                + "match without backtracking, so a crafted link can make matching take seconds; "
                                + "remove the lookaround, backreference or flag, or the nested quantifier",
                            path: regexPath, location: pattern.location ?? route.location, file: config.file))
                }
                guard !canMatchSomething(pattern) else { continue }
                let isDecided = pattern.matchesInLinearTime
                let sampled = isDecided ? "" : " (none of \(samples(for: pattern.source).count) sample values matched)"
                findings.append(
                    Diagnostic(
                        severity: .warning, code: "regex-matches-nothing",
                        message: "regex \(JSONWriter.quoted(pattern.source)) for parameter \(rule.name) rejects every value"
                            + "\(sampled), so the route can never match",
                        path: regexPath, location: pattern.location ?? route.location,
                        file: config.file))
            }
        }
        return findings
    }

    /// Why a key can never match a link, when it cannot: it is written like a URL or a glob, not
    /// like the path segments links are matched by.
    static func neverMatchReason(_ pattern: RoutePattern, schemes: [String]) -> String? {
        let key = pattern.description
        if let colon = key.firstIndex(of: ":"), colon > key.startIndex,
            (["http", "https"] + schemes).contains(key[..<colon].drop { $0 == "/" }.lowercased())
        {
            return "starts with a scheme; write the route alone: links are matched from a custom scheme's host, or a universal link's path"
        }
        if key.contains("?") {
            return "puts a query in the path, but a link's query never reaches its path; declare the query's names in "
                + "routeParameters and key the route by its path alone"
        }
        if key.contains("#") { return "puts a fragment in the path, but a link's fragment is ignored; key the route by its path alone" }
        let literalStar = pattern.segments.contains { segment in
            if case .literal(let text) = segment { return text.contains("*") }
            return false
        }
        if literalStar {
            return "has no wildcards: * matches only a segment that is literally *; use a :parameter for one segment, a catch-all "
                + "*name as the last segment for the rest of the path, or end the key before it (longer links are trimmed until a route matches)"
        }
        return nil
    }

    /// Whether `earlier` wins every URL `later` would match: same shape (literal precedence
    /// means any other shape lets `later` win somewhere) and no rule `later` lacks.
    static func shadows(_ earlier: RouteDefinition, _ later: RouteDefinition) -> Bool {
        guard earlier.pattern.segments.count == later.pattern.segments.count else { return false }
        var laterNameAtEarlierName: [String: String] = [:]
        for (first, second) in zip(earlier.pattern.segments, later.pattern.segments) {
            switch (first, second) {
            case (.literal(let a), .literal(let b)) where a == b: continue
            case (.parameter(let a), .parameter(let b)), (.catchAll(let a), .catchAll(let b)): laterNameAtEarlierName[a] = b
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
        if let linear = pattern.linear { return linear.matchesSomething }
        return samples(for: pattern.source).contains { pattern.matches($0) }
    }

    private static func samples(for source: String) -> [String] {
        var samples: Set<String> = [
            "0", "1", "42", "123", "12345", "abc", "ABC", "abc123", "my-sale-id", "a_b", "a.b", "2024-01-31", "en-US",
            "123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-426614174000", "true", "false", "TRUE", "1.5", "-1", "-1.5",
            "0.5", "007", "é", "日本", "👍", "",
        ]
        for scalar in (0x20...0x7E).compactMap(Unicode.Scalar.init) { samples.insert(String(scalar)) }
        for length in 1...12 {
            samples.insert(String(repeating: "1", count: length))
            samples.insert(String(repeating: "a", count: length))
        }
        let words = source.split { !$0.isLetter && !$0.isNumber && $0 != "_" && $0 != "-" }.map(String.init)
        samples.formUnion(words)
        for optionalCount in 0...1 {
            var synthesizer = ExampleSynthesizer(scalars: Array(source.unicodeScalars), optionalCount: optionalCount)
            samples.insert(synthesizer.sequence())
        }
        return samples.sorted()
    }
}

/// Writes a value an expression probably matches by taking, at every choice, the first
/// alternative, the first class member and the fewest repetitions. The caller checks it.
private struct ExampleSynthesizer {
    let scalars: [Unicode.Scalar]
    /// How many times `*` and `?` repeat.
    let optionalCount: Int
    var index = 0

    init(scalars: [Unicode.Scalar], optionalCount: Int) {
        self.scalars = scalars
        self.optionalCount = optionalCount
    }

    mutating func sequence() -> String {
        var output = ""
        while index < scalars.count, scalars[index] != ")" {
            if scalars[index] == "|" {
                skipToGroupEnd()
                break
            }
            let atom = self.atom()
            output += String(repeating: atom, count: repetitions())
        }
        return output
    }

    mutating func atom() -> String {
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case "\\":
            guard index < scalars.count else { return "" }
            let escaped = scalars[index]
            index += 1
            switch escaped {
            case "d": return "0"
            case "w", "S", "D": return "a"
            case "s": return " "
            case "W": return "-"
            case "b", "B", "A", "z", "Z": return ""
            default: return String(escaped)
            }
        case "[": return characterClass()
        case "(": return group()
        case ".": return "a"
        case "^", "$": return ""
        default: return String(scalar)
        }
    }

    mutating func characterClass() -> String {
        let negated = index < scalars.count && scalars[index] == "^"
        if negated { index += 1 }
        var first: String?
        var isFirst = true
        while index < scalars.count, scalars[index] != "]" || isFirst {
            isFirst = false
            if scalars[index] == "\\", index + 1 < scalars.count {
                first = first ?? (scalars[index + 1] == "d" ? "0" : String(scalars[index + 1]))
                index += 2
            } else {
                first = first ?? String(scalars[index])
                index += 1
            }
        }
        index += 1
        return negated ? "~" : first ?? ""
    }

    mutating func group() -> String {
        if index < scalars.count, scalars[index] == "?" {
            index += 1
            if index < scalars.count, "=!<".unicodeScalars.contains(scalars[index]) {
                skipToGroupEnd()
                return ""
            }
            while index < scalars.count, scalars[index] != ":", scalars[index] != ")" { index += 1 }
            if index < scalars.count, scalars[index] == ")" {
                index += 1
                return ""
            }
            index += 1
        }
        let content = sequence()
        index += 1
        return content
    }

    mutating func repetitions() -> Int {
        guard index < scalars.count else { return 1 }
        var count = 1
        switch scalars[index] {
        case "*", "?": count = optionalCount; index += 1
        case "+": index += 1
        case "{":
            index += 1
            var digits = ""
            while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                digits.unicodeScalars.append(scalars[index])
                index += 1
            }
            while index < scalars.count, scalars[index] != "}" { index += 1 }
            index += 1
            count = min(Int(digits) ?? 1, 64)
        default: return 1
        }
        if index < scalars.count, scalars[index] == "?" || scalars[index] == "+" { index += 1 }
        return count
    }

    /// Skips the rest of the current group, nested groups included, stopping before its `)`.
    mutating func skipToGroupEnd() {
        var depth = 0
        while index < scalars.count {
            switch scalars[index] {
            case "\\": index += 1
            case "(": depth += 1
            case ")":
                if depth == 0 { return }
                depth -= 1
            default: break
            }
            index += 1
        }
    }
}
