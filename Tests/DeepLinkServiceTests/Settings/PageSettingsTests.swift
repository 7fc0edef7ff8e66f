import DeepLinkCore
import DeepLinkTesting
import Testing

@testable import DeepLinkService

struct PageSettingsTests {
    func config(_ pages: String) throws -> DeepLinkConfig {
        try DeepLinkConfig.parse("{\"routes\": {\"cart\": {\"class\": \"Cart\"}},\n\"pages\": \(pages)}", file: "app.json")
    }

    @Test func aConfigWithoutTheSectionGetsTheDefaults() throws {
        let settings = try PageSettings.load(from: try DeepLinkConfig.parse(#"{"routes": {"cart": {"class": "Cart"}}}"#))
        #expect(settings == PageSettings(appName: nil, iconURL: nil, themeColor: "#0a66ff", language: "en"))
    }

    @Test func theExampleConfigReadsWithoutWarnings() throws {
        let report = DeepLinkConfig.diagnose(contentsOf: Fixtures.shopConfig)
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        let settings = try PageSettings.load(from: try DeepLinkConfig.load(contentsOf: Fixtures.shopConfig))
        #expect(settings.appName == "Shop")
        #expect(settings.iconURL == "https://shop.example.com/icon.png")
    }

    @Test func readsEveryField() throws {
        let settings = try PageSettings.load(
            from: try config(##"{"appName": "Laden", "iconURL": "https://cdn.example.com/i.png", "themeColor": "#FF6A00", "language": "de-CH"}"##))
        #expect(settings == PageSettings(appName: "Laden", iconURL: "https://cdn.example.com/i.png", themeColor: "#ff6a00", language: "de-CH"))
        #expect(settings.strings.openInApp == PageStrings.german.openInApp)
    }

    @Test(arguments: [
        (#"{"themeColor": "blue"}"#, "pages.themeColor", "#rrggbb"),
        (##"{"themeColor": "#0a66f"}"##, "pages.themeColor", "#rrggbb"),
        (##"{"themeColor": "#0a66fg"}"##, "pages.themeColor", "#rrggbb"),
        (#"{"iconURL": "http://shop.example.com/icon.png"}"#, "pages.iconURL", "https"),
        (#"{"iconURL": "icon.png"}"#, "pages.iconURL", "https"),
        (#"{"language": "ko"}"#, "pages.language", "use one of de, en, es, fr, it, ja, pt, zh-Hans"),
        (#"{"language": "zh-TW"}"#, "pages.language", "pages have no texts in zh-TW"),
        (#"{"language": "english"}"#, "pages.language", "BCP 47"),
        (#"{"language": "de_DE"}"#, "pages.language", "BCP 47"),
        (#"{"appName": ""}"#, "pages.appName", ""),
        (#"{"appName": "A name far too long to fit above a landing page"}"#, "pages.appName", "40 characters"),
        (##"{"themeColour": "#000000"}"##, "pages.themeColour", "did you mean \"themeColor\""),
    ])
    func namesTheFileLineColumnAndPathOfABadValue(section: String, path: String, message: String) throws {
        let error = try #require(throws: ConfigError.self) { try PageSettings.load(from: try config(section)) }
        #expect(error.path.description == path)
        #expect(error.message.contains(message), "\(error.message)")
        #expect(error.description.hasPrefix("app.json:2:"), "\(error.description)")
    }

    @Test func theLanguagesAreTheTableOfTexts() {
        #expect(PageSettings.languages == ["de", "en", "es", "fr", "it", "ja", "pt", "zh-Hans"])
    }
}
