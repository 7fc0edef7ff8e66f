/// The click and deferred-install numbers the admin API's stats, the dashboard and `deeplink links stats` read. `Sendable`.
package protocol ClickStatsStorage: Sendable {
    /// Every bucket of a link's clicks, ordered by day.
    /// - Parameter code: The short code.
    func clickCounts(code: String) async throws(StoreError) -> [ClickCount]

    /// Clicks from a day through another, of one link or of all links (deleted ones included),
    /// summed per day, platform, referrer and UTM field by the database, so the answer is a few
    /// hundred numbers however many buckets there are.
    /// - Parameters:
    ///   - code: The link's code, or `nil` for every link.
    ///   - first: The first day, `YYYY-MM-DD`.
    ///   - last: The last day, `YYYY-MM-DD`, included.
    func clickSummary(code: String?, from first: String, through last: String) async throws(StoreError) -> ClickSummary

    /// Store hops, the installs claimed from them and app opens per day and platform, from a day
    /// on, of one link or of all links summed, ordered by day.
    /// - Parameters:
    ///   - code: The link's code, or `nil` for every link.
    ///   - day: The first day, `YYYY-MM-DD`.
    func deferredCounts(code: String?, since day: String) async throws(StoreError) -> [DeferredCount]

    /// Clicks from a day through another of the links that have a tag now, summed as
    /// ``clickSummary(code:from:through:)`` sums one link's.
    /// - Parameters:
    ///   - tag: The tag.
    ///   - first: The first day, `YYYY-MM-DD`.
    ///   - last: The last day, included.
    func clickSummary(tag: String, from first: String, through last: String) async throws(StoreError) -> ClickSummary

    /// Store hops, claims and app opens from a day on of the links that have a tag now, summed
    /// per day and platform.
    /// - Parameters:
    ///   - tag: The tag.
    ///   - day: The first day, `YYYY-MM-DD`.
    func deferredCounts(tag: String, since day: String) async throws(StoreError) -> [DeferredCount]

    /// The links with the most clicks from a day through another, most first (ties by code), read
    /// from each link's daily totals, so the cost follows the links clicked in the range, not all
    /// links. Deleted links are not among them.
    /// - Parameters:
    ///   - first: The first day, `YYYY-MM-DD`.
    ///   - last: The last day, included.
    ///   - limit: How many links at most.
    func topLinks(from first: String, through last: String, limit: Int) async throws(StoreError) -> [NamedCount]

    /// A link's app opens, store visits and installs per A/B variant from a day through another,
    /// summed by the database; a variant with none is not among them.
    /// - Parameters:
    ///   - code: The link's code.
    ///   - first: The first day, `YYYY-MM-DD`.
    ///   - last: The last day, included.
    func variantCounts(code: String, from first: String, through last: String) async throws(StoreError) -> [VariantCount]
}

/// One A/B variant's app opens, store visits and installs in a range. A `Sendable` value.
package struct VariantCount: Sendable, Hashable {
    /// The variant's name.
    package var name: String
    /// Taps that opened the installed app.
    package var opens: Int
    /// Visits to a store through the store hop.
    package var storeVisits: Int
    /// Installs claimed from those visits' deferred clicks.
    package var installs: Int

    /// A count.
    package init(name: String, opens: Int = 0, storeVisits: Int = 0, installs: Int = 0) {
        self.name = name
        self.opens = opens
        self.storeVisits = storeVisits
        self.installs = installs
    }
}

extension ClickStatsStorage {
    /// Clicks from a day on; see ``clickSummary(code:from:through:)``.
    /// - Parameters:
    ///   - code: The link's code, or `nil` for every link.
    ///   - day: The first day, `YYYY-MM-DD`.
    package func clickSummary(code: String?, since day: String) async throws(StoreError) -> ClickSummary {
        try await clickSummary(code: code, from: day, through: "9999-12-31")
    }
}

