extension SQLLinkStore {
    /// The click bucket columns, which form the clicks table's key.
    private static var clickKeyColumns: String { "code, day, platform, referrer_domain, utm_source, utm_medium, utm_campaign" }

    /// The most buckets in one statement: 500 rows of 8 values, and their 3,000 rollup rows of 5,
    /// stay well under the bound parameters SQLite (32,766) and PostgreSQL (65,535) take.
    private static var largestBatch: Int { 500 }

    /// Adds resolutions to click buckets, to their links' daily totals and to the all-links totals,
    /// dropping those of a deleted link; see ``ClickStorage``. Three statements per 500 buckets
    /// (one transaction on PostgreSQL, so a retried part is never counted twice there), however
    /// many links they belong to, so a second of clicks on a million links costs a few
    /// statements, not three per link; buckets are written in key order, so servers sharing a
    /// database take their rows' locks in the same order.
    package func record(_ counts: [Click: Int], events: [WebhookEvent]) async throws(StoreError) {
        let buckets = counts.filter { $0.value > 0 }.sorted { $0.key.keyPrecedes($1.key) }
        if buckets.isEmpty, let query = webhookEventsQuery(events) { try await run(query) }
        var start = 0
        while start < buckets.count {
            let batch = buckets[start..<min(start + Self.largestBatch, buckets.count)]
            start += batch.count
            // Buckets that differ only by what the rollups alone sum (target, country) are one
            // row of `clicks`: one statement may not change a row twice.
            // A flood's clicks have no row: only their count per day, in the rollups.
            var rowsOfClicks: [Click: Int] = [:]
            for (click, count) in batch where !click.excess { rowsOfClicks[click.tableBucket, default: 0] += count }
            let tableRows = rowsOfClicks.sorted { $0.key.keyPrecedes($1.key) }
            let bucketCounts = SQLQuery(
                """
                INSERT INTO clicks (\(Self.clickKeyColumns), count) \
                SELECT column1, column2, column3, column4, column5, column6, column7, column8 \
                FROM (VALUES \(rowPlaceholders(rows: tableRows.count, columns: 8))) AS added \
                WHERE EXISTS (SELECT 1 FROM links WHERE code = added.column1) \
                ON CONFLICT (\(Self.clickKeyColumns)) DO UPDATE SET count = clicks.count + excluded.count
                """,
                tableRows.flatMap { click, count in
                    [
                        SQLValue.text(click.code), .text(click.day), .text(click.platform.rawValue), .text(click.referrerDomain),
                        .text(click.utmSource), .text(click.utmMedium), .text(click.utmCampaign), .integer(Int64(count)),
                    ]
                }, action: tableRows.count == 1 ? "record clicks" : "record clicks in \(tableRows.count) buckets")
            // Each bucket adds to one row per dimension of its link's totals; the all-links
            // totals are the same rows summed over the links that still exist. Every write takes
            // its rows in key order (VALUES sorted here, ORDER BY after GROUP BY), so servers
            // flushing at once lock shared rows in one order and cannot deadlock.
            var totals: [ClickTotalKey: Int64] = [:]
            for (click, count) in batch {
                for (dimension, name) in click.dimensions {
                    totals[ClickTotalKey(code: click.code, day: click.day, dimension: dimension, name: name), default: 0] += Int64(count)
                }
            }
            let rows = totals.sorted { $0.key < $1.key }
            let values = rows.flatMap { key, count in
                [SQLValue.text(key.code), .text(key.day), .text(key.dimension), .text(key.name), .integer(count)]
            }
            let added = "FROM (VALUES \(rowPlaceholders(rows: rows.count, columns: 5))) AS added WHERE EXISTS (SELECT 1 FROM links WHERE code = added.column1)"
            // Each link's clicks of all time, people's only, for the list's order by clicks.
            var people: [String: Int64] = [:]
            for (click, count) in batch where click.platform != .crawler && !click.excess { people[click.code, default: 0] += Int64(count) }
            let linkClicks = people.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            // The messages first, with the first batch: on SQLite, where the statements run one
            // after another, a failure after them re-sends messages (at least once) rather than
            // counting clicks twice; on PostgreSQL they are one statement anyway.
            var statements = (batch.startIndex == 0 ? webhookEventsQuery(events).map { [$0] } ?? [] : []) + (tableRows.isEmpty ? [] : [bucketCounts])
            if !linkClicks.isEmpty {
                statements.append(
                    SQLQuery(
                        """
                        INSERT INTO link_clicks (link_code, clicks) \
                        SELECT column1, column2 FROM (VALUES \(rowPlaceholders(rows: linkClicks.count, columns: 2))) AS added \
                        WHERE EXISTS (SELECT 1 FROM links WHERE code = added.column1) \
                        ON CONFLICT (link_code) DO UPDATE SET clicks = link_clicks.clicks + excluded.clicks
                        """, linkClicks.flatMap { [SQLValue.text($0.key), .integer($0.value)] }, action: "record link clicks"))
            }
            try await runTogether(statements + [
                SQLQuery(
                    """
                    INSERT INTO link_click_totals (code, day, dimension, name, count) \
                    SELECT column1, column2, column3, column4, column5 \(added) \
                    ON CONFLICT (code, day, dimension, name) DO UPDATE SET count = link_click_totals.count + excluded.count
                    """, values, action: "record link click totals"),
                SQLQuery(
                    """
                    INSERT INTO click_totals (day, dimension, name, count) \
                    SELECT column2, column3, column4, CAST(SUM(column5) AS BIGINT) \(added) GROUP BY column2, column3, column4 ORDER BY column2, column3, column4 \
                    ON CONFLICT (day, dimension, name) DO UPDATE SET count = click_totals.count + excluded.count
                    """, values, action: "record click totals"),
            ])
        }
    }

