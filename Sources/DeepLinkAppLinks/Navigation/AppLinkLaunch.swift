import Foundation

/// What a device opens to follow an App Link: a URL (iOS, Windows Phone, the web) or an intent (Android).
public enum AppLinkLaunch: Sendable, Hashable {
    /// Open this URL; it carries the link data as its `al_applink_data` query parameter.
    case url(URL)
    /// Start this intent; it carries the link data as its `al_applink_data` extra.
    case intent(AndroidIntent)

    /// The URL opened: the URL itself or the intent's data.
    public var url: URL {
        switch self {
        case .url(let url): url
        case .intent(let intent): intent.data
        }
    }
}
