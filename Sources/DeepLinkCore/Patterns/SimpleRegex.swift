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
    }

    /// Whether the expression matches the whole value, or `nil` when the value has characters
    /// made of several scalars, which only `Regex`'s grapheme-aware matching decides correctly.
    func wholeMatch(_ value: String) -> Bool? {
        value.withSingleScalarCharacters { scalars in wholeMatch(scalars: scalars) }
    }

    private func wholeMatch(scalars: some Sequence<Unicode.Scalar>) -> Bool {
        var states = closure(1)
        for scalar in scalars {
            var next: UInt64 = 0
            var remaining = states
            while remaining != 0 {
                let position = remaining.trailingZeroBitCount
                remaining &= remaining - 1
                guard position < elements.count else { continue }
                let element = elements[position]
                guard element.set.contains(scalar) else { continue }
                next |= element.repetition == .any ? (1 << position) : (1 << (position + 1))
            }
            states = closure(next)
            if states == 0 { return false }
        }
        return states & (1 << elements.count) != 0
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
        for position in elements.indices where result & (1 << position) != 0 && elements[position].repetition != .once {
            result |= 1 << (position + 1)
        }
        return result
    }
}

extension String {
    /// Calls `body` with the string's scalars when every character is a single scalar, or
    /// returns `nil` otherwise: matching scalar by scalar is then the same as matching by
    /// character.
    func withSingleScalarCharacters(_ body: (AnySequence<Unicode.Scalar>) -> Bool) -> Bool? {
        // ASCII text without CR is one scalar per character, so grapheme breaking can be skipped.
        if utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            return body(AnySequence(utf8.lazy.map { Unicode.Scalar($0) }))
        }
        var scalars: [Unicode.Scalar] = []
        for character in self {
            guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return nil }
            scalars.append(scalar)
        }
        return body(AnySequence(scalars))
    }
}
