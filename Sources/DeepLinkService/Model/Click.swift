/// One resolution of a link, as counted: no IP address, no user agent, only the buckets.
/// A `Sendable` value.
package struct Click: Sendable, Hashable {
    /// The link's code.
    package var code: String
    /// The UTC day, `YYYY-MM-DD`.
    package var day: String
    /// The client's platform.
    package var platform: ClientPlatform
    /// The referring page's host, or the empty string for none.
    package var referrerDomain: String
    /// The UTM source, medium and campaign in effect.
    package var utmSource: String
    /// The UTM medium in effect, or the empty string.
    package var utmMedium: String
    /// The UTM campaign in effect, or the empty string.
    package var utmCampaign: String
    /// Which of the link's targets decided, its place in the list as text (`"0"`), or the
    /// empty string when none did. Summed in the rollups only, not a column of `clicks`.
    package var target: String = ""
    /// The visitor's two-letter country from the GeoIP database, or the empty string without a
    /// database or for an address it does not know. Summed in the rollups only.
    package var country: String = ""
    /// The A/B variant the visitor was assigned (``LinkVariant/name``), or the empty string for a
    /// link without variants. Summed in the rollups only.
    package var variant: String = ""
    /// Whether the click came from an address past the per-link rate (a flood): answered, but
    /// counted only under `excess`, by day, like a link preview, in none of the people's numbers.
    package var excess: Bool = false

    /// Creates a click.
    /// - Parameters:
    ///   - code: The link's code.
    ///   - day: The UTC day.
    ///   - platform: The platform.
    ///   - referrerDomain: The referring host or `""`.
    ///   - utmSource: The UTM source or `""`.
    ///   - utmMedium: The UTM medium or `""`.
    ///   - utmCampaign: The UTM campaign or `""`.
    package init(
        code: String, day: String, platform: ClientPlatform, referrerDomain: String = "", utmSource: String = "",
        utmMedium: String = "", utmCampaign: String = ""
    ) {
        self.code = code
        self.day = day
        self.platform = platform
        self.referrerDomain = referrerDomain
        self.utmSource = utmSource
        self.utmMedium = utmMedium
        self.utmCampaign = utmCampaign
    }
}

extension Click {
    /// The bucket's value along each dimension that the rollups (`click_totals`,
    /// `link_click_totals`) and ``ClickSummary`` sum clicks by, under the rollups' dimension names.
    /// A link-preview crawler's visit is not a click: it counts only under `crawler`, by day.
    var dimensions: [(dimension: String, name: String)] {
        if platform == .crawler { return [("crawler", day)] }
        if excess { return [("excess", day)] }
        var dimensions = [
            ("day", day), ("platform", platform.rawValue), ("referrer_domain", referrerDomain), ("utm_source", utmSource),
            ("utm_medium", utmMedium), ("utm_campaign", utmCampaign),
        ]
        // Only the clicks a target decided, and only those whose country is known.
        if !target.isEmpty { dimensions.append(("target", target)) }
        if !country.isEmpty { dimensions.append(("country", country)) }
        if !variant.isEmpty { dimensions.append(("variant", variant)) }
        return dimensions
    }

    /// The click without the buckets the `clicks` table has no column for (``target``,
    /// ``country``, ``variant``): its row there.
    var tableBucket: Click {
        var bucket = self
        bucket.target = ""
        bucket.country = ""
        bucket.variant = ""
        return bucket
    }
}

/// How many clicks share one set of buckets. A `Sendable` value.
package struct ClickCount: Sendable, Hashable {
    /// The buckets; `click.code` is the link's code.
    package var click: Click
    /// The number of clicks.
    package var count: Int

    /// Creates a count.
    /// - Parameters:
    ///   - click: The buckets.
    ///   - count: The number of clicks.
    package init(click: Click, count: Int) {
        self.click = click
        self.count = count
    }
}

/// The kind of client that opened a link.
package enum ClientPlatform: String, Sendable, Hashable, CaseIterable {
    /// An iPhone, iPad or iPod browser.
    case ios
    /// An Android browser.
    case android
    /// Any other browser.
    case desktop
    /// A link-preview crawler or bot.
    case crawler
}
