import DeepLinkCore
import Foundation

/// A link's numbers over a range of days, or every link's: clicks per day, by platform, referrer
/// and UTM field, the taps that opened the installed app, and the deferred funnel (clicks, store
/// hops, claimed installs). Computed from
/// the stored buckets, never from addresses. The dashboard draws them, `deeplink links stats`
/// prints them, and both export them as CSV. A `Sendable` value.
package struct LinkNumbers: Sendable, Hashable {
    /// The link's code, or `nil` for all links or a tag's.
    package let code: String?
    /// The tag whose links' numbers these are summed, or `nil`.
    package var tag: String?
    /// The days, oldest first, each `YYYY-MM-DD` (UTC).
    package let days: [String]
    /// Clicks per day, one per entry of ``days`` (zero where there were none).
    package let clicksPerDay: [Int]
    /// Every click in the range; link-preview crawlers' visits are not clicks.
    package let totalClicks: Int
    /// Link-preview crawlers' visits per day, one per entry of ``days``: counted apart, never
    /// among the clicks, the chart or the funnel.
    package let linkPreviewsPerDay: [Int]
    /// Clicks past the per-link rate of their address (``LinkVisits/clicksPerMinutePerAddress``)
    /// per day, one per entry of ``days``: answered, but counted apart, never among the clicks,
    /// the chart or the funnel, so that a flood is seen without swelling the numbers.
    package let excessClicksPerDay: [Int]
    /// Clicks by platform, most first.
    package let byPlatform: [Share]
    /// Clicks by referring host (`(none)` for none), most first.
    package let byReferrer: [Share]
    /// Clicks by UTM source, most first.
    package let byUTMSource: [Share]
    /// Clicks by UTM medium, most first.
    package let byUTMMedium: [Share]
    /// Clicks by UTM campaign, most first.
    package let byUTMCampaign: [Share]
    /// Clicks by the target that decided them: its place in the link's `targets`, and the clicks,
    /// in the list's order. Clicks no target decided are in none.
    package let byTarget: [TargetClicks]
    /// Clicks by visitor country (GeoIP), most first; empty without a GeoIP database.
    package let byCountry: [Share]
    /// A link's A/B variants: each one's clicks, app opens, store visits and installs, by name;
    /// empty for a link that never had variants, and for all links' and a tag's numbers (each
    /// link names its own variants).
    package let byVariant: [VariantNumbers]
    /// The deferred deep-linking funnel.
    package let funnel: Funnel
    /// Taps that opened the installed app, per day, one per entry of ``days``.
    package let opensPerDay: [Int]
    /// App opens by platform, most first.
    package let opensByPlatform: [Share]

    /// Every link-preview crawler's visit in the range.
    package var totalLinkPreviews: Int { linkPreviewsPerDay.reduce(0, +) }

    /// Every click past the per-link rate of its address in the range.
    package var totalExcessClicks: Int { excessClicksPerDay.reduce(0, +) }

    /// Every app open in the range.
    package var totalOpens: Int { opensPerDay.reduce(0, +) }

    /// The clicks a target decided. A `Sendable` value.
    package struct TargetClicks: Sendable, Hashable {
        /// The target's place in the link's `targets`, from 0.
        package let index: Int
        /// The clicks it decided.
        package let clicks: Int
    }

    /// One A/B variant's numbers. A `Sendable` value.
    package struct VariantNumbers: Sendable, Hashable {
        /// The variant's name.
        package let name: String
        /// The clicks of visitors assigned to it.
        package let clicks: Int
        /// The taps that opened the installed app at it.
        package let opens: Int
        /// The visits to a store through the store hop.
        package let storeVisits: Int
        /// The installs claimed from those visits.
        package let installs: Int
    }

    /// A count under a name, such as a platform and its clicks (``NamedCount``).
    package typealias Share = NamedCount

    /// Clicks by people (crawlers left out), the store hops among them, and the installs claimed
    /// from those hops, with the rates between the steps. A `Sendable` value.
    package struct Funnel: Sendable, Hashable {
        /// Clicks on iPhones, iPads and Android, the visitors who can install the app.
        package let phoneClicks: Int
        /// Visitors who went on to a store through the link's store hop.
        package let storeHops: Int
        /// Installs whose app claimed one of those hops.
        package let claimedInstalls: Int
        /// Whether installs from the App Store can be claimed with the config: only with
        /// `deferred.pasteboard` or probabilistic matching. Without, iPhone installs are not
        /// counted, so the install rate is Android's alone.
        package var iosInstallsMeasured = true
        /// The store hops on platforms whose installs can be claimed: all of them, or Android's.
        package var measuredStoreHops: Int

        /// Store hops per phone click, 0 to 1; `nil` without clicks.
        package var hopRate: Double? { phoneClicks > 0 ? Double(storeHops) / Double(phoneClicks) : nil }
        /// Claimed installs per store hop on the platforms where installs are measured, 0 to 1;
        /// `nil` without such hops.
        package var installRate: Double? { measuredStoreHops > 0 ? Double(claimedInstalls) / Double(measuredStoreHops) : nil }
    }

    init(
        code: String?, days: [String], clicks: ClickSummary, deferred: [DeferredCount], variants: [VariantCount] = [], iosInstallsMeasured: Bool = true
    ) {
        self.code = code
        self.days = days
        let first = days.first ?? ""
        let last = days.last ?? ""
        clicksPerDay = days.map { clicks.perDay[$0] ?? 0 }
        totalClicks = clicks.perDay.filter { $0.key >= first && $0.key <= last }.values.reduce(0, +)
        linkPreviewsPerDay = days.map { clicks.crawlersPerDay[$0] ?? 0 }
        excessClicksPerDay = days.map { clicks.excessPerDay[$0] ?? 0 }
        func shares(_ totals: [String: Int]) -> [Share] { Self.shares(totals) }
        byPlatform = shares(clicks.byPlatform)
        byReferrer = shares(clicks.byReferrer)
        byUTMSource = shares(clicks.byUTMSource)
        byUTMMedium = shares(clicks.byUTMMedium)
        byUTMCampaign = shares(clicks.byUTMCampaign)
        byTarget = clicks.byTarget.compactMap { key, value in Int(key).map { TargetClicks(index: $0, clicks: value) } }.sorted { $0.index < $1.index }
        byCountry = shares(clicks.byCountry)
        let variantCounts = Dictionary(variants.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        byVariant = Set(clicks.byVariant.keys).union(variantCounts.keys).sorted().map { name in
            let counts = variantCounts[name] ?? VariantCount(name: name)
            return VariantNumbers(
                name: name, clicks: clicks.byVariant[name] ?? 0, opens: counts.opens, storeVisits: counts.storeVisits, installs: counts.installs)
        }
        let phones = (clicks.byPlatform[ClientPlatform.ios.rawValue] ?? 0) + (clicks.byPlatform[ClientPlatform.android.rawValue] ?? 0)
        let hops = deferred.filter { $0.day >= first && $0.day <= last }
        let storeHops = hops.reduce(0) { $0 + $1.storeHops }
        funnel = Funnel(
            phoneClicks: phones, storeHops: storeHops, claimedInstalls: hops.reduce(0) { $0 + $1.claims },
            iosInstallsMeasured: iosInstallsMeasured,
            measuredStoreHops: iosInstallsMeasured ? storeHops : hops.filter { $0.platform != .ios }.reduce(0) { $0 + $1.storeHops })
        let opens = AppOpens(hops)
        opensPerDay = days.map { opens.perDay[$0] ?? 0 }
        opensByPlatform = shares(opens.byPlatform)
    }

    /// The most values a breakdown lists; the rest are summed in one ``otherName`` row after them.
    package static let maximumShares = 50
    /// The row that sums a breakdown's values past the first ``maximumShares``.
    package static let otherName = "(other)"

    /// A breakdown, most first (ties by name): `(none)` for the empty value, and past
    /// ``maximumShares`` values one ``otherName`` row with the rest, so a visitor who sends a
    /// thousand sources does not make the numbers a thousand rows long.
    static func shares(_ totals: [String: Int]) -> [Share] {
        let sorted = totals.map { Share(name: $0.key.isEmpty ? "(none)" : $0.key, count: $0.value) }
            .sorted { ($0.count, $1.name) > ($1.count, $0.name) }
        guard sorted.count > maximumShares else { return sorted }
        let rest = sorted[maximumShares...].reduce(0) { $0 + $1.count }
        return Array(sorted.prefix(maximumShares)) + [Share(name: otherName, count: rest)]
    }

    /// The last `count` UTC days up to the one of `end`, oldest first.
    static func days(endingAt end: Date, count: Int) -> [String] {
        DayRange.last(count, endingAt: end).days
    }

    /// The numbers as JSON: the one stats document that the admin API's stats, `deeplink links
    /// stats --json` and the dashboard's numbers share (`Docs/AdminAPI.md` describes it). A day
    /// without clicks is in every per-day series with a count of 0; a breakdown's bucket without
    /// a value (no referrer, no UTM source) is named `(none)`.
    package var jsonValue: JSONValue {
        jsonValue()
    }

    /// The numbers as JSON, with the optional parts.
    /// - Parameters:
    ///   - series: The link's click buckets in the range, for `series`; `nil` to leave it out.
    ///   - topLinks: The links with the most clicks, for `topLinks`; `nil` to leave it out.
    package func jsonValue(series: [ClickCount]? = nil, topLinks: [Share]? = nil) -> JSONValue {
        func shares(_ list: [Share]) -> JSONValue { .array(list.map { ["name": .string($0.name), "count": .number(Double($0.count))] }) }
        func rate(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
        func perDay(_ counts: [Int]) -> JSONValue { .array(zip(days, counts).map { ["day": .string($0), "count": .number(Double($1))] }) }
        var document: [String: JSONValue] = [
            "code": code.map(JSONValue.string) ?? .null,
            "tag": tag.map(JSONValue.string) ?? .null,
            "from": .string(days.first ?? ""), "to": .string(days.last ?? ""),
            "totalClicks": .number(Double(totalClicks)),
            "clicksPerDay": perDay(clicksPerDay),
            "byPlatform": shares(byPlatform), "byReferrer": shares(byReferrer), "byUTMSource": shares(byUTMSource),
            "byUTMMedium": shares(byUTMMedium), "byUTMCampaign": shares(byUTMCampaign),
            "byTarget": .array(byTarget.map { ["index": .number(Double($0.index)), "clicks": .number(Double($0.clicks))] }),
            "byCountry": shares(byCountry),
            "byVariant": .array(
                byVariant.map { variant in
                    [
                        "name": .string(variant.name), "clicks": .number(Double(variant.clicks)), "opens": .number(Double(variant.opens)),
                        "storeVisits": .number(Double(variant.storeVisits)), "installs": .number(Double(variant.installs)),
                    ]
                }),
            "linkPreviews": ["total": .number(Double(totalLinkPreviews)), "perDay": perDay(linkPreviewsPerDay)],
            "excessClicks": ["total": .number(Double(totalExcessClicks)), "perDay": perDay(excessClicksPerDay)],
            "opens": ["total": .number(Double(totalOpens)), "perDay": perDay(opensPerDay), "byPlatform": shares(opensByPlatform)],
            "funnel": [
                "phoneClicks": .number(Double(funnel.phoneClicks)), "storeHops": .number(Double(funnel.storeHops)),
                "claimedInstalls": .number(Double(funnel.claimedInstalls)), "hopRate": rate(funnel.hopRate),
                "installRate": rate(funnel.installRate), "iosInstallsMeasured": .bool(funnel.iosInstallsMeasured),
            ],
        ]
        if let topLinks {
            document["topLinks"] = .array(topLinks.map { ["code": .string($0.name), "count": .number(Double($0.count))] })
        }
        if let series {
            document["series"] = .array(
                series.map { count in
                    [
                        "day": .string(count.click.day), "platform": .string(count.click.platform.rawValue),
                        "referrer": .string(count.click.referrerDomain), "utmSource": .string(count.click.utmSource),
                        "utmMedium": .string(count.click.utmMedium), "utmCampaign": .string(count.click.utmCampaign),
                        "count": .number(Double(count.count)),
                    ]
                })
        }
        return .object(document)
    }

    /// The numbers as CSV (RFC 4180): one `section,name,count` row per day, platform, referrer,
    /// UTM value and funnel step, under a header row.
    package var csv: String {
        var rows = ["section,name,count"]
        // A leading = + - @ would be read as a formula by spreadsheets; CSVText puts a quote before it.
        func field(_ text: String) -> String { CSVText.field(text) }
        for (day, count) in zip(days, clicksPerDay) { rows.append("day,\(day),\(count)") }
        for (section, list) in [
            ("platform", byPlatform), ("referrer", byReferrer), ("utm_source", byUTMSource), ("utm_medium", byUTMMedium),
            ("utm_campaign", byUTMCampaign), ("country", byCountry),
        ] {
            for share in list { rows.append("\(section),\(field(share.name)),\(share.count)") }
        }
        for target in byTarget { rows.append("target,\(target.index),\(target.clicks)") }
        for variant in byVariant {
            rows.append("variant_clicks,\(field(variant.name)),\(variant.clicks)")
            rows.append("variant_opens,\(field(variant.name)),\(variant.opens)")
            rows.append("variant_store_visits,\(field(variant.name)),\(variant.storeVisits)")
            rows.append("variant_installs,\(field(variant.name)),\(variant.installs)")
        }
        for (day, count) in zip(days, linkPreviewsPerDay) { rows.append("link_previews,\(day),\(count)") }
        for (day, count) in zip(days, excessClicksPerDay) { rows.append("excess_clicks,\(day),\(count)") }
        for (day, count) in zip(days, opensPerDay) { rows.append("opens,\(day),\(count)") }
        for share in opensByPlatform { rows.append("opens_platform,\(field(share.name)),\(share.count)") }
        rows.append("funnel,phone_clicks,\(funnel.phoneClicks)")
        rows.append("funnel,store_hops,\(funnel.storeHops)")
        rows.append("funnel,claimed_installs,\(funnel.claimedInstalls)")
        return rows.joined(separator: "\r\n") + "\r\n"
    }
}