    /// Every click bucket of a link.
    package func clickCounts(code: String) async throws(StoreError) -> [ClickCount] {
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

    /// Clicks from a day through another, summed along each dimension by the database in one statement.
    package func clickSummary(code: String?, from first: String, through last: String) async throws(StoreError) -> ClickSummary {
        // All links' numbers come from click_totals, a few hundred rows a day however many links
        // there are; a link's from link_click_totals, a few dozen rows a day however many clicks.
        let source = code == nil ? "click_totals WHERE day >= $1 AND day <= $2" : "link_click_totals WHERE day >= $1 AND day <= $2 AND code = $3"
        return try await clickSummary(source: source, values: [.text(first), .text(last)] + (code.map { [.text($0)] } ?? []), action: "sum clicks")
    }

    /// Clicks of a tag's links from a day through another, summed by the database in one statement.
    package func clickSummary(tag: String, from first: String, through last: String) async throws(StoreError) -> ClickSummary {
        var values: [SQLValue] = [.text(first), .text(last)]
        let condition = hasTag(tag, values: &values)
        return try await clickSummary(
            source: "link_click_totals WHERE day >= $1 AND day <= $2 AND code IN (SELECT code FROM links WHERE \(condition))", values: values,
            action: "sum a tag's clicks")
    }

    /// Clicks summed per dimension and value from a table and condition.
    private func clickSummary(source: String, values: [SQLValue], action: String) async throws(StoreError) -> ClickSummary {
        try await run(
            SQLQuery("SELECT dimension, name, CAST(SUM(count) AS BIGINT) AS total FROM \(source) GROUP BY dimension, name", values, action: action) {
                rows throws(StoreError) in
                var summary = ClickSummary()
                for row in rows {
                    // One row per dimension and value (GROUP BY), so adding sets it.
                    summary.add(
                        Int(try row.required("total", of: "clicks") as Int64), dimension: try row.text("dimension") ?? "",
                        name: try row.text("name") ?? "")
                }
                return summary
            })
    }

    /// Store hops, claims and opens of a tag's links from a day on.
    package func deferredCounts(tag: String, since day: String) async throws(StoreError) -> [DeferredCount] {
        var values: [SQLValue] = [.text(day)]
        let condition = hasTag(tag, values: &values)
        return try await deferredCounts(
            source: "deferred_counts WHERE day >= $1 AND code IN (SELECT code FROM links WHERE \(condition))", values: values)
    }

    /// The most-clicked links of a range; see ``ClickStatsStorage``. Ties go by code, in the
    /// database's order.
    ///
    /// A link cannot have more clicks in a range than of all time. So the 500 links with the most
    /// clicks of all time (`link_clicks`' index) are ranked over the range first; the last of the
    /// best `limit` is a floor that no link with fewer clicks of all time can reach. When every
    /// other link is below the floor, or can only tie it with a later code, or at most 2,500
    /// links are at or above it, the links that could rank are ranked with these and that is
    /// the answer; otherwise (the range's leaders are not all time's, as over a short range)
    /// every link's clicks in the range are summed. Either way the database ranks, so both
    /// answers order ties alike.
    package func topLinks(from first: String, through last: String, limit: Int) async throws(StoreError) -> [NamedCount] {
        guard limit > 0 else { return [] }
        func codes(_ sql: String, _ values: [SQLValue]) async throws(StoreError) -> [(code: String, clicks: Int)] {
            try await run(
                SQLQuery(sql, values, action: "read the links with the most clicks") { rows throws(StoreError) in
                    try rows.map { row throws(StoreError) in
                        (try row.required("link_code", of: "link_clicks") as String, Int(try row.required("clicks", of: "link_clicks") as Int64))
                    }
                })
        }
        let leaders = try await codes("SELECT link_code, clicks FROM link_clicks ORDER BY clicks DESC, link_code LIMIT 500", [])
        let best = try await ranked(leaders.map(\.code), from: first, through: last, limit: limit)
        guard leaders.count == 500, let next = leaders.last?.clicks else { return best }
        if best.count == limit, let floor = best.last {
            if floor.count > next { return best }
            if floor.count == next {
                // Every link with more clicks of all time is ranked; one with exactly as many, all
                // in the range, ties the floor and ranks before it only with an earlier code.
                let contenders = try await codes(
                    "SELECT link_code, clicks FROM link_clicks WHERE clicks = $1 AND link_code < $2 LIMIT 2501",
                    [.integer(Int64(next)), .text(floor.name)])
                if contenders.count <= 2_500 {
                    return try await ranked(leaders.map(\.code) + contenders.map(\.code), from: first, through: last, limit: limit)
                }
            } else {
                let within = try await run(
                    SQLQuery(
                        "SELECT COUNT(*) AS total FROM link_clicks WHERE clicks >= $1", [.integer(Int64(floor.count))],
                        action: "count the links that could rank"
                    ) { rows throws(StoreError) in Int(try rows.first?.integer("total") ?? 0) })
                if within <= 2_500 {
                    let candidates = try await codes("SELECT link_code, clicks FROM link_clicks WHERE clicks >= $1", [.integer(Int64(floor.count))])
                    return try await ranked(Array(Set(leaders.map(\.code) + candidates.map(\.code))), from: first, through: last, limit: limit)
                }
            }
        }
        return try await run(
            SQLQuery(
                """
                SELECT code, CAST(SUM(count) AS BIGINT) AS clicks FROM link_click_totals \
                WHERE dimension = 'day' AND day >= $1 AND day <= $2 GROUP BY code ORDER BY clicks DESC, code LIMIT $3
                """, [.text(first), .text(last), .integer(Int64(limit))], action: "read the top links", read: Self.shares))
    }

    /// The best `limit` of some links by their clicks in a range, ties by code.
    private func ranked(_ codes: [String], from first: String, through last: String, limit: Int) async throws(StoreError) -> [NamedCount] {
        guard !codes.isEmpty else { return [] }
        return try await run(
            SQLQuery(
                """
                SELECT code, CAST(SUM(count) AS BIGINT) AS clicks FROM link_click_totals \
                WHERE dimension = 'day' AND code IN (\(placeholders(codes.count, from: 4))) AND day >= $1 AND day <= $2 \
                GROUP BY code ORDER BY clicks DESC, code LIMIT $3
                """, [.text(first), .text(last), .integer(Int64(limit))] + codes.map(SQLValue.text), action: "rank links by their clicks in a range",
                read: Self.shares))
    }

    /// `code` and `clicks` rows as shares.
    private static func shares(_ rows: [any SQLRow]) throws(StoreError) -> [NamedCount] {
        try rows.map { row throws(StoreError) in
            NamedCount(
                name: try row.required("code", of: "link_click_totals"), count: Int(try row.required("clicks", of: "link_click_totals") as Int64))
        }
    }

    /// Store hops and claims from a day on, of one link or summed over all.
    package func deferredCounts(code: String?, since day: String) async throws(StoreError) -> [DeferredCount] {
        // All links' numbers come from deferred_totals, a few rows a day.
        let source = code == nil ? "deferred_totals WHERE day >= $1" : "deferred_counts WHERE day >= $1 AND code = $2"
        return try await deferredCounts(source: source, values: [.text(day)] + (code.map { [.text($0)] } ?? []))
    }

    /// Store hops, claims and opens per day and platform from a table and condition.
    private func deferredCounts(source: String, values: [SQLValue]) async throws(StoreError) -> [DeferredCount] {
        try await run(
            SQLQuery(
                """
                SELECT day, platform, CAST(SUM(store_hops) AS BIGINT) AS hops, CAST(SUM(claims) AS BIGINT) AS claimed, \
                CAST(SUM(opens) AS BIGINT) AS opened FROM \(source) \
                GROUP BY day, platform ORDER BY day, platform
                """, values, action: "read deferred counts"
            ) { rows throws(StoreError) in
                try rows.map { row throws(StoreError) in
                    DeferredCount(
                        day: try row.required("day", of: "deferred_counts"), platform: try row.platform(of: "deferred_counts"),
                        storeHops: Int(try row.required("hops", of: "deferred_counts") as Int64),
                        claims: Int(try row.required("claimed", of: "deferred_counts") as Int64),
                        opens: Int(try row.required("opened", of: "deferred_counts") as Int64))
                }
            })
    }

    /// The two statements that add store hops, claims or app opens to the per-link and all-links
    /// daily counts; clicks without a stored link (Firebase long links) and of a deleted link are
    /// not counted. Each statement touches a row once (the counts are summed per key first), which
    /// PostgreSQL requires when the statements run together as one.
    func deferredCountQueries(_ counts: [(code: String, day: String, platform: ClientPlatform)], counting column: DailyCount) -> [SQLQuery<Void>] {
        var grouped: [String: (code: String, day: String, platform: ClientPlatform, count: Int)] = [:]
        for count in counts {
            grouped["\(count.code)\u{0}\(count.day)\u{0}\(count.platform.rawValue)", default: (count.code, count.day, count.platform, 0)].count += 1
        }
        guard !grouped.isEmpty else { return [] }
        let groups = grouped.values.sorted { ($0.code, $0.day, $0.platform.rawValue) < ($1.code, $1.day, $1.platform.rawValue) }
        let values = groups.flatMap { group -> [SQLValue] in
            [.text(group.code), .text(group.day), .text(group.platform.rawValue), .integer(Int64(group.count))]
        }
        let added = "FROM (VALUES \(rowPlaceholders(rows: groups.count, columns: 4))) AS added WHERE EXISTS (SELECT 1 FROM links WHERE code = added.column1)"
        let counted = column.rawValue
        return [
            SQLQuery(
                """
                INSERT INTO deferred_counts (code, day, platform, store_hops, claims, opens) \
                SELECT column1, column2, column3, \(Self.zeroOr(.storeHops, column)), \(Self.zeroOr(.claims, column)), \(Self.zeroOr(.opens, column)) \(added) \
                ON CONFLICT (code, day, platform) DO UPDATE SET \(counted) = deferred_counts.\(counted) + excluded.\(counted)
                """, values, action: column.action),
            SQLQuery(
                """
                INSERT INTO deferred_totals (day, platform, store_hops, claims, opens) \
                SELECT column2, column3, \(Self.zeroOr(.storeHops, column, summed: true)), \(Self.zeroOr(.claims, column, summed: true)), \
                \(Self.zeroOr(.opens, column, summed: true)) \(added) GROUP BY column2, column3 ORDER BY column2, column3 \
                ON CONFLICT (day, platform) DO UPDATE SET \(counted) = deferred_totals.\(counted) + excluded.\(counted)
                """, values, action: column.action),
        ]
    }

    /// The value a daily count's column gets: the added count for the counted column, 0 for the others.
    private static func zeroOr(_ column: DailyCount, _ counted: DailyCount, summed: Bool = false) -> String {
        guard column == counted else { return "CAST(0 AS BIGINT)" }
        return summed ? "CAST(SUM(column4) AS BIGINT)" : "CAST(column4 AS BIGINT)"
    }

    /// Counts an app open of a link on a day and platform, in its daily counts; see ``DailyCountStorage``.
    package func recordAppOpen(code: String, day: String, platform: ClientPlatform) async throws(StoreError) {
        try await runTogether(deferredCountQueries([(code, day, platform)], counting: .opens))
    }

    /// Counts a store hop that records no deferred click; see ``DailyCountStorage``.
    package func recordStoreHop(code: String, day: String, platform: ClientPlatform) async throws(StoreError) {
        try await runTogether(deferredCountQueries([(code, day, platform)], counting: .storeHops))
    }
}

/// What a daily count counts: a column of `deferred_counts` and `deferred_totals`.
enum DailyCount: String {
    case storeHops = "store_hops"
    case claims
    case opens

