import DeepLinkCore
import Foundation

extension InboundAppLinkResult {
    /// The result as JSON, every member of the link data included: `{"valid", "target_url",
    /// "extras", "referer_app_link", "version", "user_agent", "other_properties", "ignored",
    /// "reason"}`. `other_properties` holds the members extensions of the protocol define (such
    /// as `campaign_ids`), `ignored` the malformed optional members left out, each as an error
    /// object. Members that do not apply are `null`.
    public var jsonValue: JSONValue {
        let appLink = self.appLink
        let data = appLink?.data
        let reason: String? =
            switch self {
            case .absent: "the URL has no al_applink_data parameter"
            case .decoded: nil
            case .ignored(let error): error.description
            }
        return .object([
            "valid": .bool(data != nil),
            "target_url": data.map { .string($0.targetURL.absoluteString) } ?? .null,
            "extras": data.map { .object($0.extras) } ?? .null,
            "referer_app_link": data?.referer?.jsonValue ?? .null,
            "version": data.map { .string($0.version) } ?? .null,
            "user_agent": data?.userAgent.map { .string($0) } ?? .null,
            "other_properties": data.map { .object($0.otherProperties) } ?? .null,
            "ignored": appLink.map { .array($0.ignoredMembers.map(\.jsonValue)) } ?? .null,
            "reason": reason.map { .string($0) } ?? .null,
        ])
    }
}
