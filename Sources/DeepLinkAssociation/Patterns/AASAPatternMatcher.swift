/// How a compiled ``AASAPattern`` decides: by pieces when it has no variable, by an automaton otherwise.
enum AASAPatternMatcher: Sendable {
    /// A pattern without variables, as alternatives split at `*` (a path pattern ending in `/*`
    /// has a second alternative without that ending).
    case pieces([AASAPatternPieces])
    /// A pattern with variables.
    case automaton(AASAPatternAutomaton)

    func matches(_ scalars: [Unicode.Scalar], budget: inout MatchBudget) -> Bool {
        switch self {
        case .pieces(let alternatives): alternatives.contains { $0.matches(scalars, budget: &budget) }
        case .automaton(let automaton): automaton.matches(scalars, budget: &budget)
        }
    }

    var stateCount: Int {
        switch self {
        case .pieces(let alternatives): alternatives.reduce(0) { $0 + $1.length }
        case .automaton(let automaton): automaton.states.count
        }
    }
}

/// A pattern without variables, split at `*`: `first*middle₁*…*middleₙ*last`.
struct AASAPatternPieces: Sendable {
    /// One pattern character: a fixed scalar, or `nil` for `?`.
    typealias Piece = [Unicode.Scalar?]

    let first: Piece
    let middle: [Piece]
    let last: Piece
    let hasStar: Bool

    /// Splits a pattern, or `nil` when it has a variable.
    init?(_ elements: [AASAPatternElement]) {
        var split: [Piece] = [[]]
        for element in elements {
            switch element {
            case .glob(.scalar(let scalar)): split[split.count - 1].append(scalar)
            case .glob(.any): split[split.count - 1].append(nil)
            case .glob(.star): split.append([])
            case .variable, .nothing: return nil
            }
        }
        first = split[0]
        hasStar = split.count > 1
        last = hasStar ? split[split.count - 1] : []
        middle = hasStar ? Array(split.dropFirst().dropLast()).filter { !$0.isEmpty } : []
    }

    /// The number of pattern characters.
    var length: Int { first.count + last.count + middle.reduce(0) { $0 + $1.count } }

    func matches(_ text: [Unicode.Scalar], budget: inout MatchBudget) -> Bool {
        guard hasStar else { return text.count == first.count && fits(first, in: text, at: 0) }
        guard text.count >= first.count + last.count, fits(first, in: text, at: 0),
            fits(last, in: text, at: text.count - last.count)
        else { return false }
        var position = first.count
        let end = text.count - last.count
        for piece in middle {
            guard let found = leftmostFit(of: piece, in: text, from: position, before: end, budget: &budget) else {
                return false
            }
            position = found + piece.count
        }
        return true
    }

    private func leftmostFit(
        of piece: Piece, in text: [Unicode.Scalar], from start: Int, before end: Int, budget: inout MatchBudget
    ) -> Int? {
        guard end - start >= piece.count else { return nil }
        for offset in start...(end - piece.count) {
            guard budget.spend() else { return nil }
            if fits(piece, in: text, at: offset) { return offset }
        }
        return nil
    }

    private func fits(_ piece: Piece, in text: [Unicode.Scalar], at offset: Int) -> Bool {
        for (index, expected) in piece.enumerated() where expected != nil && expected != text[offset + index] {
            return false
        }
        return true
    }
}

/// One state of a compiled automaton.
enum AASAAutomatonState: Sendable {
    /// Reads this character, then goes on.
    case scalar(Unicode.Scalar, next: Int)
    /// Reads any one character, then goes on.
    case any(next: Int)
    /// Reads any character and stays, or goes on without reading.
    case star(next: Int)
    /// Goes on to every target without reading.
    case fork([Int])
    /// Enters a variable's automaton (the pattern's call with this index) and comes back when it accepts.
    case call(Int)
    /// The whole pattern, or the variable, has matched.
    case accept
}

/// A substitution variable's strings as one automaton: compiled once per file and case setting,
/// and entered by every reference to the variable.
final class AASAVariableAutomaton: Sendable {
    let states: [AASAAutomatonState]
    let start: Int

