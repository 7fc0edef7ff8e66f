/// What a webhook message reports, named as Dub names its own events (issue 27).
package enum WebhookEventType: String, Sendable, Hashable, CaseIterable, Comparable {
    /// A link was created: through the admin API, the dashboard, the command line or an import.
    case linkCreated = "link.created"
    /// A link was changed.
    case linkUpdated = "link.updated"
    /// A link was deleted.
    case linkDeleted = "link.deleted"
    /// People opened a link: one message per link and click bucket (day, platform, referrer and
    /// UTM values) each time the server writes its counts, with how many. Opt-in: the loud one.
    case linkClicked = "link.clicked"
    /// A visitor went on to an app store through a link's store hop.
    case linkStoreVisited = "link.store_visited"
    /// An installed app claimed the link clicked before the install (deferred deep linking).
    case installClaimed = "install.claimed"
    /// A tap opened the installed app, which reported it (`POST /api/v1/opens`).
    case appOpened = "app.opened"

    /// The types an endpoint gets when it names none: every one but ``linkClicked``.
    package static let defaults: [WebhookEventType] = allCases.filter { $0 != .linkClicked }

    /// What the type reports, for the dashboard and the help.
    package var summary: String {
        switch self {
        case .linkCreated: "a link was created"
        case .linkUpdated: "a link was changed"
        case .linkDeleted: "a link was deleted"
        case .linkClicked: "people opened a link (one message per link and source each time counts are written; loud)"
        case .linkStoreVisited: "a visitor went on to an app store"
        case .installClaimed: "an installed app claimed the link clicked before the install"
        case .appOpened: "a tap opened the installed app"
        }
    }

    package static func < (lhs: WebhookEventType, rhs: WebhookEventType) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
