import DeepLinkCore
import Foundation

extension Router {
    /// Decides where a link that arrived through App Links goes, as ``Router/match(_:)`` does with
    /// origin ``LinkOrigin/appLink``, and reads its App Links context.
    ///
    /// Routes whose `allowedOrigins` leave out `appLink` reject it; a route that needs sign-in
    /// answers ``RouteResult/Outcome/signInRequired`` unless `isSignedIn`. Link data that is
    /// malformed is reported in the result and never changes the routing.
    /// - Parameters:
    ///   - url: The incoming link, with or without `al_applink_data`.
    ///   - idiom: The device idiom, which chooses storyboards.
    ///   - isSignedIn: Whether a user is signed in.
    /// - Returns: The routing result and the App Links context.
    public func matchAppLink(_ url: URL, idiom: DeviceIdiom = .phone, isSignedIn: Bool = false) -> AppLinkRouteResult {
        AppLinkRouteResult(
            route: match(RouteRequest(url: url, origin: .appLink, idiom: idiom, isSignedIn: isSignedIn)),
            appLinkResult: InboundAppLink.read(from: url))
    }

    /// Routes a link that arrived through App Links, running handlers as ``Router/route(_:)``
    /// does with origin ``LinkOrigin/appLink``, and reads its App Links context.
    ///
    /// Routes whose `allowedOrigins` leave out `appLink` reject it; a route that needs sign-in
    /// answers ``RouteResult/Outcome/signInRequired`` unless `isSignedIn`. Link data that is
    /// malformed is reported in the result and never changes the routing.
    /// - Parameters:
    ///   - url: The incoming link, with or without `al_applink_data`.
    ///   - idiom: The device idiom, which chooses storyboards.
    ///   - isSignedIn: Whether a user is signed in.
    /// - Returns: The routing result and the App Links context.
    public func routeAppLink(_ url: URL, idiom: DeviceIdiom = .phone, isSignedIn: Bool = false) async -> AppLinkRouteResult {
        AppLinkRouteResult(
            route: await route(RouteRequest(url: url, origin: .appLink, idiom: idiom, isSignedIn: isSignedIn)),
            appLinkResult: InboundAppLink.read(from: url))
    }
}
