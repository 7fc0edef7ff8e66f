import Foundation

/// What resolving a short link came to: the deep link to route, or the URL to open in the
/// browser instead, with why. Nothing is thrown at the app for a network condition. A `Sendable` value.
public enum ShortLinkOutcome: Sendable, Hashable {
    /// The link server named the deep link (or, offline, the last answer for this URL did).
    case resolved(ShortLinkResolution)
    /// The running app is older than the link's ``ShortLinkResolution/minAppVersion``: the router
    /// would not know the screen. Open ``ShortLinkResolution/storeURL`` (the app's store page) so
    /// the user updates, instead of routing the deep link.
    case updateRequired(ShortLinkResolution)
    /// Open this URL in the browser (an in-app browser, such as `SFSafariViewController`, since
    /// the system would hand a universal link of the app's own domain back to the app).
    case openInBrowser(URL, reason: ShortLinkFailure)
}

/// Why a short link opens in the browser instead of the app. A `Sendable` value.
public enum ShortLinkFailure: Sendable, Hashable {
    /// The URL is not a short link of the configured link domains: another host, the root, or a
    /// path the link server answers itself.
    case notAShortLink
    /// No link has the code.
    case unknownCode
    /// The link expired; the URL is its web fallback when it has one.
    case expired
    /// The link asks for a password, which only its page in the browser takes; the URL is the
    /// short link. An answer kept from before the password was set is dropped, never used offline.
    case passwordRequired
    /// The server did not answer in time.
    case timedOut
    /// No answer came: no network, DNS, TLS, a refused connection.
    case unreachable(String)
    /// Too many opens from this network; the server asks to wait this many seconds.
    case rateLimited(retryAfter: Int?)
    /// The server answered with an error status or a body that is not a resolution.
    case badResponse(statusCode: Int)
}
