/// The kind of device a navigation happens on, which decides the targets tried and their order.
public enum AppLinkDevice: String, Sendable, Hashable, CaseIterable {
    /// An iPhone or iPod touch: `al:iphone` targets, then `al:ios`.
    case iphone
    /// An iPad: `al:ipad` targets, then `al:ios`.
    case ipad
    /// An Android device: `al:android` targets.
    case android
    /// A Windows Phone: `al:windows_phone` targets.
    case windowsPhone = "windows_phone"

    /// The platforms whose targets are tried, most specific first.
    public var platforms: [AppLinkPlatform] {
        switch self {
        case .iphone: [.iphone, .ios]
        case .ipad: [.ipad, .ios]
        case .android: [.android]
        case .windowsPhone: [.windowsPhone]
        }
    }
}