/// Clicks summed along each bucket dimension: per day, platform, referring host and UTM field;
/// link-preview crawlers' visits apart, per day, in none of the others. A `Sendable` value.
package struct ClickSummary: Sendable, Hashable {
    /// Clicks per day, `YYYY-MM-DD`.
    package var perDay: [String: Int] = [:]
    /// Link-preview crawlers' visits per day, `YYYY-MM-DD`: not clicks, and in no other sum.
    package var crawlersPerDay: [String: Int] = [:]
    /// Clicks past the per-link rate of their address (a flood) per day, `YYYY-MM-DD`: answered,
    /// not counted as people's clicks, and in no other sum.
    package var excessPerDay: [String: Int] = [:]
    /// Clicks per platform (`ClientPlatform` raw values).
    package var byPlatform: [String: Int] = [:]
    /// Clicks per referring host; `""` for none.
    package var byReferrer: [String: Int] = [:]
    /// Clicks per UTM source; `""` for none.
    package var byUTMSource: [String: Int] = [:]
    /// Clicks per UTM medium; `""` for none.
    package var byUTMMedium: [String: Int] = [:]
    /// Clicks per UTM campaign; `""` for none.
    package var byUTMCampaign: [String: Int] = [:]
    /// Clicks per target that decided them, by its place in the link's list (`"0"`).
    package var byTarget: [String: Int] = [:]
    /// Clicks per visitor country (GeoIP), only those whose country is known.
    package var byCountry: [String: Int] = [:]
    /// Clicks per A/B variant, by its name.
    package var byVariant: [String: Int] = [:]

    /// An empty summary.
    package init() {}

    /// Sums click buckets.
    /// - Parameter counts: The buckets.
    package init(_ counts: [ClickCount]) {
        for count in counts {
            for (dimension, name) in count.click.dimensions { add(count.count, dimension: dimension, name: name) }
        }
    }

    /// Adds clicks to one value of a dimension, named as the rollups name it (``Click/dimensions``).
    /// - Parameters:
    ///   - count: The clicks.
    ///   - dimension: `day`, `platform`, `referrer_domain`, `utm_source`, `utm_medium`, `utm_campaign`,
    ///     `target`, `country`, `variant`, or `crawler` and `excess` (named by day).
    ///   - name: The value along it.
    mutating func add(_ count: Int, dimension: String, name: String) {
        switch dimension {
        case "day": perDay[name, default: 0] += count
        case "crawler": crawlersPerDay[name, default: 0] += count
        case "excess": excessPerDay[name, default: 0] += count
        case "platform": byPlatform[name, default: 0] += count
        case "referrer_domain": byReferrer[name, default: 0] += count
        case "utm_source": byUTMSource[name, default: 0] += count
        case "utm_medium": byUTMMedium[name, default: 0] += count
        case "utm_campaign": byUTMCampaign[name, default: 0] += count
        case "target": byTarget[name, default: 0] += count
        case "country": byCountry[name, default: 0] += count
        case "variant": byVariant[name, default: 0] += count
        default: break
        }
    }
}

/// Store hops, the installs claimed from them, and app opens on one day and platform. A `Sendable` value.
package struct DeferredCount: Sendable, Hashable {
    /// The UTC day of the store hop, `YYYY-MM-DD`.
    package var day: String
    /// The platform of the hop.
    package var platform: ClientPlatform
    /// How many visitors went to a store through the hop.
    package var storeHops: Int
    /// How many of those hops an installed app claimed.
    package var claims: Int
    /// How many taps opened the installed app, which resolved the link (`POST /api/v1/opens`).
    package var opens: Int

    /// Creates a count.
    /// - Parameters:
    ///   - day: The day.
    ///   - platform: The platform.
    ///   - storeHops: The hops.
    ///   - claims: The claims.
    ///   - opens: The app opens.
    package init(day: String, platform: ClientPlatform, storeHops: Int, claims: Int, opens: Int = 0) {
        self.day = day
        self.platform = platform
        self.storeHops = storeHops
        self.claims = claims
        self.opens = opens
    }
}
