import Foundation
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

struct PageStylesheetTests {
    @Test(arguments: [("#0a66ff", "#ffffff"), ("#1d1d1f", "#ffffff"), ("#ffd60a", "#111114"), ("#ffffff", "#111114")])
    func writesOnTheThemeInTheColourThatContrastsMost(theme: String, text: String) {
        let css = PageStylesheet(themeColor: theme).text
        #expect(css.contains("--theme:\(theme);--on-theme:\(text);"))
    }

    @Test(arguments: [
        ("#0a66ff", "--accent:#0a66ff;", "--accent:#5494ff;"), ("#ffd60a", "--accent:var(--text);", "--accent:#ffe254;"),
        ("#1d1d1f", "--accent:#1d1d1f;", "--accent:var(--text);"),
    ])
    func keepsLinksReadableOnTheLightAndTheDarkCard(theme: String, light: String, dark: String) throws {
        let css = PageStylesheet(themeColor: theme).text
        let darkScheme = try #require(css.range(of: "@media (prefers-color-scheme:dark)"))
        #expect(css[..<darkScheme.lowerBound].contains(light))
        #expect(css[darkScheme.upperBound...].contains(dark))
    }

    @Test func hasADarkSchemeAndNoOutsideResources() {
        let css = PageStylesheet(themeColor: "#0a66ff").text
        #expect(css.contains("@media (prefers-color-scheme:dark)"))
        #expect(!css.contains("url("))
        #expect(!css.contains("@import"))
    }

    @Test func itsVersionChangesWithTheTheme() {
        let blue = PageStylesheet(themeColor: "#0a66ff")
        #expect(blue.version == PageStylesheet(themeColor: "#0a66ff").version)
        #expect(blue.version != PageStylesheet(themeColor: "#ff6a00").version)
        #expect(blue.path == "/assets/pages.css?v=\(blue.version)")
    }
}
