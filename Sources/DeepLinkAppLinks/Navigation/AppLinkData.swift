import DeepLinkCore
import Foundation

/// The context of an App Links navigation, `al_applink_data`: what is being opened, by whom,
/// and with which app-specific extras.
///
/// The same value is built by the navigating app (see ``AppLinkNavigator``) and read by the
/// opened app (see ``InboundAppLink``).
public struct AppLinkData: Sendable, Hashable {
    /// The protocol version this library writes, `1.0`.
    public static let currentVersion = "1.0"

    /// `target_url`: the http or https URL of the content being navigated to.
    public var targetURL: URL
    /// `extras`: information from the navigating app, free-form.
    public var extras: [String: JSONValue]
    /// `user_agent`: the library the navigating app used.
    public var userAgent: String?
    /// `version`: the protocol version; `1.0` when the data does not say.
    public var version: String
    /// `referer_app_link`: the app the navigation came from.
    public var referer: AppLinkReferer?
    /// Top-level properties defined by extensions of the protocol, such as `campaign_ids`.
    /// When writing, the protocol's own properties take precedence over these.
    public var otherProperties: [String: JSONValue]

    /// Creates link data.
    /// - Parameters:
    ///   - targetURL: The URL of the content being navigated to.
    ///   - extras: Information from the navigating app.
    ///   - userAgent: The library the navigating app uses.
    ///   - version: The protocol version.
    ///   - referer: The app the navigation comes from.
    ///   - otherProperties: Properties defined by extensions of the protocol.
    public init(
        targetURL: URL, extras: [String: JSONValue] = [:], userAgent: String? = nil,
        version: String = AppLinkData.currentVersion, referer: AppLinkReferer? = nil,
        otherProperties: [String: JSONValue] = [:]
    ) {
        self.targetURL = targetURL
        self.extras = extras
        self.userAgent = userAgent
        self.version = version
        self.referer = referer
        self.otherProperties = otherProperties
    }
}
