import DeepLinkCore

/// A link's click counts summed per day, platform, referrer and UTM field, with the raw series.
struct LinkStats: Sendable {
    let counts: [ClickCount]

    /// The stats as the admin API returns them.
    func json(code: String) -> JSONValue {
        func sums(_ key: (Click) -> String) -> JSONValue {
            var totals: [String: Int] = [:]
            for count in counts { totals[key(count.click), default: 0] += count.count }
            return .object(totals.mapValues { .number(Double($0)) })
        }
        var days: [String: Int] = [:]
        for count in counts { days[count.click.day, default: 0] += count.count }
        return [
            "code": .string(code),
            "total": .number(Double(counts.reduce(0) { $0 + $1.count })),
            "byDay": .array(days.sorted { $0.key < $1.key }.map { ["day": .string($0.key), "count": .number(Double($0.value))] }),
            "byPlatform": sums(\.platform.rawValue),
            "byReferrer": sums(\.referrerDomain),
            "byUTMSource": sums(\.utmSource),
            "byUTMMedium": sums(\.utmMedium),
            "byUTMCampaign": sums(\.utmCampaign),
            "series": .array(
                counts.map { count in
                    [
                        "day": .string(count.click.day), "platform": .string(count.click.platform.rawValue),
                        "referrer": .string(count.click.referrerDomain), "utmSource": .string(count.click.utmSource),
                        "utmMedium": .string(count.click.utmMedium), "utmCampaign": .string(count.click.utmCampaign),
                        "count": .number(Double(count.count)),
                    ]
                }),
        ]
    }
}
