import Foundation

/// An app that can open a page on Android: one `al:android` target.
public struct AndroidAppLinkTarget: Sendable, Hashable {
    /// `url`: the intent's data; when absent, navigation uses the page URL.
    public var url: URL?
    /// `package`: the app's package name, e.g. `com.example`.
    public var packageName: String?
    /// `class`: the activity's fully qualified class name.
    public var className: String?
    /// `app_name`: the app's name, for display.
    public var appName: String?

    /// Creates a target.
    /// - Parameters:
    ///   - url: The intent's data.
    ///   - packageName: The app's package name.
    ///   - className: The activity's fully qualified class name.
    ///   - appName: The app's name.
    public init(url: URL? = nil, packageName: String? = nil, className: String? = nil, appName: String? = nil) {
        self.url = url
        self.packageName = packageName
        self.className = className
        self.appName = appName
    }
}
