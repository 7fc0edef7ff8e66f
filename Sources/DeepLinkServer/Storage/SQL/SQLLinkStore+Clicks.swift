extension SQLLinkStore {
    /// The click bucket columns, which form the clicks table's key.
    private static var clickKeyColumns: String { "code, day, platform, referrer_domain, utm_source, utm_medium, utm_campaign" }

    /// Adds resolutions to a click bucket, to the link's totals and to the all-links totals,
    /// dropping those of a deleted link; see ``ClickStorage``.
    public func record(_ click: Click, count: Int) async throws(StoreError) {
        try await run(
            SQLQuery(
                """
                INSERT INTO clicks (\(Self.clickKeyColumns), count) SELECT \(placeholders(8)) \
                WHERE EXISTS (SELECT 1 FROM links WHERE code = $1) \
                ON CONFLICT (\(Self.clickKeyColumns)) DO UPDATE SET count = clicks.count + excluded.count
                """,
                [
                    .text(click.code), .text(click.day), .text(click.platform.rawValue), .text(click.referrerDomain),
                    .text(click.utmSource), .text(click.utmMedium), .text(click.utmCampaign), .integer(Int64(count)),
                ], action: "record clicks"))
        // The link's and all links' totals: one row per dimension each, in one statement each.
        let dimensions = ["day", "platform", "referrer_domain", "utm_source", "utm_medium", "utm_campaign"]
        let rows = dimensions.enumerated().map { index, name in "($2, '\(name)', $\(index + 2), $8)" }.joined(separator: ", ")
        try await run(
            SQLQuery(
                """
                INSERT INTO link_click_totals (code, day, dimension, name, count) SELECT $1, column1, column2, column3, column4 \
                FROM (VALUES \(rows)) AS added WHERE EXISTS (SELECT 1 FROM links WHERE code = $1) \
                ON CONFLICT (code, day, dimension, name) DO UPDATE SET count = link_click_totals.count + excluded.count
                """,
                [
                    .text(click.code), .text(click.day), .text(click.platform.rawValue), .text(click.referrerDomain),
                    .text(click.utmSource), .text(click.utmMedium), .text(click.utmCampaign), .integer(Int64(count)),
                ], action: "record link click totals"))
        try await run(
            SQLQuery(
                """
                INSERT INTO click_totals (day, dimension, name, count) SELECT column1, column2, column3, column4 \
                FROM (VALUES \(rows)) AS added WHERE EXISTS (SELECT 1 FROM links WHERE code = $1) \
                ON CONFLICT (day, dimension, name) DO UPDATE SET count = click_totals.count + excluded.count
                """,
                [
                    .text(click.code), .text(click.day), .text(click.platform.rawValue), .text(click.referrerDomain),
                    .text(click.utmSource), .text(click.utmMedium), .text(click.utmCampaign), .integer(Int64(count)),
                ], action: "record click totals"))
    }

    /// Every click bucket of a link.
    public func clickCounts(code: String) async throws(StoreError) -> [ClickCount] {
        try await run(
            SQLQuery(
                "SELECT \(Self.clickKeyColumns), count FROM clicks WHERE code = $1 ORDER BY \(Self.clickKeyColumns)", [.text(code)],
                action: "read clicks"
            ) { rows throws(StoreError) in
                try rows.map { row throws(StoreError) in
                    ClickCount(
                        click: Click(
                            code: code, day: try row.required("day", of: "clicks"), platform: try row.platform(of: "clicks"),
                            referrerDomain: try row.text("referrer_domain") ?? "", utmSource: try row.text("utm_source") ?? "",
                            utmMedium: try row.text("utm_medium") ?? "", utmCampaign: try row.text("utm_campaign") ?? ""),
                        count: Int(try row.required("count", of: "clicks") as Int64))
                }
            })
    }
}
