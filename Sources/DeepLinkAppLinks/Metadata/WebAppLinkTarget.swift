import Foundation

/// Where to go when no app can open a page: the `al:web` target.
public struct WebAppLinkTarget: Sendable, Hashable {
    /// `url`: the web page to open; the page's own URL unless `al:web:url` names another.
    public var url: URL
    /// `should_fallback`: whether navigation may open ``url`` when no app can open the page.
    /// `true` unless the page says `false`, `no` or `0`.
    public var shouldFallback: Bool

    /// Creates a target.
    /// - Parameters:
    ///   - url: The web page to open.
    ///   - shouldFallback: Whether navigation may fall back to the web page.
    public init(url: URL, shouldFallback: Bool = true) {
        self.url = url
        self.shouldFallback = shouldFallback
    }
}
