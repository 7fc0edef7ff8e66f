/// The part of regular-expression syntax that parameter patterns use in practice, read into a
/// tree that the non-backtracking matchers (``SimpleRegex`` and ``LinearRegex``) compile.
///
/// Supported: ASCII literals and escaped punctuation, `.`, classes `[a-z0-9_-]` and `[^...]`
/// with ASCII members, `\d` `\w` `\s` and their negations (ASCII-only, as in Java and as the
/// router configures `Regex`), groups `( )` and `(?: )`, alternation `|`, quantifiers `?` `*`
/// `+` `{n}` `{n,}` `{n,m}` (greedy or lazy), and `^`/`$` at the very ends. Anything else
/// (lookaround, backreferences, possessive quantifiers, flags, Unicode properties, non-ASCII
/// literals) makes the reader return `nil`, and the expression is matched by `Regex`.
indirect enum RegexNode: Sendable, Hashable {
    /// One character from a set.
    case set(RegexCharacterSet)
    /// The nodes one after another.
    case sequence([RegexNode])
    /// Any one of the nodes.
    case alternation([RegexNode])
    /// The node repeated `minimum` to `maximum` times (`nil`: unbounded).
    case repetition(RegexNode, minimum: Int, maximum: Int?)

    /// Reads an expression, or returns `nil` when it uses syntax outside the supported part.
    static func parse(_ source: String) -> RegexNode? {
        var parser = RegexParser(scalars: Array(source.unicodeScalars))
        return parser.parseWhole()
    }
}

/// A set of single-scalar characters.
struct RegexCharacterSet: Sendable, Hashable {
    var ranges: [ClosedRange<UInt32>]
    var isNegated: Bool

    static let digits = RegexCharacterSet(ranges: [0x30...0x39], isNegated: false)
    static let wordCharacters = RegexCharacterSet(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A], isNegated: false)
    static let whitespace = RegexCharacterSet(ranges: [0x09...0x0D, 0x20...0x20], isNegated: false)
    /// `.`: anything but the characters Swift counts as newlines.
    static let anyButNewline = RegexCharacterSet(ranges: [0x0A...0x0D, 0x85...0x85, 0x2028...0x2029], isNegated: true)

    static func single(_ scalar: Unicode.Scalar) -> RegexCharacterSet {
        RegexCharacterSet(ranges: [scalar.value...scalar.value], isNegated: false)
    }

    var negated: RegexCharacterSet { RegexCharacterSet(ranges: ranges, isNegated: !isNegated) }

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        ranges.contains { $0.contains(scalar.value) } != isNegated
    }

    /// A member of the set, for building example values; `nil` when the set is empty.
    var example: Unicode.Scalar? {
        guard isNegated else { return ranges.first.flatMap { Unicode.Scalar($0.lowerBound) } }
        let candidates: [UInt32] = Array(0x21...0x7E) + [0x20, 0xE9, 0x4E00, 0x1F44D]
        return candidates.lazy.compactMap(Unicode.Scalar.init).first { contains($0) }
    }
}

private struct RegexParser {
    let scalars: [Unicode.Scalar]
    var index = 0
    var end: Int

