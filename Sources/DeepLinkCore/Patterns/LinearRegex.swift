/// Expressions with groups and alternation, `(price|newest|rating)` or `([a-z0-9]+-?)+`, matched
/// by simulating their Thompson NFA: time grows with value length × expression size, never
/// exponentially, where a backtracking engine can take seconds on a 20-character value.
struct LinearRegex: Sendable, Hashable {
    private enum Operation: Sendable, Hashable {
        case consume(RegexCharacterSet)
        case split(Int, Int)
        case jump(Int)
        case accept
    }

    private let program: [Operation]

    /// The most operations a program may have; larger counted repetitions are left to `Regex`.
    static let capacity = 4_096

    /// Compiles a parsed expression, or returns `nil` when it would be too large.
    init?(_ node: RegexNode) {
        var program: [Operation] = []
        guard Self.emit(node, into: &program) else { return nil }
        program.append(.accept)
        self.program = program
    }

    private static func emit(_ node: RegexNode, into program: inout [Operation]) -> Bool {
        guard program.count < capacity else { return false }
        switch node {
        case .set(let set):
            program.append(.consume(set))
        case .sequence(let items):
            for item in items where !emit(item, into: &program) { return false }
        case .alternation(let branches):
            var exits: [Int] = []
            for (offset, branch) in branches.enumerated() {
                guard offset < branches.count - 1 else {
                    guard emit(branch, into: &program) else { return false }
                    break
                }
                let split = program.count
                program.append(.split(split + 1, -1))
                guard emit(branch, into: &program) else { return false }
                exits.append(program.count)
                program.append(.jump(-1))
                program[split] = .split(split + 1, program.count)
            }
            for exit in exits { program[exit] = .jump(program.count) }
        case .repetition(let body, let minimum, let maximum):
            for _ in 0..<minimum where !emit(body, into: &program) { return false }
            if let maximum {
                for _ in minimum..<maximum {
                    let split = program.count
                    program.append(.split(split + 1, -1))
                    guard emit(body, into: &program) else { return false }
                    program[split] = .split(split + 1, program.count)
                }
            } else {
                let split = program.count
                program.append(.split(split + 1, -1))
                guard emit(body, into: &program) else { return false }
                program.append(.jump(split))
                program[split] = .split(split + 1, program.count)
            }
        }
        return program.count <= capacity
    }

    /// Whether the expression matches the whole value, one Unicode scalar at a time.
    func wholeMatch(_ value: String) -> Bool {
        if value.utf8.allSatisfy({ $0 < 0x80 }) { return wholeMatch(scalars: value.utf8.lazy.map { Unicode.Scalar($0) }) }
        return wholeMatch(scalars: value.unicodeScalars)
    }

    private func wholeMatch(scalars: some Sequence<Unicode.Scalar>) -> Bool {
        var marks = [Int](repeating: -1, count: program.count)
        var current: [Int] = []
        var next: [Int] = []
        var step = 0
        addThread(0, to: &current, marks: &marks, step: step)
        for scalar in scalars {
            step += 1
            next.removeAll(keepingCapacity: true)
            for pc in current {
                if case .consume(let set) = program[pc], set.contains(scalar) {
                    addThread(pc + 1, to: &next, marks: &marks, step: step)
                }
            }
            swap(&current, &next)
            if current.isEmpty { return false }
        }
        return current.contains { program[$0] == .accept }
    }

    /// Adds a thread at `pc` and every thread its jumps and splits lead to, once per step.
    private func addThread(_ pc: Int, to list: inout [Int], marks: inout [Int], step: Int) {
        var pending = [pc]
        while let pc = pending.popLast() {
            guard marks[pc] != step else { continue }
            marks[pc] = step
            switch program[pc] {
            case .jump(let target): pending.append(target)
            case .split(let first, let second): pending += [second, first]
            case .consume, .accept: list.append(pc)
            }
        }
    }

    /// Whether any value matches: whether the end is reachable through non-empty character sets.
    var matchesSomething: Bool {
        var seen = Set<Int>()
        var pending = [0]
        while let pc = pending.popLast() {
            guard seen.insert(pc).inserted else { continue }
            switch program[pc] {
            case .accept: return true
            case .jump(let target): pending.append(target)
            case .split(let first, let second): pending += [first, second]
            case .consume(let set): if set.example != nil { pending.append(pc + 1) }
            }
        }
        return false
    }
}
