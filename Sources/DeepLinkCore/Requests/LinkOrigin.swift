/// Where a link came from. Every route call carries one, and routes can refuse some origins.
public enum LinkOrigin: String, Sendable, Hashable, CaseIterable, Codable {
    /// The user tapped a custom-scheme link, or the app opened it on their behalf.
    case userTap
    /// iOS or Android opened the app for an https universal link or App Link.
    case universalLink
    /// The user tapped a push notification, which launched the app.
    case pushLaunched
    /// A push notification arrived while the app was in the foreground.
    case pushForeground
    /// A push notification arrived while the app was in the background. By default such a
    /// link never navigates: it answers ``RouteResult/Outcome/rejected`` with the route and
    /// parameters it would have opened, for the app to record.
    case pushBackground
    /// A link tapped inside an in-app web view.
    case webView
    /// Another app navigated here with the App Links protocol (`al_applink_data`).
    case appLink
    /// A link claimed on first launch after an install (deferred deep linking).
    case deferred

    /// The origins that may navigate unless a config says otherwise: all but ``pushBackground``.
    public static let defaultAllowed: Set<LinkOrigin> = Set(allCases).subtracting([.pushBackground])
}
