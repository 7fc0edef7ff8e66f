import DeepLinkCore

/// A link's click counts summed per day, platform, referrer and UTM field, with the raw series.
package struct LinkStats: Sendable {
    let counts: [ClickCount]

    /// Creates the stats of a link's counts.
    /// - Parameter counts: The counts, a row per day, platform, referrer and UTM fields.
    package init(counts: [ClickCount]) {
        self.counts = counts
    }

    /// The sums as the admin API returns them, without the series.
    /// - Parameters:
    ///   - code: The link's code.
    ///   - summary: The link's clicks summed along each dimension.
    package static func json(code: String, summary: ClickSummary) -> JSONValue {
        .object(fields(code: code, summary: summary))
    }

    /// The sums' fields.
    private static func fields(code: String, summary: ClickSummary) -> [String: JSONValue] {
        func sums(_ totals: [String: Int]) -> JSONValue { .object(totals.mapValues { .number(Double($0)) }) }
        return [
            "code": .string(code),
            "total": .number(Double(summary.perDay.values.reduce(0, +))),
            "byDay": .array(summary.perDay.sorted { $0.key < $1.key }.map { ["day": .string($0.key), "count": .number(Double($0.value))] }),
            "byPlatform": sums(summary.byPlatform),
            "byReferrer": sums(summary.byReferrer),
            "byUTMSource": sums(summary.byUTMSource),
            "byUTMMedium": sums(summary.byUTMMedium),
            "byUTMCampaign": sums(summary.byUTMCampaign),
            "linkPreviews": [
                "total": .number(Double(summary.crawlersPerDay.values.reduce(0, +))),
                "byDay": .array(
                    summary.crawlersPerDay.sorted { $0.key < $1.key }.map { ["day": .string($0.key), "count": .number(Double($0.value))] }),
            ],
        ]
    }

    /// The stats as the admin API returns them: the sums and every bucket.
    package func json(code: String) -> JSONValue {
        var stats = Self.fields(code: code, summary: ClickSummary(counts))
        stats["series"] = .array(
            counts.map { count in
                [
                    "day": .string(count.click.day), "platform": .string(count.click.platform.rawValue),
                    "referrer": .string(count.click.referrerDomain), "utmSource": .string(count.click.utmSource),
                    "utmMedium": .string(count.click.utmMedium), "utmCampaign": .string(count.click.utmCampaign),
                    "count": .number(Double(count.count)),
                ]
            })
        return .object(stats)
    }
}
