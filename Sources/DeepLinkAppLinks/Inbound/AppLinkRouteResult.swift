import DeepLinkCore
import Foundation

/// A routing result together with the App Links context the routed URL carried.
///
/// The router never passes `al_applink_data` to a route as a parameter; this result carries it
/// decoded instead, so a screen can show a "back to <app>" button or read the extras.
public struct AppLinkRouteResult: Sendable, Hashable {
    /// What the router did with the URL.
    public let route: RouteResult
    /// What the URL's `al_applink_data` held: nothing, link data, or why it was ignored.
    public let appLinkResult: InboundAppLinkResult

    /// Pairs a routing result with the link data read from the same URL.
    /// - Parameters:
    ///   - route: What the router did with the URL.
    ///   - appLinkResult: What the URL's `al_applink_data` held.
    public init(route: RouteResult, appLinkResult: InboundAppLinkResult) {
        self.route = route
        self.appLinkResult = appLinkResult
    }

    /// The App Links navigation that opened the URL, when its link data could be read.
    public var appLink: InboundAppLink? { appLinkResult.appLink }

    /// The app the navigation came from, for a "back to <app>" button.
    public var referer: AppLinkReferer? { appLink?.referer }

    /// The navigating app's extras; empty without link data.
    public var extras: [String: JSONValue] { appLink?.extras ?? [:] }

    /// The web URL of the content the navigating app meant to show.
    public var targetURL: URL? { appLink?.targetURL }
}
