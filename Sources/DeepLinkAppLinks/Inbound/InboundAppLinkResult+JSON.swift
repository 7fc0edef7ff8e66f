import DeepLinkCore
import Foundation

extension InboundAppLinkResult {
    /// The result as JSON: `{"valid", "target_url", "extras", "referer_app_link", "version",
    /// "user_agent", "reason"}`; members that do not apply are `null`.
    public var jsonValue: JSONValue {
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
            "reason": reason.map { .string($0) } ?? .null,
        ])
    }
}
