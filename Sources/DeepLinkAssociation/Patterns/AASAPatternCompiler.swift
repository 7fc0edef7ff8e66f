/// One character of a pattern or of a variable's string.
enum AASAGlob: Hashable, Sendable {
    /// A character that matches itself.
    case scalar(Unicode.Scalar)
    /// `?`
    case any
    /// `*`
    case star

    /// The automaton state that reads this character, then goes on to `next`.
    func state(next: Int) -> AASAAutomatonState {
        switch self {
        case .scalar(let scalar): .scalar(scalar, next: next)
        case .any: .any(next: next)
        case .star: .star(next: next)
        }
    }
}

/// One piece of a parsed pattern.
enum AASAPatternElement: Hashable, Sendable {
    case glob(AASAGlob)
    /// `$(name)` of a known variable.
    case variable(String)
    /// `$(name)` of an unknown variable, which matches nothing.
    case nothing
}

/// Compiles the patterns of one apple-app-site-association file. Each substitution variable is
/// compiled once per case setting into an automaton every pattern of the file shares, and the
/// work done (characters read, states built) is counted so a file cannot make it unbounded:
/// past ``workLimit``, patterns compile to match nothing and ``isOverLimit`` is set.
///
/// Compiling is linear in the text compiled: each pattern character is read once (a `$(`
/// without `)` does not rescan the rest of the pattern), and each variable string once.
final class AASAPatternCompiler {
    /// The default limit on one file's compile work: eight steps for every byte of the largest
    /// file Apple accepts, which a linear compile of an acceptable file never reaches.
    static let defaultWorkLimit = 8 * AppleAppSiteAssociation.maximumSize

    /// The variables `$(name)` may refer to; `nil` where `$(` is plain text.
    let variables: SubstitutionVariables?
    let workLimit: Int
    /// Characters read and states built so far.
    private(set) var work = 0
    private var automata: [VariableKey: AASAVariableAutomaton] = [:]

    /// Whether compiling went past ``workLimit``; later patterns then match nothing.
    var isOverLimit: Bool { work > workLimit }

    private struct VariableKey: Hashable {
        let name: String
        let caseSensitive: Bool
    }

    /// Creates a compiler for one file.
    /// - Parameters:
    ///   - variables: The variables `$(name)` may refer to; `nil` where `$(` is plain text.
    ///   - workLimit: The most characters read and states built before patterns compile to nothing.
    init(variables: SubstitutionVariables?, workLimit: Int = AASAPatternCompiler.defaultWorkLimit) {
        self.variables = variables
        self.workLimit = workLimit
    }

    /// Compiles one pattern.
    /// - Parameters:
    ///   - source: The pattern as written.
    ///   - isPath: Whether it is a path pattern, where slashes at either end are insignificant.
    ///   - caseSensitive: Whether letters must match in case.
    ///   - withVariables: Whether `$(name)` refers to a variable (`false` for legacy `paths`).
    func compile(_ source: String, isPath: Bool, caseSensitive: Bool, withVariables: Bool = true) -> AASAPattern {
        var scalars = Array(source.unicodeScalars)
        work += scalars.count
        if isPath { scalars = AASAPattern.trimmingSlashes(scalars) }
        let parsed = parse(scalars, caseSensitive: caseSensitive, withVariables: withVariables && variables != nil)
        var elements = parsed.elements
        if isOverLimit { elements = [.nothing] }
        // A path's final `/*` also matches nothing: `/buy/*` matches `/buy`.
        let endsInSlashStar = isPath && elements.suffix(2) == [.glob(.scalar("/")), .glob(.star)]
        let alternatives = endsInSlashStar ? [elements, Array(elements.dropLast(2))] : [elements]
        let matcher: AASAPatternMatcher
        let pieces = alternatives.compactMap(AASAPatternPieces.init)
        if pieces.count == alternatives.count {
            matcher = .pieces(pieces)
        } else {
            matcher = .automaton(automaton(for: elements, endsInSlashStar: endsInSlashStar, caseSensitive: caseSensitive))
        }
        work += matcher.stateCount
        return AASAPattern(
            source: source, isCaseSensitive: caseSensitive, isPath: isPath, variables: withVariables ? variables : nil,
            unknownVariables: parsed.unknownVariables, hasUnterminatedVariable: parsed.hasUnterminatedVariable,
            matchesEverything: elements == [.glob(.star)], matcher: matcher)
    }

    private struct Parsed {
        var elements: [AASAPatternElement] = []
        var unknownVariables: [String] = []
        var hasUnterminatedVariable = false
    }

