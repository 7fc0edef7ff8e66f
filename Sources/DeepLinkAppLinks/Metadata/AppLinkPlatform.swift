/// The platforms the App Links protocol names in `al:*` meta tags.
public enum AppLinkPlatform: String, Sendable, Hashable, CaseIterable, Codable {
    /// `al:ios`: any iOS device.
    case ios
    /// `al:iphone`: iPhone only.
    case iphone
    /// `al:ipad`: iPad only.
    case ipad
    /// `al:android`.
    case android
    /// `al:windows_phone`.
    case windowsPhone = "windows_phone"
    /// `al:windows`.
    case windows
    /// `al:windows_universal`.
    case windowsUniversal = "windows_universal"
}
