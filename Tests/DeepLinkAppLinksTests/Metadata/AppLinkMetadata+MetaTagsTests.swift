import DeepLinkAppLinks
import Foundation
import Testing

/// Writing metadata as meta tags, and reading the tags back into the same metadata.
struct AppLinkMetadataMetaTagsTests {
    static let page = URL(string: "https://shop.example.com/summer")!

    static let everyPlatform = AppLinkMetadata(
        sourceURL: page,
        ios: [
            IOSAppLinkTarget(url: URL(string: "shop://sales/42"), appStoreID: "123456789", appName: "Shop"),
            IOSAppLinkTarget(appName: "Shop Lite"),
        ],
        iphone: [IOSAppLinkTarget(url: URL(string: "shop-phone://sales/42"))],
        ipad: [IOSAppLinkTarget(appStoreID: "987")],
        android: [
            AndroidAppLinkTarget(url: URL(string: "shop://sales/42"), packageName: "com.example.shop", className: "Main", appName: "Shop"),
            AndroidAppLinkTarget(packageName: "com.example.lite"),
        ],
        windowsPhone: [WindowsAppLinkTarget(url: URL(string: "shop-wp://42"), appID: "wp")],
        windows: [WindowsAppLinkTarget(appID: "win", appName: "Shop")],
        windowsUniversal: [WindowsAppLinkTarget(url: URL(string: "shop-uwp://42"))],
        web: WebAppLinkTarget(url: URL(string: "https://shop.example.com/sales/42")!, shouldFallback: false))

    @Test func readsBackEveryTargetOfEveryPlatform() {
        let metadata = Self.everyPlatform
        #expect(AppLinkMetadata(tags: metadata.metaTags, pageURL: Self.page) == metadata)
        #expect(AppLinkMetadata(html: metadata.metaTagsHTML, pageURL: Self.page) == metadata)
    }

    @Test func startsASecondTargetWithTheBarePlatformTag() {
        let properties = Self.everyPlatform.metaTags.map(\.property).filter { $0.hasPrefix("al:ios") }
        #expect(properties == ["al:ios:url", "al:ios:app_store_id", "al:ios:app_name", "al:ios", "al:ios:app_name"])
    }

    @Test func writesNoWebTagsForTheDefaults() {
        let metadata = AppLinkMetadata(sourceURL: Self.page, ios: [IOSAppLinkTarget(url: URL(string: "shop://cart"))])
        #expect(metadata.metaTags == [HTMLMetaTag(property: "al:ios:url", content: "shop://cart")])
        let noFallback = AppLinkMetadata(sourceURL: Self.page, web: WebAppLinkTarget(url: Self.page, shouldFallback: false))
        #expect(noFallback.metaTags == [HTMLMetaTag(property: "al:web:should_fallback", content: "false")])
    }

    @Test func escapesEveryAttributeValue() {
        let metadata = AppLinkMetadata(
            sourceURL: Self.page, ios: [IOSAppLinkTarget(url: URL(string: "shop://a?b=1&c=2"), appName: #"Tom's "Shop" <beta>"#)])
        #expect(metadata.metaTagsHTML == """
            <meta property="al:ios:url" content="shop://a?b=1&amp;c=2">
            <meta property="al:ios:app_name" content="Tom&#39;s &quot;Shop&quot; &lt;beta&gt;">
            """)
        #expect(AppLinkMetadata(html: metadata.metaTagsHTML, pageURL: Self.page) == metadata)
    }
}
