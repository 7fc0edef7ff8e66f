/// The common shape of parameter expressions, `[0-9]+`, `[a-z0-9-]{3,20}`, `\d{4}`, `SKU-[A-Z]+`:
/// a sequence of literal characters and character classes, each with a greedy quantifier.
///
/// Such an expression is matched here by a bit-parallel NFA in one pass, several times faster
/// than the general `Regex` engine and never backtracking; anything outside the shape (groups,
/// alternation, `.`, `\w`, lookaround, lazy or possessive quantifiers) is left to `Regex`. The
/// shape also lets tools decide exactly whether an expression can match anything at all.
struct SimpleRegex: Sendable, Hashable {
    /// A set of single-scalar characters.
    struct CharacterSet: Sendable, Hashable {
        var ranges: [ClosedRange<UInt32>]
        var includesDecimalDigits: Bool
        var isNegated: Bool

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            let member = ranges.contains { $0.contains(scalar.value) }
                || (includesDecimalDigits && scalar.properties.numericType == .decimal)
            return member != isNegated
        }

        /// A member of the set, for building example values.
        var example: Unicode.Scalar? {
            if isNegated {
                return (0x21...0x7E).lazy.compactMap(Unicode.Scalar.init).first { contains($0) }
            }
            if includesDecimalDigits { return "0" }
            return ranges.first.flatMap { Unicode.Scalar($0.lowerBound) }
        }
    }

    /// One element of the expanded sequence: a set that is required once, optional, or repeated.
    struct Element: Sendable, Hashable {
        enum Repetition: Sendable, Hashable { case once, optional, any }
        let set: CharacterSet
        let repetition: Repetition
    }

    /// The expanded sequence; `{2,4}` becomes two required and two optional copies.
    let elements: [Element]

    /// The most elements the bit-parallel matcher can hold.
    static let capacity = 63

    /// Reads an expression, or returns `nil` when it is not of the simple shape.
    init?(_ source: String) {
        var parser = SimpleRegexParser(scalars: Array(source.unicodeScalars))
        guard let elements = parser.parse(), elements.count <= Self.capacity else { return nil }
        self.elements = elements
    }

    /// Whether the expression matches the whole value, or `nil` when the value has characters
    /// made of several scalars, which only `Regex`'s grapheme-aware matching decides correctly.
    func wholeMatch(_ value: String) -> Bool? {
        // ASCII text without CR is one scalar per character, so grapheme breaking can be skipped.
        if value.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            return wholeMatch(scalars: value.unicodeScalars)
        }
        var scalars: [Unicode.Scalar] = []
        for character in value {
            guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return nil }
            scalars.append(scalar)
        }
        return wholeMatch(scalars: scalars)
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

private struct SimpleRegexParser {
    let scalars: [Unicode.Scalar]
    var index = 0

    mutating func parse() -> [SimpleRegex.Element]? {
        var end = scalars.count
        if scalars.first == "^" { index = 1 }
        if end > index, scalars[end - 1] == "$", !(end >= 2 && scalars[end - 2] == "\\") { end -= 1 }
        var elements: [SimpleRegex.Element] = []
        while index < end {
            guard let set = parseAtom(), let (minimum, maximum) = parseQuantifier(end: end) else { return nil }
            elements += Array(repeating: SimpleRegex.Element(set: set, repetition: .once), count: minimum)
            if let maximum {
                guard maximum >= minimum else { return nil }
                elements += Array(repeating: SimpleRegex.Element(set: set, repetition: .optional), count: maximum - minimum)
            } else {
                elements.append(SimpleRegex.Element(set: set, repetition: .any))
            }
            guard elements.count <= SimpleRegex.capacity else { return nil }
        }
        return index == end ? elements : nil
    }