    init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
        end = scalars.count
    }

    mutating func parseWhole() -> RegexNode? {
        if scalars.first == "^" { index = 1 }
        if end > index, scalars[end - 1] == "$", !(end >= 2 && scalars[end - 2] == "\\") { end -= 1 }
        guard let node = parseAlternation(), index == end else { return nil }
        return node
    }

    mutating func parseAlternation() -> RegexNode? {
        var branches: [RegexNode] = []
        while true {
            guard let branch = parseSequence() else { return nil }
            branches.append(branch)
            guard index < end, scalars[index] == "|" else { break }
            index += 1
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    mutating func parseSequence() -> RegexNode? {
        var items: [RegexNode] = []
        while index < end, scalars[index] != "|", scalars[index] != ")" {
            guard let atom = parseAtom(), let repeated = parseQuantifier(on: atom) else { return nil }
            items.append(repeated)
        }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    mutating func parseAtom() -> RegexNode? {
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case "(":
            if index < end, scalars[index] == "?" {
                guard index + 1 < end, scalars[index + 1] == ":" else { return nil }
                index += 2
            }
            guard let inner = parseAlternation(), index < end, scalars[index] == ")" else { return nil }
            index += 1
            return inner
        case "[": return parseClass().map(RegexNode.set)
        case ".": return .set(.anyButNewline)
        case "\\": return parseEscape(inClass: false).map(RegexNode.set)
        case _ where isPlainLiteral(scalar): return .set(.single(scalar))
        default: return nil
        }
    }

    mutating func parseEscape(inClass: Bool) -> RegexCharacterSet? {
        guard index < end else { return nil }
        let escaped = scalars[index]
        index += 1
        switch escaped {
        case "d": return .digits
        case "w": return .wordCharacters
        case "s": return .whitespace
        case "D" where !inClass: return RegexCharacterSet.digits.negated
        case "W" where !inClass: return RegexCharacterSet.wordCharacters.negated
        case "S" where !inClass: return RegexCharacterSet.whitespace.negated
        case "t": return .single("\t")
        case "n": return .single("\n")
        case "r": return .single("\r")
        case _ where escaped.isASCII && !escaped.isASCIILetter && !escaped.isASCIIDigit && escaped.value >= 0x20:
            return .single(escaped)
        default: return nil
        }
    }

    mutating func parseClass() -> RegexCharacterSet? {
        var set = RegexCharacterSet(ranges: [], isNegated: false)
        if index < end, scalars[index] == "^" {
            set.isNegated = true
            index += 1
        }
        var first = true
        while index < end {
            let scalar = scalars[index]
            if scalar == "]" {
                // A `]` first in a class is literal in PCRE but not everywhere; leave it to Regex.
                guard !first else { return nil }
                index += 1
                return set
            }
            if scalar == "-", first || (index + 1 < end && scalars[index + 1] == "]") {
                index += 1
                first = false
                set.ranges.append(scalar.value...scalar.value)
                continue
            }
            first = false
            if scalar == "\\" {
                index += 1
                guard let escaped = parseEscape(inClass: true) else { return nil }
                if escaped.ranges.count == 1, let range = escaped.ranges.first, range.count == 1,
                    index + 1 < end, scalars[index] == "-", scalars[index + 1] != "]"
                {
                    index += 1
                    guard let upper = classMember(), range.lowerBound <= upper.value else { return nil }
                    set.ranges.append(range.lowerBound...upper.value)
                } else {
                    set.ranges += escaped.ranges
                }
                continue
            }
            guard let lower = classMember() else { return nil }
            if index + 1 < end, scalars[index] == "-", scalars[index + 1] != "]" {
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
        guard index < end else { return nil }
        let scalar = scalars[index]
        if scalar == "\\" {
            guard index + 1 < end, scalars[index + 1].isASCII, !scalars[index + 1].isASCIILetter,
                !scalars[index + 1].isASCIIDigit, scalars[index + 1].value >= 0x20
            else { return nil }
            index += 2
            return scalars[index - 1]
        }
        // `[`, `&`, `~` and `-` open set operations or ranges in some dialects; leave them to Regex.
        guard scalar.isASCII, scalar.value >= 0x20, !"[&~-".unicodeScalars.contains(scalar) else { return nil }
        index += 1
        return scalar
    }

    mutating func parseQuantifier(on atom: RegexNode) -> RegexNode? {
        guard index < end else { return atom }
        let bounds: (Int, Int?)
        switch scalars[index] {
        case "?": bounds = (0, 1); index += 1
        case "*": bounds = (0, nil); index += 1
        case "+": bounds = (1, nil); index += 1
        case "{":
            guard let braces = parseBraces() else { return nil }
            bounds = braces
        default: return atom
        }
        if index < end {
            // Lazy quantifiers accept the same whole values; possessive ones do not.
            if scalars[index] == "?" { index += 1 } else if scalars[index] == "+" { return nil }
        }
        if index < end, "?*+{".unicodeScalars.contains(scalars[index]) { return nil }
        return .repetition(atom, minimum: bounds.0, maximum: bounds.1)
    }

    mutating func parseBraces() -> (Int, Int?)? {
        index += 1
        guard let minimum = parseNumber() else { return nil }
        var maximum: Int? = minimum
        if index < end, scalars[index] == "," {
            index += 1
            maximum = parseNumber()
        }
        guard index < end, scalars[index] == "}", maximum.map({ $0 >= minimum }) ?? true else { return nil }
        index += 1
        return (minimum, maximum)
    }

    mutating func parseNumber() -> Int? {
        var digits = ""
        while index < end, ("0"..."9").contains(scalars[index]), digits.count < 3 {
            digits.unicodeScalars.append(scalars[index])
            index += 1
        }
        return Int(digits)
    }

    /// ASCII letters, digits and punctuation without meaning outside a class.
    /// A `]` without a class to close is a literal in ICU, Java and Swift alike.
    func isPlainLiteral(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCIILetter || scalar.isASCIIDigit || "-_~!@%&=:;,'\"<>/ #`]".unicodeScalars.contains(scalar)
    }
}
