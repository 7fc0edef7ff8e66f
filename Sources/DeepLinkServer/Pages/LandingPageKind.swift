import DeepLinkService

/// Which of a landing page's buttons a visitor sees: only those that work on their platform.
/// A `Sendable` value.
enum LandingPageKind: Sendable, Hashable {
    /// iPhones and iPads: "Open in app", the App Store (or the link's iOS fallback) and the web
    /// fallback; never Google Play.
    case ios
    /// Android: "Open in app" through an `intent://` URL, Google Play (or the link's Android
    /// fallback) and the web fallback; never the App Store.
    case android
    /// Desktops: the link's QR code to open it on a phone, and the store links. With
    /// `mayBeIPad` (a Mac's `User-Agent`, which Safari on an iPad also sends) the page also
    /// carries the iOS buttons, shown instead on a touch screen by a script.
    case desktop(mayBeIPad: Bool)

    /// The page for a visitor.
    init(_ visitor: Visitor) {
        switch visitor.platform {
        case .ios: self = .ios
        case .android: self = .android
        case .desktop, .crawler: self = .desktop(mayBeIPad: visitor.mayBeIPad)
        }
    }
}
