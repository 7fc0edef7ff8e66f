import DeepLinkAppLinks
import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

struct AppLinkNavigatorTests {
    static let pageURL = URL(string: "http://example.com/applinks")!
    static let extras: [String: JSONValue] = ["myapp_token": "t0kEn"]

    /// The protocol text's example URLs, which carry the data a navigation with `extras` sends.
    static let protocolData =
        "%7B%22user_agent%22%3A%22Bolts%20PLATFORM%201.0.0%22%2C%22target_url%22%3A%22http%3A%5C%2F%5C%2Fexample.com%5C%2Fapplinks%22%2C%22extras%22%3A%7B%22myapp_token%22%3A%22t0kEn%22%7D%7D"

    static func protocolURL(_ prefix: String, platform: String) -> URL {
        let data = protocolData.replacingOccurrences(of: "PLATFORM", with: platform.replacingOccurrences(of: " ", with: "%20"))
        return URL(string: "\(prefix)?al_applink_data=\(data)")!
    }

    func metadata(_ fixture: String) throws -> AppLinkMetadata {
        AppLinkMetadata(html: try Fixtures.text("AppLinks/\(fixture)"), pageURL: Self.pageURL)
    }

    @Test(arguments: [
        ("protocol-ios.html", AppLinkDevice.iphone, "iOS"),
        ("protocol-ios.html", AppLinkDevice.ipad, "iOS"),
        ("protocol-windows-phone.html", AppLinkDevice.windowsPhone, "Windows Phone"),
    ])
    func opensTheInstalledAppAsInTheProtocolsExample(fixture: String, device: AppLinkDevice, platform: String) throws {
        let navigator = AppLinkNavigator(userAgent: "Bolts \(platform) 1.0.0")
        let navigation = navigator.navigation(to: try metadata(fixture), on: device, extras: Self.extras) { launch in
            launch.url.scheme == "example"
        }
        let expected = try InboundAppLink(url: Self.protocolURL("example://applinks", platform: platform))

        #expect(navigation.kind == "app")
        #expect(navigation.url?.absoluteString.hasPrefix("example://applinks?al_applink_data=") == true)
        #expect(navigation.data == expected.data)
        #expect(try InboundAppLink(url: #require(navigation.url)).data == expected.data)
    }

    @Test(arguments: [
        ("protocol-ios.html", AppLinkDevice.iphone, "iOS"),
        ("protocol-android.html", AppLinkDevice.android, "Android"),
        ("protocol-windows-phone.html", AppLinkDevice.windowsPhone, "Windows Phone"),
    ])
    func opensTheWebPageWhenTheAppIsNotInstalledAsInTheProtocolsExample(
        fixture: String, device: AppLinkDevice, platform: String
    ) throws {
        let navigator = AppLinkNavigator(userAgent: "Bolts \(platform) 1.0.0")
        let navigation = navigator.navigation(to: try metadata(fixture), on: device, extras: Self.extras) { _ in false }
        let expected = try InboundAppLink(url: Self.protocolURL("http://example.com/applinks", platform: platform))

        guard case .web(let url, let data) = navigation else {
            Issue.record("expected a web navigation, got \(navigation)")
            return
        }
        #expect(url.absoluteString.hasPrefix("http://example.com/applinks?al_applink_data="))
        #expect(data == expected.data)
        #expect(try InboundAppLink(url: url).data == expected.data)
    }

