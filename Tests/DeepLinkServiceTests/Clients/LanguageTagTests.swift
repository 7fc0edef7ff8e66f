import Testing

@testable import DeepLinkService

/// Language tags, `Accept-Language` and RFC 4647's lookup, with the RFC's own examples where it gives them.
struct LanguageTagTests {
    @Test func tagsAreWrittenInTheirUsualCaseAndNonTagsRefused() {
        #expect(LanguageTag.canonical("FR-ca") == "fr-CA")
        #expect(LanguageTag.canonical("zh-hans-cn") == "zh-Hans-CN")
        #expect(LanguageTag.canonical("sr-latn-RS") == "sr-Latn-RS")
        #expect(LanguageTag.canonical("de-CH-x-Phonebk") == "de-CH-x-phonebk")
        #expect(LanguageTag.canonical("es-419") == "es-419")
        for bad in ["", "e", "english-x", "de_DE", "de--DE", "de-", "1de", "de-toolongsubtag", "*", "dé"] {
            #expect(LanguageTag.canonical(bad) == nil, "\(bad)")
        }
    }

    @Test func acceptLanguageIsOrderedByQualityThenByPlaceLeavingOutZeroesAndWildcards() {
        #expect(LanguageTag.preferences(in: "fr-CA,fr;q=0.9,en;q=0.8,de;q=0.7,*;q=0.5") == ["fr-CA", "fr", "en", "de"])
        #expect(LanguageTag.preferences(in: "en;q=0.3, de , ja;q=0.9") == ["de", "ja", "en"])
        #expect(LanguageTag.preferences(in: "de;q=0, fr") == ["fr"])
        #expect(LanguageTag.preferences(in: "da, en-gb;q=0.8, en;q=0.7") == ["da", "en-GB", "en"], "RFC 9110's example")
        #expect(LanguageTag.preferences(in: nil) == [])
        #expect(LanguageTag.preferences(in: "q=1;;,,") == [])
        #expect(LanguageTag.preferences(in: "fr;q=abc, de") == ["de"], "an unreadable q is q=0")
    }

    @Test func aRangeHoldsForTheTagAndNarrowerOnes() {
        #expect(LanguageTag.range("fr", covers: "fr-CA"))
        #expect(LanguageTag.range("FR", covers: "fr"))
        #expect(!LanguageTag.range("fr-CA", covers: "fr"))
        #expect(!LanguageTag.range("f", covers: "fr"))
        #expect(!LanguageTag.range("fr", covers: "fry"))
    }

    static let pages: [(tag: String, aliases: [String])] = [
        ("en", []), ("de", []), ("fr", []), ("es", []), ("it", []), ("pt", []), ("ja", []), ("zh-Hans", ["zh", "zh-CN", "zh-SG"]),
    ]

    @Test func lookupFallsBackSubtagBySubtagThenToTheNextRangeThenToTheDefault() {
        func page(_ header: String) -> String { LanguageTag.lookup(LanguageTag.preferences(in: header), in: Self.pages, defaultTag: "en") }
        #expect(page("fr-CA") == "fr")
        #expect(page("de-CH-1996") == "de")
        #expect(page("pt-BR,pt;q=0.9") == "pt")
        #expect(page("nl, es;q=0.5") == "es")
        #expect(page("ko") == "en")
        #expect(page("") == "en")
        #expect(page("ja-JP") == "ja")
        // RFC 4647 section 3.4's example: zh-Hant-CN-x-private1-private2 falls back past the private-use singleton.
        #expect(LanguageTag.lookup(["zh-Hant-CN-x-private1-private2"], in: [("zh-Hant-CN", [])], defaultTag: "en") == "zh-Hant-CN")
        #expect(LanguageTag.lookup(["zh-Hant-CN-x-private1"], in: [("zh-Hant", [])], defaultTag: "en") == "zh-Hant")
    }

    @Test func simplifiedChineseServesMainlandAndSingaporeButNotTraditionalScriptRegions() {
        func page(_ header: String) -> String { LanguageTag.lookup(LanguageTag.preferences(in: header), in: Self.pages, defaultTag: "en") }
        #expect(page("zh-CN,zh;q=0.9") == "zh-Hans")
        #expect(page("zh-Hans-CN") == "zh-Hans")
        #expect(page("zh-SG") == "zh-Hans")
        #expect(page("zh") == "zh-Hans")
        #expect(page("zh-TW") == "en")
        #expect(page("zh-Hant-HK") == "en")
        #expect(page("zh-TW, ja;q=0.5") == "ja")
    }
}
