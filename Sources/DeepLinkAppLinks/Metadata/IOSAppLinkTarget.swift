import Foundation

/// An app that can open a page on iOS: one `al:ios`, `al:iphone` or `al:ipad` target.
public struct IOSAppLinkTarget: Sendable, Hashable {
    /// `url`: the URL that opens the content in the app, e.g. `example://docs/42`.
    public var url: URL?
    /// `app_store_id`: the app's App Store identifier, for an install prompt.
    public var appStoreID: String?
    /// `app_name`: the app's name, for display.
    public var appName: String?

    /// Creates a target.
    /// - Parameters:
    ///   - url: The URL that opens the content in the app.
    ///   - appStoreID: The app's App Store identifier.
    ///   - appName: The app's name.
    public init(url: URL? = nil, appStoreID: String? = nil, appName: String? = nil) {
        self.url = url
        self.appStoreID = appStoreID
        self.appName = appName
    }
}
