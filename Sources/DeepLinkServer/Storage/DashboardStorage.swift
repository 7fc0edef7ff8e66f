import Foundation

/// What the dashboard keeps beyond links, keys and clicks: its users and sign-in sessions, and
/// the queries its pages need (search, click and deferred-install numbers across links). `Sendable`.
public protocol DashboardStorage: Sendable {
    /// Stores a new dashboard user.
    /// - Parameter user: The user, with the password already hashed.
    /// - Throws: ``StoreError`` with code `duplicate` when the name is taken.
    func insert(_ user: DashboardUser) async throws(StoreError)

    /// The dashboard user with a name, or `nil`.
    /// - Parameter name: The user's name, compared exactly.
    func dashboardUser(name: String) async throws(StoreError) -> DashboardUser?

    /// Every dashboard user, by name.
    func dashboardUsers() async throws(StoreError) -> [DashboardUser]

    /// Deletes a dashboard user and ends their sessions.
    /// - Parameter name: The user's name.
    /// - Returns: Whether the user existed.
    func deleteDashboardUser(name: String) async throws(StoreError) -> Bool

    /// Stores a new sign-in session.
    /// - Parameter session: The session; only the hash of its cookie is stored.
    func insert(_ session: DashboardSession) async throws(StoreError)

    /// The unexpired session whose cookie hashes to `idHash`, or `nil`.
    /// - Parameters:
    ///   - idHash: The SHA-256 of the session cookie, lowercase hex.
    ///   - now: The current time; an expired session is not returned.
    func dashboardSession(idHash: String, now: Date) async throws(StoreError) -> DashboardSession?

    /// Ends a session (sign-out).
    /// - Parameter idHash: The SHA-256 of the session cookie.
    func deleteDashboardSession(idHash: String) async throws(StoreError)

    /// Ends every session of one principal: revoking a key or deleting a user signs them out.
    /// - Parameter principal: Who signed in.
    func deleteDashboardSessions(of principal: DashboardPrincipal) async throws(StoreError)

    /// Deletes the sessions that expired before a time.
    /// - Parameter now: The current time.
    /// - Returns: How many were deleted.
    func purgeDashboardSessions(now: Date) async throws(StoreError) -> Int

    /// One page of the links that match a search, and how many match in all.
    /// - Parameter search: The text, filter, order and page.
    func searchLinks(_ search: LinkSearch) async throws(StoreError) -> LinkSearchPage

    /// Clicks from a day on, of one link or of all links (deleted ones included), summed per day,
    /// platform, referrer and UTM field by the database, so the answer is a few hundred numbers
    /// however many buckets there are.
    /// - Parameters:
    ///   - code: The link's code, or `nil` for every link.
    ///   - day: The first day, `YYYY-MM-DD`.
    func clickSummary(code: String?, since day: String) async throws(StoreError) -> ClickSummary

    /// Store hops and the installs claimed from them per day and platform, from a day on, of one
    /// link or of all links summed, ordered by day.
    /// - Parameters:
    ///   - code: The link's code, or `nil` for every link.
    ///   - day: The first day, `YYYY-MM-DD`.
    func deferredCounts(code: String?, since day: String) async throws(StoreError) -> [DeferredCount]
}

/// A person who signs in to the dashboard with a name and password, made by `deeplink users create`.
/// A `Sendable` value.
public struct DashboardUser: Sendable, Hashable {
    /// The name they sign in with.
    public var name: String
    /// The password's bcrypt hash; never the password.
    public var passwordHash: String
    /// When the user was created.
    public var createdAt: Date

    /// Creates a user.
    /// - Parameters:
    ///   - name: The sign-in name.
    ///   - passwordHash: The bcrypt hash of the password.
    ///   - createdAt: The creation time.
    public init(name: String, passwordHash: String, createdAt: Date) {
        self.name = name
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }
}

/// Who a dashboard session belongs to. A `Sendable` value.
public enum DashboardPrincipal: Sendable, Hashable, CustomStringConvertible {
    /// Signed in with an admin API key, by the key's public id.
    case apiKey(id: String)
    /// Signed in as a dashboard user, by name.
    case user(name: String)

    /// How it is stored: `key:ID` or `user:NAME`.
    public var stored: String {
        switch self {
        case .apiKey(let id): "key:\(id)"
        case .user(let name): "user:\(name)"
        }
    }

    /// Reads the stored form; `nil` for any other text.
    /// - Parameter stored: `key:ID` or `user:NAME`.
    public init?(stored: String) {
        if stored.hasPrefix("key:") {
            self = .apiKey(id: String(stored.dropFirst(4)))
        } else if stored.hasPrefix("user:") {
            self = .user(name: String(stored.dropFirst(5)))
        } else {
            return nil
        }
    }

    /// For people: `key 0123456789ab` or the user's name.
    public var description: String {
        switch self {
        case .apiKey(let id): "key \(id)"
        case .user(let name): name
        }
    }
}

/// A signed-in dashboard session. The cookie holds a random secret; the store keeps its SHA-256
/// and the form token every state-changing form must carry. A `Sendable` value.
public struct DashboardSession: Sendable, Hashable {
    /// The SHA-256 of the cookie's secret, lowercase hex.
    public var idHash: String
    /// Who signed in.
    public var principal: DashboardPrincipal
    /// The token forms carry against cross-site request forgery.
    public var formToken: String
    /// When the session began.
    public var createdAt: Date
    /// When it ends, whatever happens meanwhile.
    public var expiresAt: Date

