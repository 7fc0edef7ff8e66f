import Foundation

/// An app that can open a page on Windows: one `al:windows_phone`, `al:windows` or
/// `al:windows_universal` target.
public struct WindowsAppLinkTarget: Sendable, Hashable {
    /// `url`: the URL that opens the content in the app.
    public var url: URL?
    /// `app_id`: the app's Store identifier.
    public var appID: String?
    /// `app_name`: the app's name, for display.
    public var appName: String?

    /// Creates a target.
    /// - Parameters:
    ///   - url: The URL that opens the content in the app.
    ///   - appID: The app's Store identifier.
    ///   - appName: The app's name.
    public init(url: URL? = nil, appID: String? = nil, appName: String? = nil) {
        self.url = url
        self.appID = appID
        self.appName = appName
    }
}