    init(states: [AASAAutomatonState], start: Int) {
        self.states = states
        self.start = start
    }
}

/// A pattern with variables as a nondeterministic automaton, simulated one text character at a
/// time over the set of live threads. A thread inside a variable remembers the call it came
/// from, so a variable's states are shared by all its references.
struct AASAPatternAutomaton: Sendable {
    /// A reference to a variable, and the pattern state that follows it.
    struct Call: Sendable {
        let variable: AASAVariableAutomaton
        let next: Int
    }

    /// The pattern's state that accepts.
    static let accept = 0

    let states: [AASAAutomatonState]
    let start: Int
    let calls: [Call]
    /// The most states any called variable has, to key threads inside variables.
    private let stride: Int

    init(states: [AASAAutomatonState], start: Int, calls: [Call]) {
        self.states = states
        self.start = start
        self.calls = calls
        stride = calls.map(\.variable.states.count).max() ?? 0
    }

    /// A live position: a pattern state (`call` is `nil`), or a state of the variable entered by a call.
    private struct Thread {
        let call: Int?
        let state: Int
    }

    /// The threads already added in the current step.
    private struct Seen {
        var patternStep: [Int]
        var inCalls: Set<Int> = []
        let stride: Int

        init(stateCount: Int, stride: Int) {
            patternStep = [Int](repeating: -1, count: stateCount)
            self.stride = stride
        }

        /// Records the thread; `false` when it was already recorded in this step.
        mutating func insert(_ thread: Thread, step: Int) -> Bool {
            guard let call = thread.call else {
                guard patternStep[thread.state] != step else { return false }
                patternStep[thread.state] = step
                return true
            }
            return inCalls.insert(call * stride + thread.state).inserted
        }

        mutating func nextStep() {
            inCalls.removeAll(keepingCapacity: true)
        }
    }

    func matches(_ scalars: [Unicode.Scalar], budget: inout MatchBudget) -> Bool {
        var seen = Seen(stateCount: states.count, stride: stride)
        var current: [Thread] = []
        var next: [Thread] = []
        guard addClosure(of: Thread(call: nil, state: start), step: 0, seen: &seen, into: &current, budget: &budget) else {
            return false
        }
        for (offset, scalar) in scalars.enumerated() {
            let step = offset + 1
            seen.nextStep()
            next.removeAll(keepingCapacity: true)
            for thread in current {
                let following: Int
                switch state(of: thread) {
                case .scalar(let expected, let target) where expected == scalar: following = target
                case .any(let target): following = target
                case .star: following = thread.state
                case .scalar, .fork, .call, .accept: continue
                }
                let moved = Thread(call: thread.call, state: following)
                guard addClosure(of: moved, step: step, seen: &seen, into: &next, budget: &budget) else { return false }
            }
            guard !next.isEmpty else { return false }
            swap(&current, &next)
        }
        return current.contains { $0.call == nil && $0.state == Self.accept }
    }

    private func state(of thread: Thread) -> AASAAutomatonState {
        guard let call = thread.call else { return states[thread.state] }
        return calls[call].variable.states[thread.state]
    }

    /// Adds the thread and every thread reachable from it without reading a character; `false`
    /// when the budget ran out.
    private func addClosure(
        of thread: Thread, step: Int, seen: inout Seen, into list: inout [Thread], budget: inout MatchBudget
    ) -> Bool {
        var pending = [thread]
        while let thread = pending.popLast() {
            guard seen.insert(thread, step: step) else { continue }
            guard budget.spend() else { return false }
            switch state(of: thread) {
            case .fork(let targets):
                pending.append(contentsOf: targets.map { Thread(call: thread.call, state: $0) })
            case .call(let index):
                pending.append(Thread(call: index, state: calls[index].variable.start))
            case .star(let target):
                list.append(thread)
                pending.append(Thread(call: thread.call, state: target))
            case .accept:
                if let call = thread.call {
                    pending.append(Thread(call: nil, state: calls[call].next))
                } else {
                    list.append(thread)
                }
            case .scalar, .any:
                list.append(thread)
            }
        }
        return true
    }
}
