/// Where a link came from. Every route call carries one, and routes can refuse some origins.
public enum LinkOrigin: String, Sendable, Hashable, CaseIterable, Codable {
    /// The user tapped a custom-scheme link, or the app opened it on their behalf.
    case userTap
    /// iOS or Android opened the app for an https universal link or App Link.
    case universalLink
    /// The user tapped a push notification, which launched the app.
    case pushLaunched
    /// A push notification arrived while the app was in the foreground. By default such a link
    /// does not navigate (the push-actions guide calls it bad practice to move the user away from
    /// what they are doing): it answers ``RouteResult/Outcome/rejected`` with the route it would
    /// have opened, for the app to show as a banner or record.
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

    /// The origins that may navigate unless a config says otherwise: all but ``pushForeground``
    /// and ``pushBackground``. The push-actions guide restricts its deep-link action to a launch
    /// from a push and a web view, and calls navigating from a foreground push bad practice; a
    /// config's `allowedOrigins` lets them through, for every route or for one.
    public static let defaultAllowed: Set<LinkOrigin> = Set(allCases).subtracting([.pushForeground, .pushBackground])
}
