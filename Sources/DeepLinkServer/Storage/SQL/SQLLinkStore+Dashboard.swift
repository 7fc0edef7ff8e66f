import Foundation

extension SQLLinkStore {
    /// Stores a new dashboard user; see ``DashboardStorage``.
    public func insert(_ user: DashboardUser) async throws(StoreError) {
        try await run(
            SQLQuery(
                "INSERT INTO dashboard_users (name, password_hash, created_at) VALUES ($1, $2, $3)",
                [.text(user.name), .text(user.passwordHash), .seconds(user.createdAt)], action: "insert dashboard user",
                duplicateMessage: "there is already a dashboard user named \(user.name)"))
    }

    /// The dashboard user with a name, or `nil`.
    public func dashboardUser(name: String) async throws(StoreError) -> DashboardUser? {
        try await run(
            SQLQuery("SELECT name, password_hash, created_at FROM dashboard_users WHERE name = $1", [.text(name)], action: "read dashboard user") {
                rows throws(StoreError) in try rows.first.map(DashboardUser.init(row:))
            })
    }

    /// Every dashboard user, by name.
    public func dashboardUsers() async throws(StoreError) -> [DashboardUser] {
        try await run(
            SQLQuery(
                "SELECT name, password_hash, created_at FROM dashboard_users ORDER BY name COLLATE \(Self.byteOrder)",
                action: "list dashboard users"
            ) { rows throws(StoreError) in try rows.map(DashboardUser.init(row:)) })
    }

    /// Deletes a dashboard user and their sessions.
    public func deleteDashboardUser(name: String) async throws(StoreError) -> Bool {
        let existed = try await run(
            SQLQuery("DELETE FROM dashboard_users WHERE name = $1 RETURNING name", [.text(name)], action: "delete dashboard user") {
                !$0.isEmpty
            })
        try await deleteDashboardSessions(of: .user(name: name))
        return existed
    }

    /// Stores a new session.
    public func insert(_ session: DashboardSession) async throws(StoreError) {
        try await run(
            SQLQuery(
                "INSERT INTO dashboard_sessions (id_hash, principal, form_token, created_at, expires_at) VALUES (\(placeholders(5)))",
                [
                    .text(session.idHash), .text(session.principal.stored), .text(session.formToken), .seconds(session.createdAt),
                    .seconds(session.expiresAt),
                ], action: "insert dashboard session", duplicateMessage: "the session id is taken"))
    }

    /// The unexpired session with a cookie hash, or `nil`.
    public func dashboardSession(idHash: String, now: Date) async throws(StoreError) -> DashboardSession? {
        try await run(
            SQLQuery(
                """
                SELECT id_hash, principal, form_token, created_at, expires_at FROM dashboard_sessions \
                WHERE id_hash = $1 AND expires_at > $2
                """, [.text(idHash), .seconds(now)], action: "read dashboard session"
            ) { rows throws(StoreError) in try rows.first.map(DashboardSession.init(row:)) })
    }

    /// Ends a session.
    public func deleteDashboardSession(idHash: String) async throws(StoreError) {
        try await run(SQLQuery("DELETE FROM dashboard_sessions WHERE id_hash = $1", [.text(idHash)], action: "end dashboard session"))
    }

    /// Ends every session of a principal.
    public func deleteDashboardSessions(of principal: DashboardPrincipal) async throws(StoreError) {
        try await run(
            SQLQuery("DELETE FROM dashboard_sessions WHERE principal = $1", [.text(principal.stored)], action: "end dashboard sessions"))
    }

    /// Deletes expired sessions.
    public func purgeDashboardSessions(now: Date) async throws(StoreError) -> Int {
        try await run(
            SQLQuery("DELETE FROM dashboard_sessions WHERE expires_at <= $1 RETURNING id_hash", [.seconds(now)], action: "purge dashboard sessions") {
                $0.count
            })
    }