    var action: String {
        switch self {
        case .storeHops: "count store hops"
        case .claims: "count claimed installs"
        case .opens: "count app opens"
        }
    }
}

/// A row of `link_click_totals`, ordered by its columns.
private struct ClickTotalKey: Hashable, Comparable {
    let code: String
    let day: String
    let dimension: String
    let name: String

    /// Orders keys by their columns' UTF-8 bytes (see ``Click/keyPrecedes(_:)``).
    static func < (lhs: Self, rhs: Self) -> Bool {
        var order = byteOrder(lhs.code, rhs.code)
        if order == 0 { order = byteOrder(lhs.day, rhs.day) }
        if order == 0 { order = byteOrder(lhs.dimension, rhs.dimension) }
        if order == 0 { order = byteOrder(lhs.name, rhs.name) }
        return order < 0
    }
}

extension Click {
    /// Whether this bucket's key columns come before another's, for writing buckets in one
    /// order. Any order every server shares prevents deadlocks; comparing bytes is the cheapest
    /// (`String`'s `<` compares by Unicode's canonical equivalence, and with an array of the
    /// columns built for each comparison, sorting a flush of 2,000 links' buckets was a few
    /// percent of the server's time).
    fileprivate func keyPrecedes(_ other: Click) -> Bool {
        var order = byteOrder(code, other.code)
        if order == 0 { order = byteOrder(day, other.day) }
        if order == 0 { order = byteOrder(platform.rawValue, other.platform.rawValue) }
        if order == 0 { order = byteOrder(referrerDomain, other.referrerDomain) }
        if order == 0 { order = byteOrder(utmSource, other.utmSource) }
        if order == 0 { order = byteOrder(utmMedium, other.utmMedium) }
        if order == 0 { order = byteOrder(utmCampaign, other.utmCampaign) }
        return order < 0
    }
}

/// How two strings compare by their UTF-8 bytes: negative, zero or positive.
private func byteOrder(_ lhs: String, _ rhs: String) -> Int {
    var left = lhs.utf8.makeIterator()
    var right = rhs.utf8.makeIterator()
    while true {
        switch (left.next(), right.next()) {
        case (nil, nil): return 0
        case (nil, _): return -1
        case (_, nil): return 1
        case (let a?, let b?) where a != b: return a < b ? -1 : 1
        default: continue
        }
    }
}

extension SQLLinkStore {
    /// The statement that adds one to a column of a link's per-variant counts, for a link that
    /// still exists.
    func variantCountQuery(_ count: VariantCountKind, code: String, day: String, variant: String) -> SQLQuery<Void> {
        let columns: [VariantCountKind] = [.opens, .storeVisits, .installs]
        let values = columns.map { $0 == count ? "CAST(1 AS BIGINT)" : "CAST(0 AS BIGINT)" }.joined(separator: ", ")
        return SQLQuery(
            """
            INSERT INTO variant_counts (code, day, variant, opens, store_visits, installs) \
            SELECT $1, $2, $3, \(values) WHERE EXISTS (SELECT 1 FROM links WHERE code = $1) \
            ON CONFLICT (code, day, variant) DO UPDATE SET \(count.rawValue) = variant_counts.\(count.rawValue) + 1
            """, [.text(code), .text(day), .text(variant)], action: "count a variant's \(count == .storeVisits ? "store visits" : count.rawValue)")
    }

