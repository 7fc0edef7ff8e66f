/// A pattern in Apple's universal-link syntax, compiled for matching: `*` matches zero or more
/// characters, `?` exactly one, `?*` one or more, and `$(name)` any one string of a substitution
/// variable. Every other character matches itself.
///
/// Matching never backtracks across `*`, so no pattern can make it exponential:
/// - Without variables, the pattern is split at each `*` into fixed-length pieces; the first
///   and last must sit at the ends of the text, and each piece between is placed at its
///   leftmost fit after the previous one (leftmost is always safe, since `*` absorbs any gap).
///   The cost is at most the text's length times the pattern's length, and usually one pass:
///   `*a*a*a*a*b` against 20,000 `a`s reads each character about twice.
/// - With variables, the pattern runs as a nondeterministic automaton over the set of live
///   pattern positions, one text character at a time, at most the text's length times the
///   number of positions (variables count the total length of their strings).
public struct AASAPattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let source: String
    /// Whether letters must match in case.
    public let isCaseSensitive: Bool
    /// The names of `$(name)` variables that the variables given did not define; a pattern that
    /// uses one matches nothing.
    public let unknownVariables: [String]
    /// Whether the pattern has a `$(` without its closing `)`; that `$(` is then matched literally.
    public let hasUnterminatedVariable: Bool

    private let states: [State]
    private let start: Int
    /// The pattern split at `*` when it has no variable, for the faster piece-by-piece match.
    private let pieces: Pieces?

    /// Compiles a pattern.
    /// - Parameters:
    ///   - source: The pattern, e.g. `/help/*` or `/$(lang)_$(region)/*`.
    ///   - caseSensitive: Whether letters must match in case (Apple's default is `true`).
    ///   - variables: The substitution variables `$(name)` may refer to; `nil` for legacy `paths`,
    ///     where `$(` is plain text.
    public init(_ source: String, caseSensitive: Bool = true, variables: SubstitutionVariables? = .predefined) {
        self.source = source
        self.isCaseSensitive = caseSensitive
        let parsed = PatternParser(caseSensitive: caseSensitive, variables: variables).parse(source)
        unknownVariables = parsed.unknownVariables
        hasUnterminatedVariable = parsed.hasUnterminatedVariable
        var compiler = Compiler()
        start = compiler.compile(parsed.elements, then: Compiler.accept)
        states = compiler.states
        pieces = Pieces(parsed.elements)
    }

    /// Whether the pattern matches the whole text.
    /// - Parameter text: A URL component (path, query, query value or fragment).
    public func matches(_ text: String) -> Bool {
        let scalars = Array((isCaseSensitive ? text : text.lowercased()).unicodeScalars)
        if let pieces { return pieces.matches(scalars) }
        return simulate(scalars)
    }

    /// Runs the automaton over the text, keeping each live state once per step.
    private func simulate(_ scalars: [Unicode.Scalar]) -> Bool {
        var seen = [Int](repeating: -1, count: states.count)
        var current: [Int] = []
        var next: [Int] = []
        current.reserveCapacity(states.count)
        next.reserveCapacity(states.count)
        addClosure(of: start, step: 0, seen: &seen, into: &current)
        for (offset, scalar) in scalars.enumerated() {
            let step = offset + 1
            next.removeAll(keepingCapacity: true)
            for index in current {
                switch states[index] {
                case .scalar(let expected, let following) where expected == scalar:
                    addClosure(of: following, step: step, seen: &seen, into: &next)
                case .any(let following):
                    addClosure(of: following, step: step, seen: &seen, into: &next)
                case .star:
                    addClosure(of: index, step: step, seen: &seen, into: &next)
                case .scalar, .fork, .accept:
                    break
                }
            }
            guard !next.isEmpty else { return false }
            swap(&current, &next)
        }
        return current.contains(Compiler.accept)
    }

    /// The pattern as written.
    public var description: String { source }

    /// Adds `index` and every state reachable from it without reading a character.
    private func addClosure(of index: Int, step: Int, seen: inout [Int], into list: inout [Int]) {
        var pending = [index]
        while let state = pending.popLast() {
            guard seen[state] != step else { continue }
            seen[state] = step
            switch states[state] {
            case .fork(let targets):
                pending.append(contentsOf: targets)
            case .star(let following):
                list.append(state)
                pending.append(following)
            case .scalar, .any, .accept:
                list.append(state)
            }
        }
    }
}

extension AASAPattern {
    /// One state of the compiled automaton.
    fileprivate enum State: Sendable, Hashable {
        /// Reads this character, then goes on.
        case scalar(Unicode.Scalar, next: Int)
        /// Reads any one character, then goes on.
        case any(next: Int)
        /// Reads any character and stays, or goes on without reading.
        case star(next: Int)
        /// Goes on to every target without reading.
        case fork([Int])
        /// The whole pattern has matched.
        case accept
    }

    /// One piece of a parsed pattern.
    fileprivate enum Element: Hashable {
        case scalar(Unicode.Scalar)
        case any
        case star
        /// A substitution variable: one of its strings, each already parsed.
        case oneOf([[Element]])
    }

