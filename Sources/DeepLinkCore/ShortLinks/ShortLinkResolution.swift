import Foundation

/// What a short link opens, as the link server answers `POST /api/v1/opens`:
/// `{"code": "spring", "deepLink": "shop://sales/42", "utm": {"source": "mail", …}, "campaign": "spring-2026",
/// "minAppVersion": "5.2", "storeURL": "https://apps.apple.com/app/id123"}`.
/// The link's UTM fields, each overridden by the short link's own `utm_*` query parameter, as the
/// server does for `GET /{code}`. The server writes it and the app reads it, both here. A
/// `Sendable` value.
public struct ShortLinkResolution: Sendable, Hashable {
    /// The short code.
    public let code: String
    /// The in-app deep link to route.
    public let deepLink: URL
    /// The UTM fields in effect for this open, by name without the `utm_` prefix (`source`,
    /// `medium`, `campaign`, `term`, `content`); fields without a value are left out.
    public let utm: [String: String]
    /// The link's campaign label, if it has one.
    public let campaign: String?
    /// The oldest version of the app, on the platform that asked, that can open the link: the
    /// newer of the link's `minAppVersion` and its route's. `nil` when any version can.
    public let minAppVersion: AppVersion?
    /// The app's page in its store on the platform that asked, where an older install updates;
    /// sent with ``minAppVersion``.
    public let storeURL: URL?

    /// The UTM field names, in the usual order.
    package static let utmFieldNames = ["source", "medium", "campaign", "term", "content"]

    /// Creates a resolution.
    /// - Parameters:
    ///   - code: The short code.
    ///   - deepLink: The in-app deep link.
    ///   - utm: The UTM fields in effect, by name without `utm_`.
    ///   - campaign: The campaign label.
    ///   - minAppVersion: The oldest app version that can open the link.
    ///   - storeURL: The app's store page, for an older install to update.
    public init(
        code: String, deepLink: URL, utm: [String: String] = [:], campaign: String? = nil, minAppVersion: AppVersion? = nil, storeURL: URL? = nil
    ) {
        self.code = code
        self.deepLink = deepLink
        self.utm = utm
        self.campaign = campaign
        self.minAppVersion = minAppVersion
        self.storeURL = storeURL
    }

    /// Whether a running app is older than ``minAppVersion``; `false` when there is no minimum or
    /// the app's version is not known.
    /// - Parameter appVersion: The running app's version.
    public func needsUpdate(from appVersion: AppVersion?) -> Bool {
        guard let minAppVersion, let appVersion else { return false }
        return appVersion < minAppVersion
    }

    /// The answer as JSON, as the server sends it.
    package var jsonValue: JSONValue {
        [
            "code": .string(code), "deepLink": .string(deepLink.absoluteString),
            "utm": .object(utm.mapValues(JSONValue.string)), "campaign": campaign.map(JSONValue.string) ?? .null,
            "minAppVersion": minAppVersion.map { .string($0.description) } ?? .null,
            "storeURL": storeURL.map { .string($0.absoluteString) } ?? .null,
        ]
    }

    /// Reads an answer as the app receives it.
    /// - Parameter json: The parsed body.
    /// - Returns: The resolution, or `nil` when the body is not one.
    package init?(json: JSONValue) {
        guard let object = json.objectValue, let code = object["code"]?.stringValue,
            let deepLink = object["deepLink"]?.stringValue.flatMap(URL.init(string:)), deepLink.scheme != nil
        else { return nil }
        var utm: [String: String] = [:]
        for name in Self.utmFieldNames { utm[name] = object["utm"]?.objectValue?[name]?.stringValue }
        // An iOS marketing version or an Android versionCode: both read as dotted numbers.
        let minAppVersion = object["minAppVersion"]?.stringValue.flatMap { AppVersion(marketingVersion: $0) }
        let storeURL = object["storeURL"]?.stringValue.flatMap(URL.init(string:)).flatMap { $0.scheme == "https" ? $0 : nil }
        self.init(
            code: code, deepLink: deepLink, utm: utm, campaign: object["campaign"]?.stringValue, minAppVersion: minAppVersion, storeURL: storeURL)
    }
}
