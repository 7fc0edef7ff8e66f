import DeepLinkCore
import Foundation
import Testing

@testable import DeepLinkAssociation

/// Issue 16 items 13 and 14: compiling and matching stay linear in the input, whatever the
/// variables and however often they are referenced. Each test measures work or structure at
/// growing sizes, never time.
struct AASAPatternCompilerTests {
    /// `count` short strings, all different.
    private func values(_ count: Int) -> [String] {
        (0..<count).map { "v\($0)x" }
    }

    @Test(arguments: [1, 2, 4])
    func aVariableReferencedManyTimesIsCompiledOnce(scale: Int) {
        let strings = values(1_000 * scale)
        let references = 100 * scale
        let source = "/" + Array(repeating: "$(v)", count: references).joined(separator: "-")
        let compiler = AASAPatternCompiler(variables: SubstitutionVariables(custom: ["v": strings]))
        let pattern = compiler.compile(source, isPath: true, caseSensitive: true)
        let input = source.unicodeScalars.count + strings.reduce(0) { $0 + $1.unicodeScalars.count }
        // Sharing the variable keeps the pattern at a few states per reference and the work at a
        // few steps per input character; one copy per reference would grow with their product.
        #expect(pattern.stateCount <= 2 * source.unicodeScalars.count)
        #expect(compiler.work <= 4 * input, "\(compiler.work) steps for \(input) characters")
        #expect(!compiler.isOverLimit)
        #expect(pattern.matches("/" + Array(repeating: "v7x", count: references).joined(separator: "-")))
    }

    @Test(arguments: [20_000, 40_000, 80_000])
    func aLongVariableStringCompilesInLinearWork(length: Int) {
        let long = String(repeating: "ab*", count: length / 3)
        let compiler = AASAPatternCompiler(variables: SubstitutionVariables(custom: ["long": [long]]))
        let pattern = compiler.compile("/$(long)", isPath: true, caseSensitive: false)
        #expect(compiler.work <= 5 * length, "\(compiler.work) steps for \(length) characters")
        #expect(!pattern.matches("/x"))
    }

    @Test(arguments: [30_000, 60_000, 120_000])
    func unterminatedVariablesAreReadOnce(count: Int) {
        let source = String(repeating: "$(", count: count)
        let compiler = AASAPatternCompiler(variables: .predefined)
        let pattern = compiler.compile(source, isPath: true, caseSensitive: true)
        #expect(pattern.hasUnterminatedVariable)
        #expect(compiler.work <= 3 * source.unicodeScalars.count, "\(compiler.work) steps for \(2 * count) characters")
        #expect(pattern.matches(source))
    }

    @Test func matchingWorkGrowsLinearlyWithTheText() {
        let variables = SubstitutionVariables(custom: ["v": ["a*b", "ab", "?b", "b*"]])
        let pattern = AASAPattern(path: "/$(v)*$(v)*$(v)*$(v)c", variables: variables)
        func steps(_ repeats: Int) -> Int {
            var budget = MatchBudget(remaining: .max)
            #expect(!pattern.matches("/" + String(repeating: "ab", count: repeats), budget: &budget))
            return Int.max - budget.remaining
        }
        let small = steps(2_000)
        let large = steps(8_000)
        // Four times the text takes four times the steps, give or take the start.
        #expect(large <= 4 * small + small / 20, "\(small) steps for 4,000 characters, \(large) for 16,000")
    }

    @Test func compilingPastTheWorkLimitMakesLaterPatternsMatchNothing() {
        let compiler = AASAPatternCompiler(variables: .predefined, workLimit: 100)
        let first = compiler.compile("/" + String(repeating: "a", count: 200), isPath: true, caseSensitive: true)
        #expect(compiler.isOverLimit)
        #expect(first.matches("/" + String(repeating: "a", count: 200)) == false)
        #expect(compiler.compile("*", isPath: true, caseSensitive: true).matches("/x") == false)
    }

    @Test func aFileWhosePatternsExceedTheWorkLimitIsAnError() {
        let long = String(repeating: "a", count: AASAPatternCompiler.defaultWorkLimit)
        let text = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a.b"], "components": [{"/": "/\#(long)"}]}]}}"#
        let codes = AppleAppSiteAssociation.validate(text).errors.map(\.code)
        #expect(codes == ["file-too-large", "too-complex"])
    }

    @Test func matchingGivesUpAfterTheStepLimitAndSaysSo() throws {
        let text = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a.b"], "components": [{"/": "*$(alpha)*$(alpha)*b"}]}]}}"#
        let file = try AppleAppSiteAssociation.parse(text)
        let url = try #require(URL(string: "https://e.com/" + String(repeating: "a", count: 500)))
        let result = file.match(url, appID: "ABCDE12345.a.b", format: .components, stepLimit: 50)
        #expect(result.decision == .noMatch)
        #expect(result.reason.contains("gave up"))
        #expect(file.match(url, appID: "ABCDE12345.a.b").reason.contains("none of the 1 rules"))
    }
}