    /// Splits a pattern into elements, `**` folded into `*`. Reads each character once: after a
    /// `$(` finds no `)`, no later `$(` can, so the search is not repeated.
    private func parse(_ scalars: [Unicode.Scalar], caseSensitive: Bool, withVariables: Bool) -> Parsed {
        var parsed = Parsed()
        var index = 0
        var noCloseFrom = scalars.count
        while index < scalars.count {
            if withVariables, scalars[index] == "$", index + 1 < scalars.count, scalars[index + 1] == "(" {
                let nameStart = index + 2
                let close = nameStart < noCloseFrom ? scalars[nameStart..<noCloseFrom].firstIndex(of: ")") : nil
                if let close {
                    let name = String(String.UnicodeScalarView(scalars[nameStart..<close]))
                    if variables?.values(named: name) != nil {
                        append(.variable(name), to: &parsed.elements)
                    } else {
                        parsed.unknownVariables.append(name)
                        append(.nothing, to: &parsed.elements)
                    }
                    index = close + 1
                    continue
                }
                noCloseFrom = nameStart
                parsed.hasUnterminatedVariable = true
            }
            for glob in Self.globs(in: scalars[index], caseSensitive: caseSensitive) {
                append(.glob(glob), to: &parsed.elements)
            }
            index += 1
        }
        return parsed
    }

    private func append(_ element: AASAPatternElement, to elements: inout [AASAPatternElement]) {
        if element == .glob(.star), elements.last == .glob(.star) { return }
        elements.append(element)
    }

    /// A character of a pattern or a variable string as globs: `*`, `?`, or itself
    /// (lowercased when letters need not match in case, which may give several scalars).
    private static func globs(in scalar: Unicode.Scalar, caseSensitive: Bool) -> [AASAGlob] {
        switch scalar {
        case "*": return [.star]
        case "?": return [.any]
        default:
            guard !caseSensitive else { return [.scalar(scalar)] }
            return String(scalar).lowercased().unicodeScalars.map { .scalar($0) }
        }
    }

    /// Builds the pattern's automaton back to front, so each state knows the state after it.
    private func automaton(
        for elements: [AASAPatternElement], endsInSlashStar: Bool, caseSensitive: Bool
    ) -> AASAPatternAutomaton {
        var states: [AASAAutomatonState] = [.accept]
        var calls: [AASAPatternAutomaton.Call] = []
        func append(_ state: AASAAutomatonState) -> Int {
            states.append(state)
            return states.count - 1
        }
        var body = elements[...]
        var entry = AASAPatternAutomaton.accept
        if endsInSlashStar {
            body = body.dropLast(2)
            let slashStar = append(.scalar("/", next: append(.star(next: AASAPatternAutomaton.accept))))
            entry = append(.fork([slashStar, AASAPatternAutomaton.accept]))
        }
        for element in body.reversed() {
            switch element {
            case .glob(let glob): entry = append(glob.state(next: entry))
            case .nothing: entry = append(.fork([]))
            case .variable(let name):
                calls.append(AASAPatternAutomaton.Call(variable: variable(name, caseSensitive: caseSensitive), next: entry))
                entry = append(.call(calls.count - 1))
            }
        }
        return AASAPatternAutomaton(states: states, start: entry, calls: calls)
    }

    /// A variable's automaton, built on first use and shared afterwards.
    private func variable(_ name: String, caseSensitive: Bool) -> AASAVariableAutomaton {
        let key = VariableKey(name: name, caseSensitive: caseSensitive)
        if let built = automata[key] { return built }
        let built = buildVariable(variables?.values(named: name) ?? [], caseSensitive: caseSensitive)
        automata[key] = built
        return built
    }

    /// The strings of a variable as a trie: one fork state per node (with the accept state
    /// among its targets where a string ends) and one state per edge. Strings may hold `*` and
    /// `?` but never other variables.
    private func buildVariable(_ values: [String], caseSensitive: Bool) -> AASAVariableAutomaton {
        var lookup: [[AASAGlob: Int]] = [[:]]
        var edges: [[(glob: AASAGlob, child: Int)]] = [[]]
        var ends = [false]
        for value in values {
            var node = 0
            var previous: AASAGlob?
            for scalar in value.unicodeScalars {
                work += 1
                for glob in Self.globs(in: scalar, caseSensitive: caseSensitive) {
                    if glob == .star, previous == .star { continue }
                    previous = glob
                    if let child = lookup[node][glob] {
                        node = child
                        continue
                    }
                    lookup.append([:])
                    edges.append([])
                    ends.append(false)
                    let child = lookup.count - 1
                    lookup[node][glob] = child
                    edges[node].append((glob, child))
                    node = child
                }
            }
            ends[node] = true
        }
        let nodeCount = edges.count
        let accept = 2 * nodeCount - 1
        var forks: [AASAAutomatonState] = []
        var edgeStates: [AASAAutomatonState] = []
        for node in 0..<nodeCount {
            var targets = ends[node] ? [accept] : []
            for (glob, child) in edges[node] {
                targets.append(nodeCount + edgeStates.count)
                edgeStates.append(glob.state(next: child))
            }
            forks.append(.fork(targets))
        }
        work += 2 * nodeCount
        return AASAVariableAutomaton(states: forks + edgeStates + [.accept], start: 0)
    }
}
