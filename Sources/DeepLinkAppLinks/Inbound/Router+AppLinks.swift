import DeepLinkCore
import Foundation

extension Router {
    /// Decides where a URL goes, as ``Router/match(_:idiom:)`` does, and reads its App Links context.
    ///
    /// Link data that is malformed is reported in the result and never changes the routing.
    /// - Parameters:
    ///   - url: The incoming link, with or without `al_applink_data`.
    ///   - idiom: The device idiom, which chooses storyboards.
    /// - Returns: The routing result and the App Links context.
    public func matchAppLink(_ url: URL, idiom: DeviceIdiom = .phone) -> AppLinkRouteResult {
        AppLinkRouteResult(route: match(url, idiom: idiom), appLinkResult: InboundAppLink.read(from: url))
    }

    /// Routes a URL, running handlers as ``Router/route(_:idiom:)`` does, and reads its App Links context.
    ///
    /// Link data that is malformed is reported in the result and never changes the routing.
    /// - Parameters:
    ///   - url: The incoming link, with or without `al_applink_data`.
    ///   - idiom: The device idiom, which chooses storyboards.
    /// - Returns: The routing result and the App Links context.
    public func routeAppLink(_ url: URL, idiom: DeviceIdiom = .phone) async -> AppLinkRouteResult {
        AppLinkRouteResult(route: await route(url, idiom: idiom), appLinkResult: InboundAppLink.read(from: url))
    }
}