    @Test func startsTheAndroidIntentOfTheProtocolsExample() throws {
        let navigator = AppLinkNavigator(userAgent: "Bolts Android 1.0")
        var offered: [AppLinkLaunch] = []
        let navigation = navigator.navigation(to: try metadata("protocol-android.html"), on: .android, extras: Self.extras) {
            offered.append($0)
            return true
        }
        let expectedData = AppLinkData(targetURL: Self.pageURL, extras: Self.extras, userAgent: "Bolts Android 1.0")
        let expectedIntent = AndroidIntent(
            action: "android.intent.action.VIEW", data: URL(string: "example://applinks")!, packageName: "com.example",
            extras: ["al_applink_data": expectedData.jsonValue])

        #expect(navigation == .app(.intent(expectedIntent), platform: .android, appName: "Example App", data: expectedData))
        #expect(offered == [.intent(expectedIntent)])
        #expect(
            expectedIntent.jsonValue == [
                "action": "android.intent.action.VIEW", "data": "example://applinks", "package": "com.example",
                "extras": [
                    "al_applink_data": [
                        "target_url": "http://example.com/applinks", "user_agent": "Bolts Android 1.0", "version": "1.0",
                        "extras": ["myapp_token": "t0kEn"],
                    ]
                ],
            ])
    }

    @Test func usesThePageURLAsIntentDataWhenTheAndroidTargetHasNoURL() {
        let metadata = AppLinkMetadata(
            sourceURL: Self.pageURL, android: [AndroidAppLinkTarget(packageName: "com.example", className: "com.example.Main")])
        let navigation = AppLinkNavigator().navigation(to: metadata, on: .android) { _ in true }

        guard case .app(.intent(let intent), _, _, _) = navigation else {
            Issue.record("expected an intent, got \(navigation)")
            return
        }
        #expect(intent.data == Self.pageURL)
        #expect(intent.className == "com.example.Main")
    }

    @Test(arguments: [
        (AppLinkDevice.iphone, ["iphone://1", "iphone://2", "ios://1", "ios://2"]),
        (AppLinkDevice.ipad, ["ipad://1", "ios://1", "ios://2"]),
        (AppLinkDevice.android, ["android://1"]),
        (AppLinkDevice.windowsPhone, ["wp://1"]),
    ])
    func offersTheMostSpecificPlatformFirstInPageOrder(device: AppLinkDevice, expectedSchemes: [String]) {
        let metadata = AppLinkMetadata(
            sourceURL: Self.pageURL,
            ios: [IOSAppLinkTarget(url: URL(string: "ios://1")), IOSAppLinkTarget(appName: "no URL"), IOSAppLinkTarget(url: URL(string: "ios://2"))],
            iphone: [IOSAppLinkTarget(url: URL(string: "iphone://1")), IOSAppLinkTarget(url: URL(string: "iphone://2"))],
            ipad: [IOSAppLinkTarget(url: URL(string: "ipad://1"))],
            android: [AndroidAppLinkTarget(url: URL(string: "android://1"))],
            windowsPhone: [WindowsAppLinkTarget(url: URL(string: "wp://1"))],
            windows: [WindowsAppLinkTarget(url: URL(string: "windows://1"))])
        var offered: [String] = []
        _ = AppLinkNavigator().navigation(to: metadata, on: device) { launch in
            offered.append(launch.url.absoluteString.components(separatedBy: "?")[0])
            return false
        }
        #expect(offered == expectedSchemes)
    }

    @Test func picksTheFirstTargetTheDeviceCanOpen() {
        let metadata = AppLinkMetadata(
            sourceURL: Self.pageURL,
            ios: [IOSAppLinkTarget(url: URL(string: "ios://a"), appName: "Generic")],
            iphone: [IOSAppLinkTarget(url: URL(string: "old://a"), appName: "Old"), IOSAppLinkTarget(url: URL(string: "new://a"), appName: "New")])
        let navigation = AppLinkNavigator().navigation(to: metadata, on: .iphone) { $0.url.scheme != "old" }

        guard case .app(.url(let url), let platform, let appName, _) = navigation else {
            Issue.record("expected an app, got \(navigation)")
            return
        }
        #expect(url.scheme == "new")
        #expect(platform == .iphone)
        #expect(appName == "New")
    }

    @Test func failsWithAReasonWhenThePageForbidsFallingBack() throws {
        let html = try Fixtures.text("AppLinks/protocol-ios.html")
            + #"<meta property="al:web:should_fallback" content="false">"#
        let navigation = AppLinkNavigator().navigation(to: AppLinkMetadata(html: html, pageURL: Self.pageURL), on: .iphone) { _ in false }
        let reason = try #require(navigation.failure)

        #expect(reason.code == .noOpenableTarget)
        #expect(reason.url == Self.pageURL)
        #expect(reason.message.contains("none of the 1 al:iphone or al:ios targets can be opened on iphone"))
        #expect(reason.message.contains("al:web:should_fallback is false"))
        #expect(navigation.url == nil && navigation.data == nil)
    }

    @Test func failsWhenNoTargetExistsAndFallingBackIsForbidden() throws {
        let metadata = AppLinkMetadata(sourceURL: Self.pageURL, web: WebAppLinkTarget(url: Self.pageURL, shouldFallback: false))
        let reason = try #require(AppLinkNavigator().navigation(to: metadata, on: .android) { _ in true }.failure)
        #expect(reason.message.hasPrefix("the page has no usable al:android target on android"))
    }

    @Test func fallsBackToTheDeclaredWebURLKeepingItsQuery() throws {
        let metadata = AppLinkMetadata(
            sourceURL: Self.pageURL, web: WebAppLinkTarget(url: URL(string: "https://m.example.com/a?ref=x#top")!))
        let navigation = AppLinkNavigator().navigation(to: metadata, on: .ipad) { _ in true }
        let url = try #require(navigation.url)

        #expect(navigation.kind == "web")
        #expect(url.absoluteString.hasPrefix("https://m.example.com/a?ref=x&al_applink_data=%7B"))
        #expect(url.absoluteString.hasSuffix("#top"))
        #expect(navigation.data?.targetURL == Self.pageURL)
    }

    @Test func sendsTheRefererAndTheExtrasAlong() throws {
        let referer = AppLinkReferer(
            targetURL: URL(string: "http://ex.com/docs"), url: URL(string: "example://docs"), appName: "Example App")
        let navigation = AppLinkNavigator().navigation(
            to: try metadata("protocol-ios.html"), on: .iphone, extras: Self.extras, referer: referer
        ) { _ in true }
        let inbound = try InboundAppLink(url: #require(navigation.url))

        #expect(inbound.referer == referer)
        #expect(inbound.extras == Self.extras)
        #expect(inbound.data.userAgent == AppLinkNavigator.defaultUserAgent)
        #expect(inbound.version == "1.0")
    }

    @Test func writesNavigationsAsJSON() throws {
        let app = AppLinkNavigator().navigation(to: try metadata("protocol-android.html"), on: .android) { _ in true }
        let failure = AppLinkNavigation.failure(AppLinksError(code: .noOpenableTarget, message: "nothing to open"))
        let appObject = try #require(app.jsonValue.objectValue)

        #expect(appObject["kind"] == "app")
        #expect(appObject["url"] == "example://applinks")
        #expect(appObject["platform"] == "android")
        #expect(appObject["app_name"] == "Example App")
        #expect(appObject["reason"] == .null)
        #expect(appObject["intent"]?.objectValue?["package"] == "com.example")
        #expect(appObject["al_applink_data"] == app.data?.jsonValue)
        #expect(
            failure.jsonValue == ["kind": "failure", "url": nil, "al_applink_data": nil, "reason": "nothing to open"])
    }
}
