import Foundation

/// What a short link opens, as the link server answers `POST /api/v1/opens`:
/// `{"code": "spring", "deepLink": "shop://sales/42", "utm": {"source": "mail", …}, "campaign": "spring-2026"}`.
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

    /// The UTM field names, in the usual order.
    package static let utmFieldNames = ["source", "medium", "campaign", "term", "content"]

    /// Creates a resolution.
    /// - Parameters:
    ///   - code: The short code.
    ///   - deepLink: The in-app deep link.
    ///   - utm: The UTM fields in effect, by name without `utm_`.
    ///   - campaign: The campaign label.
    public init(code: String, deepLink: URL, utm: [String: String] = [:], campaign: String? = nil) {
        self.code = code
        self.deepLink = deepLink
        self.utm = utm
        self.campaign = campaign
    }

    /// The answer as JSON, as the server sends it.
    package var jsonValue: JSONValue {
        [
            "code": .string(code), "deepLink": .string(deepLink.absoluteString),
            "utm": .object(utm.mapValues(JSONValue.string)), "campaign": campaign.map(JSONValue.string) ?? .null,
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
        self.init(code: code, deepLink: deepLink, utm: utm, campaign: object["campaign"]?.stringValue)
    }
}
