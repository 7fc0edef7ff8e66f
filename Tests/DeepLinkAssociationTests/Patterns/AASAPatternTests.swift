import Testing

@testable import DeepLinkAssociation

struct AASAPatternTests {
    /// Component patterns (query, query values, fragment) match the whole text as written;
    /// path patterns add Apple's slash rules, see `pathPatternsIgnoreSlashesAtEitherEnd`.
    @Test(arguments: [
        ("/buy/*", "/buy/shoes", true),
        ("/buy/*", "/buy/", true),
        ("/buy/*", "/buy", false),
        ("/buy/*", "/buy/a/b/c", true),
        ("*", "", true),
        ("?*", "", false),
        ("?*", "x", true),
        ("/help/????", "/help/1234", true),
        ("/help/????", "/help/123", false),
        ("/help/????", "/help/12345", false),
        ("/a?c", "/abc", true),
        ("/a*c", "/ac", true),
        ("/a*c", "/abbbc", true),
        ("/a*c", "/abbbd", false),
        ("/videos/wwdc/201?/*", "/videos/wwdc/2015/intro", true),
        ("/videos/wwdc/201?/*", "/videos/wwdc/2020/intro", false),
        ("*a*a*a*a*b", "aaaaab", true),
        ("*a*a*a*a*b", "aaaaa", false),
        ("/exact", "/exact/", false),
    ])
    func wildcardsMatchAsAppleDocumentsThem(pattern: String, text: String, matches: Bool) {
        #expect(AASAPattern(pattern).matches(text) == matches)
    }

    @Test(arguments: [
        ("/$(digit)$(digit)", "/42", true),
        ("/$(digit)$(digit)", "/4a", false),
        ("/$(alpha)", "/Q", true),
        ("/$(upper)", "/q", false),
        ("/$(lower)", "/q", true),
        ("/$(alnum)", "/7", true),
        ("/$(xdigit)", "/f", true),
        ("/$(xdigit)", "/g", false),
        ("/$(lang)/*", "/en/about", true),
        ("/$(lang)/*", "/EN/about", false),
        ("/$(region)/*", "/CA/about", true),
        ("/$(region)/*", "/QQQ/about", false),
    ])
    func predefinedVariablesMatchOneOfTheirStrings(pattern: String, text: String, matches: Bool) {
        #expect(AASAPattern(pattern).matches(text) == matches)
    }

    @Test func customVariablesMayHoldWildcards() {
        let variables = SubstitutionVariables(custom: ["section": ["news", "sale-*"]])
        let pattern = AASAPattern("/$(section)/", variables: variables)
        #expect(pattern.matches("/news/"))
        #expect(pattern.matches("/sale-spring/"))
        #expect(!pattern.matches("/about/"))
    }

    @Test func aCustomVariableReplacesThePredefinedOneOfTheSameName() {
        let pattern = AASAPattern("/$(digit)", variables: SubstitutionVariables(custom: ["digit": ["one"]]))
        #expect(pattern.matches("/one"))
        #expect(!pattern.matches("/1"))
    }

    @Test func anUnknownVariableMatchesNothingAndIsReported() {
        let pattern = AASAPattern("/$(food)/*")
        #expect(pattern.unknownVariables == ["food"])
        #expect(!pattern.matches("/pizza/x"))
    }

    @Test func anUnterminatedVariableIsMatchedAsText() {
        let pattern = AASAPattern("/$(food")
        #expect(pattern.hasUnterminatedVariable)
        #expect(pattern.matches("/$(food"))
    }

    @Test func legacyPatternsTreatVariablesAsText() {
        let pattern = AASAPattern("/$(digit)", variables: nil)
        #expect(pattern.matches("/$(digit)"))
        #expect(!pattern.matches("/1"))
    }

    @Test func caseInsensitivePatternsFoldBothSides() {
        let pattern = AASAPattern("/Buy/*", caseSensitive: false)
        #expect(pattern.matches("/BUY/shoes"))
        #expect(pattern.matches("/buy/shoes"))
        #expect(!AASAPattern("/Buy/*").matches("/buy/shoes"))
    }

    @Test(arguments: [
        ("/buy/*", "/buy", true), ("/buy/*", "/buy/", true), ("/buy/*", "buy//x", true), ("/buy/*", "/buyer", false),
        ("abc", "/abc//", true), ("//abc/", "abc", true), ("/", "", true), ("/", "/", true), ("/", "/a", false),
        ("/$(lang)/*", "/en", true), ("/$(lang)/*", "/en/about", true), ("/$(lang)/*", "/e", false),
        ("/$(lang)/?*", "/en", false), ("/a/*/b", "/a/b", false),
    ])
    func pathPatternsIgnoreSlashesAtEitherEnd(pattern: String, path: String, matches: Bool) {
        #expect(AASAPattern(path: pattern).matches(path) == matches)
    }

    @Test func aPathPatternOfOnlyStarsMatchesEveryPath() {
        #expect(AASAPattern(path: "/*").matchesEverything)
        #expect(AASAPattern(path: "**").matchesEverything)
        #expect(!AASAPattern(path: "/").matchesEverything)
        #expect(!AASAPattern(path: "/?*").matchesEverything)
    }

    @Test func adversarialPatternsDoNotBacktrack() {
        let text = String(repeating: "a", count: 20_000)
        let pattern = AASAPattern("*a*a*a*a*a*a*a*a*a*a*b")
        let clock = ContinuousClock()
        var matched = true
        let elapsed = clock.measure { matched = pattern.matches(text) }
        #expect(!matched)
        // An exponential matcher would not finish; the automaton reads each character once per live state.
        #expect(elapsed < .seconds(2))
    }
}
