@testable import DeepLinkCore
import Testing

struct ParameterPatternTests {
    static let simplePatterns = [
        "[0-9]", "[0-9]+", "^[0-9]{1,10}$", "[a-z0-9-]{3,20}", "\\d{4}", "SKU-[A-Z]+", "[A-Z]{2}-[0-9]{6}", "[^/]+",
        "[-a-z]*", "[a-z_]+[0-9]?", "x*y*z*", "[1-9][0-9]?", "a\\.b", "[\\d.]+", "[^0-9]{2}", "[ab]*b",
    ]
    static let complexPatterns = ["(price|newest|rating)", "[a-z]+?", ".+", "\\w+", "(?i)abc", "a|b"]

    @Test(arguments: simplePatterns)
    func compilesCommonShapesForTheFastMatcher(source: String) throws {
        #expect(try ParameterPattern(source).simple != nil)
    }

    @Test(arguments: complexPatterns)
    func leavesOtherShapesToRegex(source: String) throws {
        #expect(try ParameterPattern(source).simple == nil)
    }

    @Test(arguments: simplePatterns + complexPatterns)
    func decidesExactlyAsSwiftRegexDoes(source: String) throws {
        let pattern = try ParameterPattern(source)
        let reference = try Regex(source)
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Character] = Array("0123456789azAZ-_./ xb") + ["é", "e\u{301}", "٣", "日", "👍", "\n", "\u{0}"]
        var values = ["", "2", "11", "a5", "my-sale-id", "AB-123456", "SKU-X", "a.b", "٣٤", "1\u{301}"]
        for _ in 0..<400 {
            let length = Int.random(in: 0...8, using: &generator)
            values.append(String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        for value in values {
            let expected = (try? reference.wholeMatch(in: value)) != nil
            #expect(pattern.matches(value) == expected, "\(source) on \(value.debugDescription)")
        }
    }

    @Test(arguments: [("[0-9]", "2", true), ("[0-9]", "11", false), ("[0-9]", "a5", false), ("[0-9]", "my-sale-id", false)])
    func matchesTheWholeValueOnly(source: String, value: String, expected: Bool) throws {
        #expect(try ParameterPattern(source).matches(value) == expected)
    }

    @Test func findsTheShortestValueOrKnowsThereIsNone() throws {
        #expect(try ParameterPattern("[A-Z]{2}-[0-9]{6}").simple?.shortestExample == "AA-000000")
        #expect(try ParameterPattern("[a-z]*").simple?.shortestExample == "")
        #expect(try ParameterPattern("[^\\x00-\\x{10FFFF}]").simple == nil)
    }
}
