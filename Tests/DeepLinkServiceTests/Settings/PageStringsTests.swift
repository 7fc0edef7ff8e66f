import Foundation
import Testing

@testable import DeepLinkService

struct PageStringsTests {
    /// Every text of a language, by name, with the texts made from values given sample ones.
    /// Mirror lists the fields, so a new one cannot be left out; the functions are called by
    /// name, since casting a reflected closure to a function type is not safe.
    static func texts(_ strings: PageStrings) -> [String: String] {
        let made = [
            "qrCodeLabel": strings.qrCodeLabel("https://go.shop.example.com/spring"),
            "expiredMessage": strings.expiredMessage("1 May 2026") + strings.expiredMessage(nil),
            "goToWebsite": strings.goToWebsite("shop.example.com"),
            "passwordTooMany": strings.passwordTooMany(30),
        ]
        var texts: [String: String] = [:]
        for child in Mirror(reflecting: strings).children {
            guard let name = child.label else { continue }
            if let text = child.value as? String {
                texts[name] = text
            } else if let text = made[name] {
                texts[name] = text
            } else {
                Issue.record("the test does not know how to read \(name)")
            }
        }
        return texts
    }

    @Test(arguments: PageStrings.all.keys.filter { $0 != "en" })
    func everyLanguageTranslatesEveryTextButTheStoresNames(language: String) throws {
        let english = Self.texts(.english)
        let translated = Self.texts(try #require(PageStrings.all[language]))
        #expect(Set(translated.keys) == Set(english.keys))
        let untranslated = english.keys.filter { translated[$0] == english[$0] }.sorted()
        // Italian says "password" too.
        #expect(untranslated == ["appStoreName", "googlePlayName"] + (language == "it" ? ["passwordLabel"] : []))
        #expect(translated.values.allSatisfy { !$0.isEmpty })
    }

    @Test(arguments: [("de-CH", "In der App öffnen"), ("DE", "In der App öffnen"), ("en-GB", "Open in app")])
    func aRegionalTagGetsItsLanguagesTexts(tag: String, openInApp: String) {
        #expect(PageStrings.forLanguage(tag)?.openInApp == openInApp)
    }

    @Test func writesTheExpiryDayAsTheLanguageDoes() {
        let day = Date(timeIntervalSince1970: 1_798_761_599)  // 2026-12-31T23:59:59Z
        #expect(PageStrings.day(day, language: "en") == "December 31, 2026")
        #expect(PageStrings.day(day, language: "de") == "31. Dezember 2026")
    }
}
