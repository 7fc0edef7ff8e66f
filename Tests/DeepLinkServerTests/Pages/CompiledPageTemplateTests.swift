import DeepLinkAppLinks
import Foundation
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// Landing pages written from compiled shapes are the bytes swift-mustache writes.
struct CompiledPageTemplateTests {
    static let kinds: [LandingPageKind] = [.ios, .android, .desktop(mayBeIPad: false), .desktop(mayBeIPad: true)]

    /// Texts that escaping, markers or Mustache could get wrong.
    static let hostileTexts = [
        "Spring sale", "", "Sale\"\u{301} data-x=1", "<script>alert(1)</script>", "Tom & Jerry's &amp; \"more\"",
        "\u{E000}0&\u{E001}", "\u{E000}", "{{title}}", "{{{qrSVG}}}", "123", "Ünïcødé 🎉 e\u{301}", "line\nbreak\r\n",
    ]

    /// A page with every part present, or with only what every page has.
    static func page(title: String, full: Bool, description: String? = nil) -> LandingPage {
        let source = URL(string: "https://go.shop.example.com/spring")!
        let appLinks = AppLinkMetadata(
            sourceURL: source, ios: [IOSAppLinkTarget(url: URL(string: "shop://sales/42"), appStoreID: full ? "123456789" : nil)],
            android: [AndroidAppLinkTarget(url: URL(string: "shop://sales/42"), packageName: full ? "com.example.shop" : nil)],
            web: WebAppLinkTarget(url: source, shouldFallback: false))
        var nameTags: [(name: String, content: String)] = [("twitter:card", "summary")]
        if full { nameTags.insert(("apple-itunes-app", "app-id=123456789, app-argument=shop://sales/42?q=\(title)"), at: 0) }
        var openGraphTags: [(property: String, content: String)] = [("og:type", "website"), ("og:title", title)]
        if let description { openGraphTags.append(("og:description", description)) }
        return LandingPage(
            title: title, description: description, imageURL: full ? "https://cdn.example.com/a.png?x=1&y=\"2\"" : nil,
            pageURL: full ? "https://go.shop.example.com/spring" : nil, openURL: "shop://sales/42",
            intentURL: full ? "intent://sales/42#Intent;scheme=shop;package=com.example.shop;end" : nil,
            appStoreURL: full ? "/spring/install?store=apple&utm_source=a'b" : nil, playStoreURL: full ? "/spring/install?store=google" : nil,
            iosFallbackURL: nil, androidFallbackURL: full ? nil : "https://shop.example.com/android",
            webURL: full ? "https://shop.example.com/sales/42" : nil, collectsSignals: full, copyText: full ? "https://go.shop.example.com/spring?c=1" : nil,
            nameTags: nameTags, appLinks: appLinks, openGraphTags: openGraphTags)
    }

    @Test(arguments: [PageSettings(), PageSettings(appName: "Shop & Co \"́", iconURL: "https://shop.example.com/icon.png", language: "de")])
    func everyKindOfPageWithHostileTextsIsTheBytesMustacheWrites(settings: PageSettings) throws {
        let renderer = try PageRenderer(settings: settings, websiteHost: "shop.example.com")
        for kind in Self.kinds {
            for full in [false, true] {
                for title in Self.hostileTexts {
                    let page = Self.page(title: title, full: full, description: full ? title + " more" : nil)
                    let compiled = renderer.render(page, as: kind)
                    let expected = renderer.renderedByMustache(page, as: kind)
                    #expect(Array(compiled.utf8) == Array(expected.utf8), "\(kind), full: \(full), title: \(title.debugDescription)")
                }
            }
        }
    }

    @Test func pagesOfOneShapeShareOneCompiledShapeAndTextsLikeMarkersAreRenderedDirectly() throws {
        let renderer = try PageRenderer()
        _ = renderer.render(Self.page(title: "One", full: true), as: .ios)
        _ = renderer.render(Self.page(title: "Two & <b>", full: true), as: .ios)
        #expect(renderer.compiledLandingShapes == 1)
        _ = renderer.render(Self.page(title: "Three", full: false), as: .ios)
        #expect(renderer.compiledLandingShapes == 2)
        let marker = renderer.render(Self.page(title: "\u{E000}0&\u{E001}", full: true), as: .android)
        #expect(marker.contains("<h1 dir=\"auto\">\u{E000}0&amp;\u{E001}</h1>"))
        #expect(renderer.compiledLandingShapes == 2)
    }

    @Test func markersSplitIntoTextAndSlotsAndMalformedOnesAreRefused() {
        let output = "<p>\u{E000}0&amp;\u{E001}</p>\u{E000}12&\u{E001}"
        #expect(
            CompiledPageTemplate.pieces(of: output, valueCount: 13)
                == [.text("<p>"), .value(0, escaped: true), .text("</p>"), .value(12, escaped: false)])
        #expect(CompiledPageTemplate.pieces(of: output, valueCount: 12) == nil)
        #expect(CompiledPageTemplate.pieces(of: "\u{E000}&\u{E001}", valueCount: 1) == nil)
        #expect(CompiledPageTemplate.pieces(of: "\u{E000}0&lt;\u{E001}", valueCount: 1) == nil)
        #expect(CompiledPageTemplate.pieces(of: "\u{E000}0&", valueCount: 1) == nil)
        #expect(CompiledPageTemplate.fill([.text("<a title=\""), .value(0, escaped: true), .text("\">"), .value(0, escaped: false)], with: ["\"́<"])
            == "<a title=\"&quot;́&lt;\">\"́<")
    }

    @Test func valuesOfOtherTypesAreNotCompiled() {
        var values: [String] = []
        var shape = ""
        #expect(CompiledPageTemplate.marked(["count": 3], values: &values, shape: &shape) == nil)
        let template = CompiledPageTemplate { context in "rendered \(context.count)" }
        #expect(template.page(["count": 3, "name": "x"]) == "rendered 2")
        #expect(template.shapeCount == 0)
    }
}
