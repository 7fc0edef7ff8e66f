import Foundation

/// The app a navigation came from (`referer_app_link`), so the opened app can offer a way back.
public struct AppLinkReferer: Sendable, Hashable {
    /// `target_url`: the web URL of the content the referring app showed.
    public var targetURL: URL?
    /// `url`: the URL that opens the referring app, for a "back to <app>" button.
    public var url: URL?
    /// `app_name`: the referring app's name, for the button's title.
    public var appName: String?

    /// Creates a referer.
    /// - Parameters:
    ///   - targetURL: The web URL of the content the referring app showed.
    ///   - url: The URL that opens the referring app.
    ///   - appName: The referring app's name.
    public init(targetURL: URL? = nil, url: URL? = nil, appName: String? = nil) {
        self.targetURL = targetURL
        self.url = url
        self.appName = appName
    }
}