    /// Creates a session.
    /// - Parameters:
    ///   - idHash: The SHA-256 of the cookie's secret.
    ///   - principal: Who signed in.
    ///   - formToken: The forms' token.
    ///   - createdAt: The sign-in time.
    ///   - expiresAt: The end.
    public init(idHash: String, principal: DashboardPrincipal, formToken: String, createdAt: Date, expiresAt: Date) {
        self.idHash = idHash
        self.principal = principal
        self.formToken = formToken
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

/// A search of the stored links: text, filter, order and page. A `Sendable` value.
public struct LinkSearch: Sendable, Hashable {
    /// Matched, ignoring ASCII case, anywhere in the code, the deep link or the campaign; empty for all links.
    public var text: String
    /// Which links to keep.
    public var filter: LinkFilter
    /// The order.
    public var sort: LinkSort
    /// How many matching links to skip.
    public var offset: Int
    /// The most links to return.
    public var limit: Int
    /// The time `expired` and `active` compare with.
    public var now: Date

    /// Creates a search.
    /// - Parameters:
    ///   - text: The text to look for, or `""`.
    ///   - filter: Which links to keep.
    ///   - sort: The order.
    ///   - offset: How many to skip.
    ///   - limit: The most to return.
    ///   - now: The current time.
    public init(text: String = "", filter: LinkFilter = .all, sort: LinkSort = .newest, offset: Int = 0, limit: Int = 50, now: Date = Date()) {
        self.text = text
        self.filter = filter
        self.sort = sort
        self.offset = offset
        self.limit = limit
        self.now = now
    }
}

/// Which links a search keeps.
public enum LinkFilter: String, Sendable, Hashable, CaseIterable {
    /// Every link.
    case all
    /// Links that have not expired.
    case active
    /// Links whose expiry has passed.
    case expired
    /// Links with an iOS fallback URL.
    case iosFallback = "ios-fallback"
    /// Links with an Android fallback URL.
    case androidFallback = "android-fallback"
    /// Links with neither a platform fallback nor a web URL.
    case noFallback = "no-fallback"
}

/// The order of a search's results; ties are broken by code.
public enum LinkSort: String, Sendable, Hashable, CaseIterable {
    /// Newest first.
    case newest
    /// Oldest first.
    case oldest
    /// By code, byte by byte.
    case code
    /// Most recently changed first.
    case updated
    /// Soonest expiry first; links that never expire last.
    case expiring
}

/// One page of a search: the links and how many match in all. A `Sendable` value.
public struct LinkSearchPage: Sendable, Hashable {
    /// The page's links.
    public var links: [Link]
    /// How many links match, on every page.
    public var total: Int

    /// Creates a page.
    /// - Parameters:
    ///   - links: The links.
    ///   - total: The number of matches.
    public init(links: [Link], total: Int) {
        self.links = links
        self.total = total
    }
}

/// Clicks summed along each bucket dimension: per day, platform, referring host and UTM field.
/// A `Sendable` value.
public struct ClickSummary: Sendable, Hashable {
    /// Clicks per day, `YYYY-MM-DD`.
    public var perDay: [String: Int] = [:]
    /// Clicks per platform (`ClientPlatform` raw values).
    public var byPlatform: [String: Int] = [:]
    /// Clicks per referring host; `""` for none.
    public var byReferrer: [String: Int] = [:]
    /// Clicks per UTM source; `""` for none.
    public var byUTMSource: [String: Int] = [:]
    /// Clicks per UTM medium; `""` for none.
    public var byUTMMedium: [String: Int] = [:]
    /// Clicks per UTM campaign; `""` for none.
    public var byUTMCampaign: [String: Int] = [:]

    /// An empty summary.
    public init() {}

    /// Sums click buckets.
    /// - Parameter counts: The buckets.
    public init(_ counts: [ClickCount]) {
        for count in counts {
            for (dimension, name) in count.click.dimensions { add(count.count, dimension: dimension, name: name) }
        }
    }

    /// Adds clicks to one value of a dimension, named as the rollups name it (``Click/dimensions``).
    /// - Parameters:
    ///   - count: The clicks.
    ///   - dimension: `day`, `platform`, `referrer_domain`, `utm_source`, `utm_medium` or `utm_campaign`.
    ///   - name: The value along it.
    mutating func add(_ count: Int, dimension: String, name: String) {
        switch dimension {
        case "day": perDay[name, default: 0] += count
        case "platform": byPlatform[name, default: 0] += count
        case "referrer_domain": byReferrer[name, default: 0] += count
        case "utm_source": byUTMSource[name, default: 0] += count
        case "utm_medium": byUTMMedium[name, default: 0] += count
        default: byUTMCampaign[name, default: 0] += count
        }
    }
}

/// Store hops and installs claimed from them on one day and platform. A `Sendable` value.
public struct DeferredCount: Sendable, Hashable {
    /// The UTC day of the store hop, `YYYY-MM-DD`.
    public var day: String
    /// The platform of the hop.
    public var platform: ClientPlatform
    /// How many visitors went to a store through the hop.
    public var storeHops: Int
    /// How many of those hops an installed app claimed.
    public var claims: Int

    /// Creates a count.
    /// - Parameters:
    ///   - day: The day.
    ///   - platform: The platform.
    ///   - storeHops: The hops.
    ///   - claims: The claims.
    public init(day: String, platform: ClientPlatform, storeHops: Int, claims: Int) {
        self.day = day
        self.platform = platform
        self.storeHops = storeHops
        self.claims = claims
    }
}
