import DeepLinkCore
import Foundation

/// Who opens a link and how, as the HTTP layer read it once from the request: the client, the
/// form-decoded query, the headers a click and a deferred click keep. ``LinkVisits`` decides from
/// these values alone. A `Sendable` value.
package struct LinkVisit: Sendable {
    /// Who the client is, from its `User-Agent`.
    package var visitor: Visitor
    /// The query, form-decoded: `utm_*`, the store a hop names, the pasteboard page's `tz` and `screen`.
    package var query: [String: String]
    /// `Referer`, whose host the click keeps.
    package var referrer: String?
    /// Whether the client asked for the `al:*` tags alone (`Prefer-Html-Meta-Tags: al`).
    package var appLinksOnly: Bool
    /// Whether this is a click (`GET`), counted and recorded; `HEAD` is not.
    package var counts: Bool
    /// `Accept-Language`: the language of a page the visit is answered with.
    package var acceptLanguage: String?
    /// A stable value given for the visitor, instead of the one in ``cookies``.
    private var givenVisitorID: VisitorID?
    /// The `Cookie` header: the `dl_vid` value that keeps an A/B variant (``visitorID``), a
    /// password link's unlock token (``LinkPassword``). Read only for a link that needs them.
    package var cookies: String?

    /// The visitor's stable value, which keeps their A/B variant: the one given, or the `dl_vid`
    /// cookie's; `nil` on a first visit, or when the browser keeps no cookies.
    package var visitorID: VisitorID? {
        givenVisitorID ?? cookies.flatMap(VisitorID.init(cookieHeader:))
    }
    /// What a deferred click keeps of the request, read only when one is recorded: `User-Agent`
    /// and `Accept-Language` for its device signals, and the client's address as the server
    /// trusts it (of which only the network prefix is kept).
    package var signals: @Sendable () -> DeferredClickSignals

    /// A visit.
    package init(
        visitor: Visitor, query: [String: String], referrer: String? = nil, appLinksOnly: Bool = false, counts: Bool = true,
        acceptLanguage: String? = nil, visitorID: VisitorID? = nil, cookies: String? = nil,
        signals: @escaping @Sendable () -> DeferredClickSignals = { DeferredClickSignals() }
    ) {
        self.visitor = visitor
        self.query = query
        self.referrer = referrer
        self.appLinksOnly = appLinksOnly
        self.counts = counts
        self.acceptLanguage = acceptLanguage
        self.givenVisitorID = visitorID
        self.cookies = cookies
        self.signals = signals
    }

    /// The client's platform.
    package var platform: ClientPlatform { visitor.platform }

    /// The link's UTM fields, each overridden by the visit's `utm_*` query parameter
    /// (``UTMFields/overridden(by:)``).
    package func utm(for link: Link) -> UTMFields {
        link.utm.overridden(by: query)
    }

    /// The referring page's host, lowercased, or `""` when there is none or it is not a host name.
    package var referrerDomain: String {
        guard let referrer, let host = URLComponents(string: referrer)?.host?.lowercased(), host.count <= 253,
            host.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-" })
        else { return "" }
        return host
    }
}

/// What a deferred click keeps of the request that made it. A `Sendable` value.
package struct DeferredClickSignals: Sendable {
    /// `User-Agent`.
    package var userAgent: String?
    /// `Accept-Language`.
    package var acceptLanguage: String?
    /// The client's address, as the server trusts it.
    package var clientAddress: String?

    /// The signals.
    package init(userAgent: String? = nil, acceptLanguage: String? = nil, clientAddress: String? = nil) {
        self.userAgent = userAgent
        self.acceptLanguage = acceptLanguage
        self.clientAddress = clientAddress
    }
}

/// A stored link looked up to be opened, or why it cannot be. A `Sendable` value.
package enum LinkLookup: Sendable, Hashable {
    /// The link, live.
    case found(Link)
    /// The link exists but expired.
    case expired(Link)
    /// The link is live but asks for a password the visit has not given (no unlock cookie).
    case locked(Link)
    /// No link has the code.
    case missing
    /// The database did not answer (and the cache held no copy).
    case unavailable
}

