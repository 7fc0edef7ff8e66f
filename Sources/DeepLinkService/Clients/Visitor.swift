/// Who opens a link, as far as the `User-Agent` tells: the platform clicks are counted by, and
/// the two kinds of browser whose page differs from their platform's. A `Sendable` value.
package struct Visitor: Sendable, Hashable {
    /// The platform, as clicks are counted.
    package let platform: ClientPlatform
    /// A desktop browser with a Mac's `User-Agent`, which Safari on an iPad also sends when it
    /// asks for desktop sites (iPadOS's default): the desktop page then carries the iPad's
    /// buttons too, for its script to show on a touch screen.
    package let mayBeIPad: Bool
    /// An Android app's WebView, such as an in-app browser (`; wv)` in its `User-Agent`): it
    /// cannot follow an `intent://` redirect, so it gets the landing page.
    package let isAndroidWebView: Bool

    private static let macMarker = Array("macintosh".utf8)
    private static let webViewMarker = Array("; wv)".utf8)

    /// Reads a `User-Agent` header.
    package init(userAgent: String?) {
        let agent = UserAgentText(userAgent)
        platform = ClientPlatform(agent: agent)
        mayBeIPad = platform == .desktop && agent.contains(Self.macMarker)
        isAndroidWebView = platform == .android && agent.contains(Self.webViewMarker)
    }
}
