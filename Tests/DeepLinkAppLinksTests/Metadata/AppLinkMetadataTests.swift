import DeepLinkAppLinks
import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

struct AppLinkMetadataTests {
    let pageURL = URL(string: "http://example.com/applinks")!

    @Test func readsTheProtocolsIOSExample() throws {
        let metadata = AppLinkMetadata(html: try Fixtures.text("AppLinks/protocol-ios.html"), pageURL: pageURL)

        #expect(
            metadata.ios == [
                IOSAppLinkTarget(url: URL(string: "example://applinks"), appStoreID: "12345", appName: "Example App")
            ])
        #expect(metadata.iphone.isEmpty && metadata.ipad.isEmpty && metadata.android.isEmpty)
        #expect(metadata.web == WebAppLinkTarget(url: pageURL, shouldFallback: true))
        #expect(metadata.sourceURL == pageURL)
    }

    @Test func readsTheProtocolsAndroidAndWindowsPhoneExamples() throws {
        let android = AppLinkMetadata(html: try Fixtures.text("AppLinks/protocol-android.html"), pageURL: pageURL)
        let windowsPhone = AppLinkMetadata(
            html: try Fixtures.text("AppLinks/protocol-windows-phone.html"), pageURL: pageURL)

        #expect(
            android.android == [
                AndroidAppLinkTarget(url: URL(string: "example://applinks"), packageName: "com.example", appName: "Example App")
            ])
        #expect(windowsPhone.windowsPhone == [WindowsAppLinkTarget(url: URL(string: "example://applinks"), appName: "Example App")])
    }

    @Test func readsEveryKeyOfEveryPlatform() throws {
        let metadata = AppLinkMetadata(html: try Fixtures.text("AppLinks/every-platform.html"), pageURL: pageURL)

        #expect(metadata.ios == [IOSAppLinkTarget(url: URL(string: "example://docs"), appStoreID: "12345", appName: "Example App")])
        #expect(
            metadata.iphone == [
                IOSAppLinkTarget(url: URL(string: "example-iphone://docs"), appStoreID: "23456", appName: "Example for iPhone")
            ])
        #expect(
            metadata.ipad == [
                IOSAppLinkTarget(url: URL(string: "example-ipad://docs"), appStoreID: "34567", appName: "Example for iPad")
            ])
        #expect(
            metadata.android == [
                AndroidAppLinkTarget(
                    url: URL(string: "example://docs"), packageName: "com.example", className: "com.example.DocsActivity",
                    appName: "Example App")
            ])
        #expect(
            metadata.windowsPhone == [
                WindowsAppLinkTarget(url: URL(string: "example-wp://docs"), appID: "wp-1", appName: "Example for Windows Phone")
            ])
        #expect(
            metadata.windows == [
                WindowsAppLinkTarget(url: URL(string: "example-win://docs"), appID: "win-1", appName: "Example for Windows")
            ])
        #expect(
            metadata.windowsUniversal == [
                WindowsAppLinkTarget(url: URL(string: "example-uwp://docs"), appID: "uwp-1", appName: "Example Universal")
            ])
        #expect(metadata.web == WebAppLinkTarget(url: URL(string: "https://example.com/docs/web")!, shouldFallback: true))
    }

    @Test func pairsTheNthValuesOfEachPropertyAndStartsAGroupOnABarePlatformTag() throws {
        let metadata = AppLinkMetadata(html: try Fixtures.text("AppLinks/several-targets.html"), pageURL: pageURL)

        #expect(
            metadata.ios == [
                IOSAppLinkTarget(url: URL(string: "first://docs"), appName: "First"),
                IOSAppLinkTarget(url: URL(string: "second://docs"), appName: "Second"),
                IOSAppLinkTarget(appName: "Third, name only"),
                IOSAppLinkTarget(url: URL(string: "fourth://docs")),
            ])
        #expect(
            metadata.android == [
                AndroidAppLinkTarget(url: URL(string: "second://docs"), packageName: "com.first"),
                AndroidAppLinkTarget(packageName: "com.second"),
            ])
    }

    @Test func toleratesMessyMarkup() throws {
        let metadata = AppLinkMetadata(html: try Fixtures.text("AppLinks/messy.html"), pageURL: pageURL)

        #expect(
            metadata.ios == [
                IOSAppLinkTarget(
                    url: URL(string: "example://first?a=1&b=2"), appStoreID: "12345", appName: "Example \"Quoted\" 'App'"),
                IOSAppLinkTarget(url: URL(string: "example://second")),
            ])
        #expect(metadata.android == [AndroidAppLinkTarget(url: URL(string: "example://named"), packageName: "com.example")])
        #expect(metadata.web == WebAppLinkTarget(url: pageURL, shouldFallback: false))
    }

    @Test(arguments: ["false", "FALSE", "False", "no", "No", "NO", "0", " false "])
    func forbidsFallingBackForFalseNoOrZero(value: String) {
        let html = #"<meta property="al:web:should_fallback" content="\#(value)">"#
        #expect(AppLinkMetadata(html: html, pageURL: pageURL).web.shouldFallback == false)
    }

    @Test(arguments: ["true", "yes", "1", "", "maybe"])
    func allowsFallingBackForAnythingElse(value: String) {
        let html = #"<meta property="al:web:should_fallback" content="\#(value)">"#
        #expect(AppLinkMetadata(html: html, pageURL: pageURL).web.shouldFallback == true)
    }

    @Test(arguments: [
        ("", "http://example.com/applinks"),
        (#"<meta property="al:web:url" content="">"#, "http://example.com/applinks"),
        (#"<meta property="al:web:url" content="https://m.example.com/a">"#, "https://m.example.com/a"),
        (#"<meta property="al:web:url" content="/mobile/applinks">"#, "http://example.com/mobile/applinks"),
        (#"<meta property="al:web:url" content="javascript:alert(1)">"#, "http://example.com/applinks"),
        (
            #"<meta property="al:web:url" content="https://a.example/1"><meta property="al:web:url" content="https://b.example/2">"#,
            "https://a.example/1"
        ),
    ])
    func defaultsTheWebURLToThePage(html: String, webURL: String) {
        #expect(AppLinkMetadata(html: html, pageURL: pageURL).web.url.absoluteString == webURL)
    }

    @Test func ignoresUnknownPlatformsKeysAndOtherProperties() {
        let html = """
            <meta property="al:blackberry:url" content="bb://a">
            <meta property="al:ios:url:secure" content="ios://deep">
            <meta property="al:ios:color" content="blue">
            <meta property="al:ios:color" content="red">
            <meta property="og:url" content="https://example.com">
            <meta property="al:ios:url" content="ios://a">
            """
        let metadata = AppLinkMetadata(html: html, pageURL: pageURL)

        #expect(metadata.ios == [IOSAppLinkTarget(url: URL(string: "ios://a"))])
        #expect(metadata.hasNoAppTargets == false)
        #expect(AppLinkMetadata(html: "<html></html>", pageURL: pageURL).hasNoAppTargets)
    }

    @Test func readsTagsTakenOutOfAPageElsewhere() {
        let tags = [
            HTMLMetaTag(property: "al:android:package", content: "com.example"),
            HTMLMetaTag(property: "al:android:url", content: "example://x"),
        ]
        #expect(
            AppLinkMetadata(tags: tags, pageURL: pageURL).android == [
                AndroidAppLinkTarget(url: URL(string: "example://x"), packageName: "com.example")
            ])
    }

    @Test func writesJSONWithEveryPlatformAndTheWebFallback() throws {
        let metadata = AppLinkMetadata(html: try Fixtures.text("AppLinks/protocol-android.html"), pageURL: pageURL)
        let expected: JSONValue = [
            "targets": [
                "ios": [], "iphone": [], "ipad": [], "windows_phone": [], "windows": [], "windows_universal": [],
                "android": [["url": "example://applinks", "package": "com.example", "app_name": "Example App"]],
            ],
            "web": ["url": "http://example.com/applinks", "should_fallback": true],
        ]
        #expect(metadata.jsonValue == expected)
        #expect(metadata.properties(for: .android).first?.map(\.key) == ["url", "package", "app_name"])
    }
}