    /// A page of the links matching a search and the number of matches, in two statements.
    public func searchLinks(_ search: LinkSearch) async throws(StoreError) -> LinkSearchPage {
        var conditions: [String] = []
        var values: [SQLValue] = []
        func bind(_ value: SQLValue) -> String {
            values.append(value)
            return "$\(values.count)"
        }
        let text = search.text.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty {
            // `\` escapes LIKE's wildcards in the searched text, so `50%` looks for "50%".
            var escaped = ""
            for character in text.lowercased() {
                if character == "\\" || character == "%" || character == "_" { escaped.append("\\") }
                escaped.append(character)
            }
            let pattern = bind(.text("%\(escaped)%"))
            conditions.append(
                ["code", "deep_link", "campaign"].map { "\(Self.lowercasesBeforeLike ? "LOWER(\($0))" : $0) LIKE \(pattern) ESCAPE '\\'" }
                    .joined(separator: " OR "))
        }
        switch search.filter {
        case .all: break
        case .active: conditions.append("(expires_at IS NULL OR expires_at > \(bind(.seconds(search.now))))")
        case .expired: conditions.append("expires_at <= \(bind(.seconds(search.now)))")
        case .iosFallback: conditions.append("ios_fallback_url IS NOT NULL")
        case .androidFallback: conditions.append("android_fallback_url IS NOT NULL")
        case .noFallback: conditions.append("ios_fallback_url IS NULL AND android_fallback_url IS NULL AND web_url IS NULL")
        }
        let whereClause = conditions.isEmpty ? "" : " WHERE " + conditions.map { "(\($0))" }.joined(separator: " AND ")
        let code = "code COLLATE \(Self.byteOrder)"
        let order =
            switch search.sort {
            // Ties go the way of the date, so an index on (created_at, code) serves both directions.
            case .newest: "created_at DESC, \(code) DESC"
            case .oldest: "created_at, \(code)"
            case .code: code
            case .updated: "updated_at DESC, \(code) DESC"
            case .expiring: "CASE WHEN expires_at IS NULL THEN 1 ELSE 0 END, expires_at, \(code)"
            }
        let filterValues = values
        let limit = bind(.integer(Int64(max(0, search.limit))))
        let offset = bind(.integer(Int64(max(0, search.offset))))
        let count = SQLQuery("SELECT COUNT(*) AS total FROM links\(whereClause)", filterValues, action: "count links") {
            rows throws(StoreError) in Int(try rows.first?.integer("total") ?? 0)
        }
        guard !text.isEmpty else {
            // Without text, counting is cheap and the page comes from the date index.
            let total = try await run(count)
            let links = try await run(
                SQLQuery("\(Self.selectLinks)\(whereClause) ORDER BY \(order) LIMIT \(limit) OFFSET \(offset)", values, action: "list links") {
                    rows throws(StoreError) in try rows.map(Link.init(row:))
                })
            return LinkSearchPage(links: links, total: total)
        }
        // A text search reads every link once: the page and the number of matches come from the same scan.
        let page = try await run(
            SQLQuery(
                "\(Self.selectLinks.replacingOccurrences(of: " FROM links", with: ", COUNT(*) OVER () AS total_matches FROM links"))"
                    + "\(whereClause) ORDER BY \(order) LIMIT \(limit) OFFSET \(offset)", values, action: "search links"
            ) { rows throws(StoreError) in
                (try rows.map(Link.init(row:)), Int(try rows.first?.integer("total_matches") ?? 0))
            })
        let total = page.0.isEmpty && search.offset > 0 ? try await run(count) : page.1
        let links = page.0
        return LinkSearchPage(links: links, total: total)
    }

