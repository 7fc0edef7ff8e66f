import Foundation

/// Where an App Links navigation goes: into an app, to the web, or nowhere, with why.
public enum AppLinkNavigation: Sendable, Hashable {
    /// The first target the device can open.
    /// - launch: What to open.
    /// - platform: The platform of the chosen target, e.g. `iphone` or `ios` on an iPhone.
    /// - appName: The target's `app_name`, when the page gave one.
    /// - data: The link data sent along.
    case app(AppLinkLaunch, platform: AppLinkPlatform, appName: String?, data: AppLinkData)
    /// No app can open the page: open the web fallback, which carries the link data in its query.
    case web(URL, data: AppLinkData)
    /// No app can open the page and the page does not allow falling back to the web.
    case failure(AppLinksError)

    /// The URL to open: the app URL, the intent's data, or the web URL; `nil` for a failure.
    public var url: URL? {
        switch self {
        case .app(let launch, _, _, _): launch.url
        case .web(let url, _): url
        case .failure: nil
        }
    }

    /// The link data sent along; `nil` for a failure.
    public var data: AppLinkData? {
        switch self {
        case .app(_, _, _, let data), .web(_, let data): data
        case .failure: nil
        }
    }

    /// Why the navigation failed; `nil` unless it did.
    public var failure: AppLinksError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