    mutating func parseAtom() -> SimpleRegex.CharacterSet? {
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case "[": return parseClass()
        case "\\":
            guard index < scalars.count else { return nil }
            let escaped = scalars[index]
            index += 1
            if escaped == "d" { return SimpleRegex.CharacterSet(ranges: [], includesDecimalDigits: true, isNegated: false) }
            guard isEscapableLiteral(escaped) else { return nil }
            return literal(escaped)
        case _ where isPlainLiteral(scalar): return literal(scalar)
        default: return nil
        }
    }

    mutating func parseClass() -> SimpleRegex.CharacterSet? {
        var set = SimpleRegex.CharacterSet(ranges: [], includesDecimalDigits: false, isNegated: false)
        if index < scalars.count, scalars[index] == "^" {
            set.isNegated = true
            index += 1
        }
        var first = true
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "]" {
                // A `]` first in a class is literal in PCRE but not everywhere; leave it to Regex.
                guard !first else { return nil }
                index += 1
                return set
            }
            if scalar == "-", first || (index + 1 < scalars.count && scalars[index + 1] == "]") {
                index += 1
                first = false
                set.ranges.append(scalar.value...scalar.value)
                continue
            }
            first = false
            guard let lower = classMember() else {
                if scalar == "\\", index + 1 < scalars.count, scalars[index + 1] == "d" {
                    index += 2
                    set.includesDecimalDigits = true
                    continue
                }
                return nil
            }
            if index + 1 < scalars.count, scalars[index] == "-", scalars[index + 1] != "]" {
                index += 1
                guard let upper = classMember(), lower.value <= upper.value else { return nil }
                set.ranges.append(lower.value...upper.value)
            } else {
                set.ranges.append(lower.value...lower.value)
            }
        }
        return nil
    }

    /// One ASCII member of a class: a plain character or an escaped punctuation character.
    mutating func classMember() -> Unicode.Scalar? {
        let scalar = scalars[index]
        if scalar == "\\" {
            guard index + 1 < scalars.count, isEscapableLiteral(scalars[index + 1]) else { return nil }
            index += 2
            return scalars[index - 1]
        }
        // `[`, `&`, `~` and `-` open set operations or ranges in some dialects; leave them to Regex.
        guard scalar.isASCII, scalar.value >= 0x20, !"[&~".unicodeScalars.contains(scalar) else { return nil }
        if scalar == "-" { return nil }
        index += 1
        return scalar
    }

    mutating func parseQuantifier(end: Int) -> (Int, Int?)? {
        guard index < end else { return (1, 1) }
        let quantifier: (Int, Int?)
        switch scalars[index] {
        case "?": quantifier = (0, 1); index += 1
        case "*": quantifier = (0, nil); index += 1
        case "+": quantifier = (1, nil); index += 1
        case "{":
            guard let braces = parseBraces() else { return nil }
            quantifier = braces
        default: return (1, 1)
        }
        // Lazy (`?`) and possessive (`+`) forms change what is matched; leave them to Regex.
        if index < end, scalars[index] == "?" || scalars[index] == "+" { return nil }
        return quantifier
    }

    mutating func parseBraces() -> (Int, Int?)? {
        index += 1
        guard let minimum = parseNumber() else { return nil }
        var maximum: Int? = minimum
        if index < scalars.count, scalars[index] == "," {
            index += 1
            maximum = parseNumber()
        }
        guard index < scalars.count, scalars[index] == "}" else { return nil }
        index += 1
        return (minimum, maximum)
    }

    mutating func parseNumber() -> Int? {
        var digits = ""
        while index < scalars.count, ("0"..."9").contains(scalars[index]), digits.count < 3 {
            digits.unicodeScalars.append(scalars[index])
            index += 1
        }
        return Int(digits)
    }

    func literal(_ scalar: Unicode.Scalar) -> SimpleRegex.CharacterSet {
        SimpleRegex.CharacterSet(ranges: [scalar.value...scalar.value], includesDecimalDigits: false, isNegated: false)
    }

    /// ASCII letters, digits and punctuation without meaning outside a class.
    func isPlainLiteral(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCIILetter || scalar.isASCIIDigit || "-_~!@%&=:;,'\"<>/ ".unicodeScalars.contains(scalar)
    }

    /// Punctuation that an escape turns into itself.
    func isEscapableLiteral(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && !scalar.isASCIILetter && !scalar.isASCIIDigit && scalar.value >= 0x20
    }
}