/// What opening a link came to. A `Sendable` value.
package enum LinkOpening: Sendable, Hashable {
    /// The link opens, with the UTM fields in effect; `pasteboardToken` is the click the
    /// pasteboard flow recorded, when it did (an iPhone, for a link to the App Store), for the
    /// page that copies it.
    /// `rule` is which of the link's rules decided.
    case open(Link, utm: UTMFields, pasteboardToken: String?, rule: VisitRule)
    /// It does not: missing, expired or unavailable.
    case notOpened(LinkLookup)
}

/// Where a store hop sends the visitor, or why it cannot. A `Sendable` value.
package enum StoreHop: Sendable, Hashable {
    /// A redirect to the store, or to the platform's fallback URL.
    case redirect(String)
    /// The query names no store.
    case noStoreNamed
    /// The link has no app in the store named.
    case notInStore
    /// The link cannot be opened.
    case notOpened(LinkLookup)
}

/// What an app must be to open a link: the oldest version on its platform, and the store page
/// where an older install updates. A `Sendable` value.
package struct AppRequirement: Sendable, Hashable {
    /// The oldest version; `nil` when any version can open the link.
    package var minimumVersion: AppVersion?
    /// The app's store page; `nil` when the link names no app in the platform's store.
    package var storeURL: String?

    /// A requirement.
    package init(minimumVersion: AppVersion? = nil, storeURL: String? = nil) {
        self.minimumVersion = minimumVersion
        self.storeURL = storeURL
    }
}

/// What a link came to for one visitor: the link as it opens for them (the deciding target's or
/// their A/B variant's destinations in place of the link's), which rule decided, and the
/// visitor's country, which the click counts. A `Sendable` value.
package struct VisitDecision: Sendable, Hashable {
    /// The link as it opens for the visitor.
    package var link: Link
    /// Which target or variant decided.
    package var rule: VisitRule
    /// The visitor's country from the GeoIP database; `nil` without one or for an unknown address.
    package var country: String?

    /// A decision.
    package init(link: Link, rule: VisitRule = VisitRule(), country: String? = nil) {
        self.link = link
        self.rule = rule
        self.country = country
    }

    /// The deciding target's place in the link's `targets`; `nil` when none decided.
    package var targetIndex: Int? { rule.targetIndex }
}

/// Which of a link's rules decided for a visitor: a target, an A/B variant, or neither; and, for
/// a first visit to a link with variants, the visitor's new stable value, which the answer keeps
/// in the `dl_vid` cookie. A `Sendable` value.
package struct VisitRule: Sendable, Hashable {
    /// The deciding target's place in the link's `targets`; `nil` when none decided.
    package var targetIndex: Int?
    /// The name of the visitor's variant; `nil` when a target decided or the link has none.
    package var variant: String?
    /// The stable value given to a visitor who had none, to be set as the `dl_vid` cookie.
    package var newVisitorID: VisitorID?

    /// A rule.
    package init(targetIndex: Int? = nil, variant: String? = nil, newVisitorID: VisitorID? = nil) {
        self.targetIndex = targetIndex
        self.variant = variant
        self.newVisitorID = newVisitorID
    }

    /// What tells the pages of one link apart by rule, for the rendered-page cache: `t0`, `v:b`,
    /// or the empty text for the link's own.
    package var pageKey: String {
        if let targetIndex { return "t\(targetIndex)" }
        if let variant { return "v:" + variant }
        return ""
    }
}

/// Where a visitor's country comes from: a GeoIP database. `Sendable`.
package protocol CountryLookup: Sendable {
    /// The two-letter ISO 3166-1 country of an address, such as `DE`; `nil` when the database
    /// does not know it, or the text is not an address.
    /// - Parameter address: An IPv4 or IPv6 address, as the server trusts the client's.
    func country(for address: String) -> String?
}