    /// Clicks from a day on, summed along each dimension by the database in one statement.
    public func clickSummary(code: String?, since day: String) async throws(StoreError) -> ClickSummary {
        // All links' numbers come from click_totals, a few hundred rows a day however many links
        // there are; a link's from link_click_totals, a few dozen rows a day however many clicks.
        let source = code == nil ? "click_totals WHERE day >= $1" : "link_click_totals WHERE day >= $1 AND code = $2"
        let sql = "SELECT dimension, name, CAST(SUM(count) AS BIGINT) AS total FROM \(source) GROUP BY dimension, name"
        return try await run(
            SQLQuery(sql, [.text(day)] + (code.map { [.text($0)] } ?? []), action: "sum clicks") { rows throws(StoreError) in
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

    /// Store hops and claims from a day on, of one link or summed over all.
    public func deferredCounts(code: String?, since day: String) async throws(StoreError) -> [DeferredCount] {
        // All links' numbers come from deferred_totals, a few rows a day.
        let source = code == nil ? "deferred_totals WHERE day >= $1" : "deferred_counts WHERE day >= $1 AND code = $2"
        return try await run(
            SQLQuery(
                """
                SELECT day, platform, CAST(SUM(store_hops) AS BIGINT) AS hops, CAST(SUM(claims) AS BIGINT) AS claimed FROM \(source) \
                GROUP BY day, platform ORDER BY day, platform
                """, [.text(day)] + (code.map { [.text($0)] } ?? []), action: "read deferred counts"
            ) { rows throws(StoreError) in
                try rows.map { row throws(StoreError) in
                    DeferredCount(
                        day: try row.required("day", of: "deferred_counts"), platform: try row.platform(of: "deferred_counts"),
                        storeHops: Int(try row.required("hops", of: "deferred_counts") as Int64),
                        claims: Int(try row.required("claimed", of: "deferred_counts") as Int64))
                }
            })
    }

    /// The statements that add store hops or claims to the per-link and all-links daily counts,
    /// two per link, day and platform; clicks without a stored link (Firebase long links) and of
    /// a deleted link are not counted.
    func deferredCountQueries(_ counts: [(code: String, day: String, platform: ClientPlatform)], hops: Bool) -> [SQLQuery<Void>] {
        var grouped: [String: (code: String, day: String, platform: ClientPlatform, count: Int)] = [:]
        for count in counts {
            grouped["\(count.code)\u{0}\(count.day)\u{0}\(count.platform.rawValue)", default: (count.code, count.day, count.platform, 0)].count += 1
        }
        let column = hops ? "store_hops" : "claims"
        return grouped.values.sorted(by: { ($0.code, $0.day, $0.platform.rawValue) < ($1.code, $1.day, $1.platform.rawValue) }).flatMap { group in
            let values: [SQLValue] = [
                .text(group.code), .text(group.day), .text(group.platform.rawValue), .integer(hops ? Int64(group.count) : 0),
                .integer(hops ? 0 : Int64(group.count)),
            ]
            let action = hops ? "count store hops" : "count claimed installs"
            return [
                SQLQuery(
                    """
                    INSERT INTO deferred_counts (code, day, platform, store_hops, claims) SELECT $1, $2, $3, $4, $5 \
                    WHERE EXISTS (SELECT 1 FROM links WHERE code = $1) \
                    ON CONFLICT (code, day, platform) DO UPDATE SET \(column) = deferred_counts.\(column) + excluded.\(column)
                    """, values, action: action),
                SQLQuery(
                    """
                    INSERT INTO deferred_totals (day, platform, store_hops, claims) SELECT $2, $3, $4, $5 \
                    WHERE EXISTS (SELECT 1 FROM links WHERE code = $1) \
                    ON CONFLICT (day, platform) DO UPDATE SET \(column) = deferred_totals.\(column) + excluded.\(column)
                    """, values, action: action),
            ]
        }
    }
}

extension DashboardUser {
    /// Reads a row of the dashboard_users table.
    init(row: any SQLRow) throws(StoreError) {
        self.init(
            name: try row.required("name", of: "dashboard_users"), passwordHash: try row.required("password_hash", of: "dashboard_users"),
            createdAt: try row.required("created_at", of: "dashboard_users"))
    }
}

extension DashboardSession {
    /// Reads a row of the dashboard_sessions table.
    init(row: any SQLRow) throws(StoreError) {
        let stored: String = try row.required("principal", of: "dashboard_sessions")
        guard let principal = DashboardPrincipal(stored: stored) else {
            throw StoreError(code: .corrupt, message: "the dashboard_sessions table holds a principal that is neither key: nor user: (\(stored))")
        }
        self.init(
            idHash: try row.required("id_hash", of: "dashboard_sessions"), principal: principal,
            formToken: try row.required("form_token", of: "dashboard_sessions"), createdAt: try row.required("created_at", of: "dashboard_sessions"),
            expiresAt: try row.required("expires_at", of: "dashboard_sessions"))
    }
}
