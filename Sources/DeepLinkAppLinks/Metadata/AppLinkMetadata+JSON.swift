import DeepLinkCore
import Foundation

extension AppLinkMetadata {
    /// The metadata as JSON: `{"targets": {"ios": [...], ...}, "web": {"url", "should_fallback"}}`.
    ///
    /// `targets` has a member for every platform, in the protocol's names (`windows_phone`, ...);
    /// each target is an object of the properties the page gave, see ``properties(for:)``.
    public var jsonValue: JSONValue {
        var targets: [String: JSONValue] = [:]
        for platform in AppLinkPlatform.allCases {
            targets[platform.rawValue] = .array(
                properties(for: platform).map { target in
                    .object(Dictionary(uniqueKeysWithValues: target.map { ($0.key, .string($0.value)) }))
                })
        }
        return .object([
            "targets": .object(targets),
            "web": .object(["url": .string(web.url.absoluteString), "should_fallback": .bool(web.shouldFallback)]),
        ])
    }

    /// A platform's targets as the page's properties, for display and JSON.
    /// - Parameter platform: The platform.
    /// - Returns: One list per target, in page order, of the properties it has, under the
    ///   protocol's key names (`url`, `app_store_id`, `package`, `class`, `app_id`, `app_name`)
    ///   and in that order.
    public func properties(for platform: AppLinkPlatform) -> [[(key: String, value: String)]] {
        switch platform {
        case .ios: ios.map(\.properties)
        case .iphone: iphone.map(\.properties)
        case .ipad: ipad.map(\.properties)
        case .android: android.map(\.properties)
        case .windowsPhone: windowsPhone.map(\.properties)
        case .windows: windows.map(\.properties)
        case .windowsUniversal: windowsUniversal.map(\.properties)
        }
    }

    /// Whether the page declares no app target at all, only a web fallback.
    public var hasNoAppTargets: Bool {
        AppLinkPlatform.allCases.allSatisfy { properties(for: $0).isEmpty }
    }
}

extension [(key: String, String?)] {
    fileprivate var present: [(key: String, value: String)] {
        compactMap { key, value in value.map { (key: key, value: $0) } }
    }
}

extension IOSAppLinkTarget {
    fileprivate var properties: [(key: String, value: String)] {
        [("url", url?.absoluteString), ("app_store_id", appStoreID), ("app_name", appName)].present
    }
}

extension AndroidAppLinkTarget {
    fileprivate var properties: [(key: String, value: String)] {
        [("url", url?.absoluteString), ("package", packageName), ("class", className), ("app_name", appName)].present
    }
}

extension WindowsAppLinkTarget {
    fileprivate var properties: [(key: String, value: String)] {
        [("url", url?.absoluteString), ("app_id", appID), ("app_name", appName)].present
    }
}
