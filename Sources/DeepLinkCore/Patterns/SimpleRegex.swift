/// The most common shape of parameter expressions, `[0-9]+`, `[a-z0-9-]{3,20}`, `\d{4}`,
/// `SKU-[A-Z]+`: a sequence of characters and classes, each with a quantifier.
///
/// Such an expression is matched by a bit-parallel NFA in one pass over the value, several times
/// faster than the general `Regex` engine and never backtracking. The shape also lets tools
/// find the shortest value an expression accepts, or prove it accepts none.
struct SimpleRegex: Sendable, Hashable {
    /// One element of the expanded sequence: a set that is required once, optional, or repeated.
    struct Element: Sendable, Hashable {
        enum Repetition: Sendable, Hashable { case once, optional, any }
        let set: RegexCharacterSet
        let repetition: Repetition
    }

    /// The expanded sequence; `{2,4}` becomes two required and two optional copies.
    let elements: [Element]
    /// For each ASCII character, the elements (as bits) whose set contains it.
    private let asciiAcceptors: [UInt64]
    /// Elements that may be skipped (optional or repeated).
    private let skippable: UInt64
    /// Elements that stay active after consuming a character (repeated).
    private let repeating: UInt64

    /// The most elements the bit-parallel matcher can hold.
    static let capacity = 63

    /// Builds the matcher for a parsed expression, or returns `nil` when it is not a flat sequence.
    init?(_ node: RegexNode) {
        var elements: [Element] = []
        let items: [RegexNode]
        if case .sequence(let sequence) = node { items = sequence } else { items = [node] }
        for item in items {
            switch item {
            case .set(let set):
                elements.append(Element(set: set, repetition: .once))
            case .repetition(.set(let set), let minimum, let maximum):
                elements += Array(repeating: Element(set: set, repetition: .once), count: minimum)
                if let maximum {
                    elements += Array(repeating: Element(set: set, repetition: .optional), count: maximum - minimum)
                } else {
                    elements.append(Element(set: set, repetition: .any))
                }
            default:
                return nil
            }
            guard elements.count <= Self.capacity else { return nil }
        }
        self.elements = elements
        var acceptors = [UInt64](repeating: 0, count: 128)
        var skippable: UInt64 = 0
        var repeating: UInt64 = 0
        for (position, element) in elements.enumerated() {
            for byte in 0..<128 where element.set.contains(Unicode.Scalar(UInt8(byte))) {
                acceptors[byte] |= 1 << position
            }
            if element.repetition != .once { skippable |= 1 << position }
            if element.repetition == .any { repeating |= 1 << position }
        }
        asciiAcceptors = acceptors
        self.skippable = skippable
        self.repeating = repeating
    }

    /// Whether the expression matches the whole value, one Unicode scalar at a time.
    func wholeMatch(_ value: String) -> Bool {
        // An ASCII byte is a whole scalar: one pass over the bytes, back to scalars at the first other byte.
        var states = closure(1)
        for byte in value.utf8 {
            guard byte < 0x80 else { return wholeMatch(scalars: value.unicodeScalars) }
            states = step(states, accepting: asciiAcceptors[Int(byte)])
            if states == 0 { return false }
        }
        return states & (1 << elements.count) != 0
    }

    private func wholeMatch(scalars: String.UnicodeScalarView) -> Bool {
        var states = closure(1)
        for scalar in scalars {
            states = step(states, accepting: scalar.value < 128 ? asciiAcceptors[Int(scalar.value)] : acceptors(of: scalar))
            if states == 0 { return false }
        }
        return states & (1 << elements.count) != 0
    }

    /// Shift-and: each bit is a position in the sequence; one step per character.
    private func step(_ states: UInt64, accepting: UInt64) -> UInt64 {
        let active = states & accepting
        return closure(((active & ~repeating) << 1) | (active & repeating))
    }

    private func acceptors(of scalar: Unicode.Scalar) -> UInt64 {
        var mask: UInt64 = 0
        for (position, element) in elements.enumerated() where element.set.contains(scalar) { mask |= 1 << position }
        return mask
    }

    /// The shortest value the expression matches, or `nil` when it matches nothing.
    var shortestExample: String? {
        var example = String.UnicodeScalarView()
        for element in elements where element.repetition == .once {
            guard let scalar = element.set.example else { return nil }
            example.append(scalar)
        }
        return String(example)
    }

    /// Adds every position reachable by skipping optional and repeated elements.
    private func closure(_ states: UInt64) -> UInt64 {
        var result = states
        while true {
            let added = ((result & skippable) << 1) & ~result
            if added == 0 { return result }
            result |= added
        }
    }
}