    /// Counts an app open, store visit or install of a variant; see ``DailyCountStorage``.
    package func recordVariantCount(_ count: VariantCountKind, code: String, day: String, variant: String) async throws(StoreError) {
        try await run(variantCountQuery(count, code: code, day: day, variant: variant))
    }

    /// A link's counts per variant in a range; see ``ClickStatsStorage``.
    package func variantCounts(code: String, from first: String, through last: String) async throws(StoreError) -> [VariantCount] {
        try await run(
            SQLQuery(
                """
                SELECT variant, CAST(SUM(opens) AS BIGINT) AS opened, CAST(SUM(store_visits) AS BIGINT) AS visited, \
                CAST(SUM(installs) AS BIGINT) AS installed FROM variant_counts \
                WHERE code = $1 AND day >= $2 AND day <= $3 GROUP BY variant ORDER BY variant
                """, [.text(code), .text(first), .text(last)], action: "read variant counts"
            ) { rows throws(StoreError) in
                try rows.map { row throws(StoreError) in
                    VariantCount(
                        name: try row.required("variant", of: "variant_counts"), opens: Int(try row.required("opened", of: "variant_counts") as Int64),
                        storeVisits: Int(try row.required("visited", of: "variant_counts") as Int64),
                        installs: Int(try row.required("installed", of: "variant_counts") as Int64))
                }
            })
    }
}