    fileprivate struct Parsed {
        var elements: [Element] = []
        var unknownVariables: [String] = []
        var hasUnterminatedVariable = false
    }

    fileprivate struct PatternParser {
        let caseSensitive: Bool
        let variables: SubstitutionVariables?

        func parse(_ source: String) -> Parsed {
            var parsed = Parsed()
            let scalars = Array(source.unicodeScalars)
            var index = 0
            while index < scalars.count {
                if let variables, scalars[index] == "$", index + 1 < scalars.count, scalars[index + 1] == "(" {
                    if let close = scalars[(index + 2)...].firstIndex(of: ")") {
                        let name = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
                        if let values = variables.values(named: name) {
                            // Variable strings may hold wildcards but never other variables.
                            parsed.elements.append(.oneOf(values.map { wildcards(in: $0) }))
                        } else {
                            parsed.unknownVariables.append(name)
                            parsed.elements.append(.oneOf([]))
                        }
                        index = close + 1
                        continue
                    }
                    parsed.hasUnterminatedVariable = true
                }
                parsed.elements.append(contentsOf: wildcards(in: String(scalars[index])))
                index += 1
            }
            return parsed
        }

        private func wildcards(in text: String) -> [Element] {
            let folded = caseSensitive ? text : text.lowercased()
            return folded.unicodeScalars.map { scalar in
                switch scalar {
                case "*": .star
                case "?": .any
                default: .scalar(scalar)
                }
            }
        }
    }

    /// Builds the automaton back to front, so each state knows the state after it.
    fileprivate struct Compiler {
        static let accept = 0
        private(set) var states: [State] = [.accept]

        mutating func compile(_ elements: [Element], then next: Int) -> Int {
            var entry = next
            var previousWasStar = false
            for element in elements.reversed() {
                switch element {
                case .scalar(let scalar): entry = append(.scalar(scalar, next: entry))
                case .any: entry = append(.any(next: entry))
                case .star where previousWasStar: break
                case .star: entry = append(.star(next: entry))
                case .oneOf(let alternatives): entry = compileAlternatives(alternatives, then: entry)
                }
                previousWasStar = element == .star
            }
            return entry
        }

        /// Shares common prefixes of the alternatives, so `$(lang)` costs a few hundred states
        /// rather than one chain per language.
        private mutating func compileAlternatives(_ alternatives: [[Element]], then next: Int) -> Int {
            var groups: [Element: [[Element]]] = [:]
            var order: [Element] = []
            var endsHere = false
            for alternative in alternatives {
                guard let first = alternative.first else {
                    endsHere = true
                    continue
                }
                if groups[first] == nil { order.append(first) }
                groups[first, default: []].append(Array(alternative.dropFirst()))
            }
            var targets: [Int] = endsHere ? [next] : []
            for first in order {
                let rest = compileAlternatives(groups[first] ?? [], then: next)
                targets.append(compile([first], then: rest))
            }
            return targets.count == 1 ? targets[0] : append(.fork(targets))
        }

        private mutating func append(_ state: State) -> Int {
            states.append(state)
            return states.count - 1
        }
    }
}

extension AASAPattern {
    /// A pattern without variables, split at `*`: `first*middle₁*…*middleₙ*last`.
    fileprivate struct Pieces: Sendable, Hashable {
        /// One pattern character: a fixed scalar, or `nil` for `?`.
        typealias Piece = [Unicode.Scalar?]

        let first: Piece
        let middle: [Piece]
        let last: Piece
        let hasStar: Bool

        init?(_ elements: [Element]) {
            var split: [Piece] = [[]]
            for element in elements {
                switch element {
                case .scalar(let scalar): split[split.count - 1].append(scalar)
                case .any: split[split.count - 1].append(nil)
                case .star: split.append([])
                case .oneOf: return nil
                }
            }
            first = split[0]
            hasStar = split.count > 1
            last = hasStar ? split[split.count - 1] : []
            middle = hasStar ? Array(split.dropFirst().dropLast()).filter { !$0.isEmpty } : []
        }

        func matches(_ text: [Unicode.Scalar]) -> Bool {
            guard hasStar else { return text.count == first.count && fits(first, in: text, at: 0) }
            guard text.count >= first.count + last.count, fits(first, in: text, at: 0),
                fits(last, in: text, at: text.count - last.count)
            else { return false }
            var position = first.count
            let end = text.count - last.count
            for piece in middle {
                guard let found = leftmostFit(of: piece, in: text, from: position, before: end) else { return false }
                position = found + piece.count
            }
            return true
        }

        private func leftmostFit(of piece: Piece, in text: [Unicode.Scalar], from start: Int, before end: Int) -> Int? {
            guard end - start >= piece.count else { return nil }
            return (start...(end - piece.count)).first { fits(piece, in: text, at: $0) }
        }

        private func fits(_ piece: Piece, in text: [Unicode.Scalar], at offset: Int) -> Bool {
            for (index, expected) in piece.enumerated() where expected != nil && expected != text[offset + index] {
                return false
            }
            return true
        }
    }
}
