import Foundation

/// What opening a universal link came to when it may be a short link: routed (the deep link a
/// short link resolved to, or the universal link itself), or to be opened in the browser. A
/// `Sendable` value.
public enum UniversalLinkRoute: Sendable, Hashable {
    /// The router's result; `resolution` is the short link's answer when the link was one.
    case routed(RouteResult, resolution: ShortLinkResolution?)
    /// Open this URL in the browser instead (see ``ShortLinkOutcome/openInBrowser(_:reason:)``).
    case openInBrowser(URL, reason: ShortLinkFailure)
    /// The short link needs a newer app: nothing was routed; open the resolution's
    /// ``ShortLinkResolution/storeURL`` so the user updates (see ``ShortLinkOutcome/updateRequired(_:)``).
    case updateRequired(ShortLinkResolution)
}

extension Router {
    /// Routes a universal link with origin ``LinkOrigin/universalLink``. A short link of the
    /// resolver's link domains is resolved with the link server first and its deep link routed in
    /// its place, so every rule (sign-in, origins, fallback) applies as to any link; another path
    /// of a link domain (one the link server answers itself, which Android before version 15 hands
    /// to the app) opens in the browser; any other universal link is routed as it is.
    /// - Parameters:
    ///   - url: The universal link the app was opened with.
    ///   - resolver: Resolves short links.
    ///   - idiom: The device idiom, which chooses storyboards.
    ///   - isSignedIn: Whether a user is signed in.
    /// - Returns: The routing result, or the URL to open in the browser.
    public func route(
        universalLink url: URL, resolver: ShortLinkResolver, idiom: DeviceIdiom = .phone, isSignedIn: Bool = false
    ) async -> UniversalLinkRoute {
        guard resolver.isShortLink(url) else {
            if resolver.isOnLinkDomain(url) { return .openInBrowser(url, reason: .notAShortLink) }
            return .routed(await route(RouteRequest(url: url, origin: .universalLink, idiom: idiom, isSignedIn: isSignedIn)), resolution: nil)
        }
        switch await resolver.resolve(url) {
        case .resolved(let resolution):
            let result = await route(RouteRequest(url: resolution.deepLink, origin: .universalLink, idiom: idiom, isSignedIn: isSignedIn))
            return .routed(result, resolution: resolution)
        case .updateRequired(let resolution):
            return .updateRequired(resolution)
        case .openInBrowser(let fallback, let reason):
            return .openInBrowser(fallback, reason: reason)
        }
    }
}

extension SessionRouter {
    /// Opens a universal link with origin ``LinkOrigin/universalLink`` and the current sign-in
    /// state, resolving a short link first (see ``Router/route(universalLink:resolver:idiom:isSignedIn:)``);
    /// a deep link that needs sign-in waits as the pending link, as with ``open(_:origin:idiom:)``.
    /// - Parameters:
    ///   - url: The universal link the app was opened with.
    ///   - resolver: Resolves short links.
    ///   - idiom: The device idiom.
    /// - Returns: The routing result, or the URL to open in the browser.
    public func open(universalLink url: URL, resolver: ShortLinkResolver, idiom: DeviceIdiom = .phone) async -> UniversalLinkRoute {
        guard resolver.isShortLink(url) else {
            if resolver.isOnLinkDomain(url) { return .openInBrowser(url, reason: .notAShortLink) }
            return .routed(await open(url, origin: .universalLink, idiom: idiom), resolution: nil)
        }
        switch await resolver.resolve(url) {
        case .resolved(let resolution):
            return .routed(await open(resolution.deepLink, origin: .universalLink, idiom: idiom), resolution: resolution)
        case .updateRequired(let resolution):
            return .updateRequired(resolution)
        case .openInBrowser(let fallback, let reason):
            return .openInBrowser(fallback, reason: reason)
        }
    }
}
