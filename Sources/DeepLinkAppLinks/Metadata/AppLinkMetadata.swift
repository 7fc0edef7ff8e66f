import Foundation

/// The App Links a page declares: its app targets per platform, in page order, and its web fallback.
public struct AppLinkMetadata: Sendable, Hashable {
    /// The page the metadata describes; `target_url` of navigations to it.
    public var sourceURL: URL
    /// `al:ios` targets: any iOS device.
    public var ios: [IOSAppLinkTarget]
    /// `al:iphone` targets: tried before ``ios`` on an iPhone or iPod touch.
    public var iphone: [IOSAppLinkTarget]
    /// `al:ipad` targets: tried before ``ios`` on an iPad.
    public var ipad: [IOSAppLinkTarget]
    /// `al:android` targets.
    public var android: [AndroidAppLinkTarget]
    /// `al:windows_phone` targets.
    public var windowsPhone: [WindowsAppLinkTarget]
    /// `al:windows` targets.
    public var windows: [WindowsAppLinkTarget]
    /// `al:windows_universal` targets.
    public var windowsUniversal: [WindowsAppLinkTarget]
    /// The `al:web` target: the web page to fall back to, and whether falling back is allowed.
    public var web: WebAppLinkTarget

    /// Creates metadata.
    /// - Parameters:
    ///   - sourceURL: The page the metadata describes.
    ///   - ios: `al:ios` targets.
    ///   - iphone: `al:iphone` targets.
    ///   - ipad: `al:ipad` targets.
    ///   - android: `al:android` targets.
    ///   - windowsPhone: `al:windows_phone` targets.
    ///   - windows: `al:windows` targets.
    ///   - windowsUniversal: `al:windows_universal` targets.
    ///   - web: The web fallback; by default ``sourceURL``, with falling back allowed.
    public init(
        sourceURL: URL, ios: [IOSAppLinkTarget] = [], iphone: [IOSAppLinkTarget] = [], ipad: [IOSAppLinkTarget] = [],
        android: [AndroidAppLinkTarget] = [], windowsPhone: [WindowsAppLinkTarget] = [],
        windows: [WindowsAppLinkTarget] = [], windowsUniversal: [WindowsAppLinkTarget] = [],
        web: WebAppLinkTarget? = nil
    ) {
        self.sourceURL = sourceURL
        self.ios = ios
        self.iphone = iphone
        self.ipad = ipad
        self.android = android
        self.windowsPhone = windowsPhone
        self.windows = windows
        self.windowsUniversal = windowsUniversal
        self.web = web ?? WebAppLinkTarget(url: sourceURL)
    }
}
