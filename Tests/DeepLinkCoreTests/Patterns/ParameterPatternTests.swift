@testable import DeepLinkCore
import DeepLinkTesting
import Testing

struct ParameterPatternTests {
    static let simplePatterns = [
        "[0-9]", "[0-9]+", "^[0-9]{1,10}$", "[a-z0-9-]{3,20}", "\\d{4}", "SKU-[A-Z]+", "[A-Z]{2}-[0-9]{6}", "[^/]+",
        "[-a-z]*", "[a-z_]+[0-9]?", "x*y*z*", "[1-9][0-9]?", "a\\.b", "[\\d.]+", "[^0-9]{2}", "[ab]*b", "[a-z]+?", ".+",
        "\\w+\\s?\\S", "\\D*",
    ]
    static let groupPatterns = [
        "(price|newest|rating)", "a|b", "([a-z0-9]+-?)+", "(ab)*c", "(a|ab)(c|bcd)(d*)", "(?:x{2,3}|y)+z?", "((a|b)*c)?",
    ]
    static let backtrackingPatterns = ["(?i)abc", "(?=a)a+", "(a)\\1", "a++", "\\p{L}+", "é+", "[[:alpha:]]+"]

    @Test(arguments: simplePatterns)
    func compilesFlatShapesForTheBitParallelMatcher(source: String) throws {
        #expect(try ParameterPattern(source).simple != nil)
    }

    @Test(arguments: groupPatterns)
    func compilesGroupsAndAlternationForTheNFAMatcher(source: String) throws {
        let pattern = try ParameterPattern(source)
        #expect(pattern.simple == nil)
        #expect(pattern.linear != nil)
    }

    @Test(arguments: backtrackingPatterns)
    func leavesOtherSyntaxToRegex(source: String) throws {
        let pattern = try ParameterPattern(source)
        #expect(pattern.simple == nil && pattern.linear == nil)
    }

    @Test func matchesANestedQuantifierOnAHostileValueWithoutBacktracking() throws {
        let pattern = try ParameterPattern("([a-z0-9]+-?)+")
        #expect(pattern.linear != nil)
        // A backtracking engine needs about 2^40 steps to reject this value.
        #expect(!pattern.matches(String(repeating: "a", count: 40) + "!"))
        #expect(pattern.matches("red-shoes-2024"))
    }

    @Test(arguments: ["²", "½", "Ⅷ", "٣", "１"])
    func treatsBackslashDAsASCIIDigitsOnly(value: String) throws {
        #expect(try !ParameterPattern("\\d+").matches(value))
        #expect(try !ParameterPattern("(\\d)+").matches(value))
        #expect(try !ParameterPattern("(?=.)\\d+").matches(value))
    }

    @Test(arguments: simplePatterns + groupPatterns + backtrackingPatterns)
    func decidesExactlyAsSwiftRegexDoes(source: String) throws {
        let pattern = try ParameterPattern(source)
        // Swift's grapheme mode is the reference where a character is one scalar, so both semantics
        // agree; values with characters of several scalars are decided per scalar (the table below),
        // and Swift's scalar mode is no reference: it rejects `\w\S` on "_٣" (Swift 6.3.1).
        let reference = try Regex(source).asciiOnlyDigits().asciiOnlyWordCharacters().asciiOnlyWhitespace()
        var generator = SeededRandomNumberGenerator()
        let alphabet: [Character] = Array("0123456789azAZ-_./ xbcdpricenwstg") + [
            "é", "e\u{301}", "٣", "²", "日", "👍", "\n", "\r", "\t", "\u{0B}", "\u{85}", "\u{2028}", "\u{0}", "\r\n",
        ]
        var values = ["", "2", "11", "a5", "my-sale-id", "AB-123456", "SKU-X", "a.b", "٣٤", "1\u{301}"]
        for _ in 0..<600 {
            let length = Int.random(in: 0...8, using: &generator)
            values.append(String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        for value in values where value.allSatisfy({ $0.unicodeScalars.count == 1 }) {
            let expected = (try? reference.wholeMatch(in: value)) != nil
            #expect(pattern.matches(value) == expected, "\(source) on \(value.debugDescription), \(generator)")
        }
    }

    @Test(arguments: [("[0-9]", "2", true), ("[0-9]", "11", false), ("[0-9]", "a5", false), ("[0-9]", "my-sale-id", false)])
    func matchesTheWholeValueOnly(source: String, value: String, expected: Bool) throws {
        #expect(try ParameterPattern(source).matches(value) == expected)
    }

    /// Fuzzing found that a value with a character of several scalars (CR LF, a combining
    /// accent) sent `[\r\n-z]` to Swift `Regex`, whose grapheme-mode compiler traps on that class.
    @Test(arguments: [
        ("[\\r\\n-z]", "x", true), ("[\\r\\n-z]", "x\r\n", false), ("[\\r\\n-z]+", "x\r\n", true),
        ("[\\r\\n-z]", "e\u{301}", false), ("[\\r\\n-z]+", "e\u{301}", false), (".", "e\u{301}", false), (".", "é", true),
        ("..", "e\u{301}", true), ("[\\r]\\n", "\r\n", true), ("7\\r\\n+", "7\r\n\n", true),
    ])
    func decidesValuesOfSeveralScalarsOneScalarAtATime(source: String, value: String, expected: Bool) throws {
        #expect(try ParameterPattern(source).matches(value) == expected)
    }

    @Test(arguments: ["[\\r]\\n", "7\\r\\n+", "[\\r\\n-z]"])
    func shortestExampleIsAValueThePatternMatches(source: String) throws {
        let pattern = try ParameterPattern(source)
        let example = try #require(pattern.simple?.shortestExample)
        #expect(pattern.matches(example))
        #expect(ConfigLinter.canMatchSomething(pattern))
    }

    /// Fuzzing found `(|pbrnieewest|){0,23}]` taking minutes: the lone `]` sent it to backtracking
    /// `Regex`, which explores every way to repeat the empty alternatives.
    @Test func matchesALoneClosingBracketAsALiteralInLinearTime() throws {
        let pattern = try ParameterPattern("(|pbrnieewest|){0,23}]")
        #expect(pattern.matchesInLinearTime)
        #expect(pattern.matches("newestnewest]") == false)
        #expect(pattern.matches("pbrnieewest]"))
        #expect(pattern.matches("]"))
        #expect(!pattern.matches(""))
    }

    @Test func findsTheShortestValueOrKnowsThereIsNone() throws {
        #expect(try ParameterPattern("[A-Z]{2}-[0-9]{6}").simple?.shortestExample == "AA-000000")
        #expect(try ParameterPattern("[a-z]*").simple?.shortestExample == "")
        #expect(try ParameterPattern("[^\\x00-\\x{10FFFF}]").simple == nil)
    }
}
