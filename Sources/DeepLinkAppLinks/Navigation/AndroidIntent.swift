import DeepLinkCore
import Foundation

/// The Android intent an App Links navigation starts: a `VIEW` of the target's URL in the
/// target's package and class, with the link data as the `al_applink_data` extra.
public struct AndroidIntent: Sendable, Hashable {
    /// `android.intent.action.VIEW`.
    public static let viewAction = "android.intent.action.VIEW"

    /// The action; ``viewAction`` for App Links.
    public var action: String
    /// The data URI: the target's `url`, or the page URL when the target has none.
    public var data: URL
    /// The package to start, when the target names one.
    public var packageName: String?
    /// The activity class to start, when the target names one.
    public var className: String?
    /// The extras bundle, with nested bundles as JSON objects: `al_applink_data` for App Links.
    public var extras: [String: JSONValue]

    /// Creates an intent.
    /// - Parameters:
    ///   - action: The action.
    ///   - data: The data URI.
    ///   - packageName: The package to start.
    ///   - className: The activity class to start.
    ///   - extras: The extras bundle.
    public init(
        action: String = AndroidIntent.viewAction, data: URL, packageName: String? = nil, className: String? = nil,
        extras: [String: JSONValue] = [:]
    ) {
        self.action = action
        self.data = data
        self.packageName = packageName
        self.className = className
        self.extras = extras
    }

    /// The intent as JSON: `action`, `data`, `extras`, and `package` and `class` when set.
    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = [
            "action": .string(action), "data": .string(data.absoluteString), "extras": .object(extras),
        ]
        if let packageName { object["package"] = .string(packageName) }
        if let className { object["class"] = .string(className) }
        return .object(object)
    }
}
