import DeepLinkService

/// The values of the `numbers` partial, the numbers of one link or all on the link's page and the
/// numbers page: the range, totals, the chart, clicks per day, the breakdowns and the install funnel.
struct DashboardNumbersView {
    /// A range to choose.
    struct Period {
        /// The page with that range.
        let href: String
        /// Its label: `30 days`.
        let label: String
        /// Whether it is the range shown.
        let current: Bool
    }

    /// A day's clicks.
    struct Day {
        /// The day, `YYYY-MM-DD`.
        let day: String
        /// Its clicks.
        let count: Int
    }

    /// The clicks by one property: platform, referrer or a UTM field.
    struct Breakdown {
        /// The table's `id`, after `by-`.
        let id: String
        /// The table's caption.
        let title: String
        /// The heading of the property's column.
        let column: String
        /// The most frequent values, most first; empty shows "None yet".
        let rows: [Row]
    }

    /// A value of a breakdown.
    struct Row {
        /// The value.
        let name: String
        /// Its clicks.
        let count: Int
    }

    /// One A/B variant's row of the variant table.
    struct VariantRow {
        /// The variant's name.
        let name: String
        /// The clicks of visitors assigned to it.
        let clicks: Int
        /// The taps that opened the installed app at it.
        let opens: Int
        /// The visits to a store through the store hop.
        let storeVisits: Int
        /// The installs claimed from them.
        let installs: Int
    }

    /// The link's A/B variants, when it has numbers for any.
    let variants: [VariantRow]
    /// Whether there is a variant table (Mustache reads stored properties only).
    let hasVariants: Bool

    /// The section's heading, with the range.
    let heading: String
    /// The ranges to choose from.
    let ranges: [Period]
    /// Where the range form asks: the page itself.
    let action: String
    /// The range's first day, for the form.
    let from: String
    /// The range's last day, for the form.
    let to: String
    /// The clicks in the range.
    let totalClicks: Int
    /// The clicks from phones.
    let phoneClicks: Int
    /// The phone visits that went on to a store.
    let storeHops: Int
    /// The store hops as a share of phone clicks, when there were any.
    let hopRate: String?
    /// The installs whose app claimed them.
    let claimedInstalls: Int
    /// Taps that opened the installed app.
    let appOpens: Int
    /// Link-preview crawlers' visits, which are not among the clicks.
    let linkPreviews: Int
    /// Clicks past the per-link rate of their address, which are not among the clicks; `nil`
    /// when there were none, so the tile shows only for a flood.
    let excessClicks: Int?
    /// The installs as a share of store hops, when there were any.
    let installRate: String?
    /// Why iPhone installs are not among the installs, when the config cannot claim them.
    let installsNote: String?
    /// The clicks per day as two SVG charts, for wide screens and for phones; the style sheet shows one.
    let chart: String
    /// The clicks per day, newest first.
    let perDay: [Day]
    /// The breakdowns.
    let breakdowns: [Breakdown]
    /// The numbers as CSV.
    let csv: String

    /// The numbers of a range.
    /// - Parameters:
    ///   - numbers: The numbers.
    ///   - heading: What they count: `Numbers` for a link, `All links`.
    ///   - base: The page they are on, which the ranges link to.
    ///   - period: The days, and how they were asked for.
    init(_ numbers: LinkNumbers, heading: String, base: String, period: DashboardNumbersRoutes.Period) {
        let days = period.lastDays
        func percent(_ rate: Double?) -> String? { rate.map { "\(Int(($0 * 100).rounded()))%" } }
        func rows(_ shares: [LinkNumbers.Share]) -> [Row] {
            shares.prefix(10).map { Row(name: $0.name, count: $0.count) }
        }
        let described = days.map { "last \($0) days" } ?? "\(period.range.first) to \(period.range.last) (UTC)"
        self.heading = "\(heading): \(described)"
        ranges = [7, 30, 90].map { (count: Int) in Period(href: "\(base)?days=\(count)", label: "\(count) days", current: count == days) }
        action = base
        from = period.range.first
        to = period.range.last
        totalClicks = numbers.totalClicks
        phoneClicks = numbers.funnel.phoneClicks
        storeHops = numbers.funnel.storeHops
        hopRate = percent(numbers.funnel.hopRate)
        claimedInstalls = numbers.funnel.claimedInstalls
        appOpens = numbers.totalOpens
        linkPreviews = numbers.totalLinkPreviews
        excessClicks = numbers.totalExcessClicks > 0 ? numbers.totalExcessClicks : nil
        installRate = percent(numbers.funnel.installRate)
        installsNote = numbers.funnel.iosInstallsMeasured
            ? nil : "Android only: this config cannot claim iPhone installs"
        let chartTitle = "Clicks per day, \(described)"
        chart = DashboardChart.svg(days: numbers.days, counts: numbers.clicksPerDay, title: chartTitle)
            + DashboardChart.svg(days: numbers.days, counts: numbers.clicksPerDay, title: chartTitle, narrow: true)
        perDay = zip(numbers.days, numbers.clicksPerDay).reversed().map { Day(day: $0.0, count: $0.1) }
        var breakdowns = [
            Breakdown(
                id: "platform", title: "By platform", column: "Platform",
                rows: numbers.byPlatform.map { Row(name: Self.platformNames[$0.name] ?? $0.name, count: $0.count) }),
            Breakdown(id: "referrer", title: "By referrer", column: "Referrer", rows: rows(numbers.byReferrer)),
            Breakdown(id: "utm-source", title: "By UTM source", column: "Source", rows: rows(numbers.byUTMSource)),
            Breakdown(id: "utm-medium", title: "By UTM medium", column: "Medium", rows: rows(numbers.byUTMMedium)),
            Breakdown(id: "utm-campaign", title: "By UTM campaign", column: "Campaign", rows: rows(numbers.byUTMCampaign)),
        ]
        // Only where there is something to show: countries need a GeoIP database, targets a link that has them.
        if !numbers.byCountry.isEmpty {
            breakdowns.append(Breakdown(id: "country", title: "By country", column: "Country", rows: rows(numbers.byCountry)))
        }
        if !numbers.byTarget.isEmpty {
            breakdowns.append(
                Breakdown(
                    id: "target", title: "By target", column: "Target",
                    rows: numbers.byTarget.map { Row(name: "Target \($0.index + 1)", count: $0.clicks) }))
        }
        self.breakdowns = breakdowns
        variants = numbers.byVariant.map {
            VariantRow(name: $0.name, clicks: $0.clicks, opens: $0.opens, storeVisits: $0.storeVisits, installs: $0.installs)
        }
        hasVariants = !variants.isEmpty
        csv = "\(base == "/dashboard/numbers" ? "/dashboard/numbers.csv" : base + "/numbers.csv")?\(period.query)"
    }

    /// The platforms as people call them.
    private static let platformNames = ["ios": "iPhone and iPad", "android": "Android", "desktop": "Desktop"]
}
