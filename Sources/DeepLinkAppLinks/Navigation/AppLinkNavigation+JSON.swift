import DeepLinkCore
import Foundation

extension AppLinkNavigation {
    /// The kind of navigation as written in JSON: `app`, `web` or `failure`.
    public var kind: String {
        switch self {
        case .app: "app"
        case .web: "web"
        case .failure: "failure"
        }
    }

    /// The navigation as JSON: `{"kind", "url", "al_applink_data", "reason"}`, plus `platform`,
    /// `app_name` and (on Android) `intent` for an app. Members that do not apply are `null`.
    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = [
            "kind": .string(kind),
            "url": url.map { .string($0.absoluteString) } ?? .null,
            "al_applink_data": data?.jsonValue ?? .null,
            "reason": failure.map { .string($0.description) } ?? .null,
        ]
        if case .app(let launch, let platform, let appName, _) = self {
            object["platform"] = .string(platform.rawValue)
            object["app_name"] = appName.map { .string($0) } ?? .null
            if case .intent(let intent) = launch { object["intent"] = intent.jsonValue }
        }
        return .object(object)
    }
}
