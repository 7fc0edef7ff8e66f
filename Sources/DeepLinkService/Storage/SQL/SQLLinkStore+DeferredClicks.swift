import Foundation

extension SQLLinkStore {
    /// The columns of `deferred_clicks`, in the order ``storedValues(of:)`` gives their values.
    package static var deferredClickColumns: String {
        """
        token, code, deep_link, platform, utm_source, utm_medium, utm_campaign, utm_term, utm_content, campaign, \
        network_hash, device, created_at, expires_at, claimed_at, variant
        """
    }

    /// A click's values in the order of `deferred_clicks`' columns (``deferredClickColumns``):
    /// twelve `TEXT` values, then `created_at`, `expires_at` and `claimed_at` in seconds, then `variant`.
    package static func storedValues(of click: DeferredClick) -> [SQLValue] {
        [
            SQLValue.text(click.token), .text(click.code), .text(click.deepLink), .text(click.platform.rawValue),
            .text(click.utm.source), .text(click.utm.medium), .text(click.utm.campaign), .text(click.utm.term),
            .text(click.utm.content), .text(click.campaign), .text(click.networkHash), .text(click.device?.stored),
            .seconds(click.createdAt), .seconds(click.expiresAt), .seconds(click.claimedAt), .text(click.variant),
        ]
    }

    /// Stores deferred clicks in one statement, so all or none, and counts them as store hops
    /// (in the same transaction on PostgreSQL); see ``DeferredClickStorage``.
    package func insert(_ clicks: [DeferredClick]) async throws(StoreError) {
        guard !clicks.isEmpty else { return }
        let values = clicks.flatMap(Self.storedValues(of:))
        let placeholders = rowPlaceholders(rows: clicks.count, columns: values.count / clicks.count)
        let insert = SQLQuery(
            "INSERT INTO deferred_clicks (\(Self.deferredClickColumns)) VALUES \(placeholders)", values,
            action: clicks.count == 1 ? "insert deferred click" : "insert \(clicks.count) deferred clicks",
            duplicateMessage: clicks.count == 1 ? "the click token is taken" : "a click token is taken")
        let counts = deferredCountQueries(
            clicks.compactMap { click in click.code.map { ($0, click.countedDay, click.platform) } }, counting: .storeHops)
        try await runTogether([insert] + counts)
    }

    /// Claims an unclaimed, unexpired click in one statement: under PostgreSQL's READ COMMITTED a
    /// concurrent claim waits for the first one's row lock, then re-checks `claimed_at IS NULL`
    /// and updates nothing.
    /// The claim is then counted on the day of the click's store hop.
    package func claimDeferredClick(token: String, at now: Date) async throws(StoreError) -> DeferredClick? {
        let claimed = try await run(
            SQLQuery(
                """
                UPDATE deferred_clicks SET claimed_at = $1, network_hash = NULL, device = NULL \
                WHERE token = $2 AND claimed_at IS NULL AND expires_at > $1 RETURNING \(Self.deferredClickColumns)
                """, [.seconds(now), .text(token)], action: "claim deferred click"
            ) { rows throws(StoreError) in try rows.first.map(DeferredClick.init(row:)) })
        if let claimed, let code = claimed.code {
            // The install counts for the variant the visitor was shown, on the day of the store hop.
            let variantCount = claimed.variant.map { [variantCountQuery(.installs, code: code, day: claimed.createdAt.utcDay, variant: $0)] } ?? []
            try await runTogether(deferredCountQueries([(code, claimed.createdAt.utcDay, claimed.platform)], counting: .claims) + variantCount)
        }
        return claimed
    }

    /// Unclaimed clicks of a platform from the given networks in the window, newest first.
    package func deferredCandidates(
        networkHashes: [String], platform: ClientPlatform, since: Date, now: Date
    ) async throws(StoreError) -> [DeferredClick] {
        guard !networkHashes.isEmpty else { return [] }
        let count = networkHashes.count
        return try await run(
            SQLQuery(
                """
                SELECT \(Self.deferredClickColumns) FROM deferred_clicks WHERE network_hash IN (\(placeholders(count))) \
                AND platform = $\(count + 1) AND created_at >= $\(count + 2) AND expires_at > $\(count + 3) AND claimed_at IS NULL \
                ORDER BY created_at DESC, token LIMIT 50
                """, networkHashes.map(SQLValue.text) + [.text(platform.rawValue), .seconds(since), .seconds(now)],
                action: "find deferred clicks"
            ) { rows throws(StoreError) in try rows.map(DeferredClick.init(row:)) })
    }

    /// Deletes expired clicks and old salts, and clears old signals.
    package func purgeDeferredClicks(now: Date, signalsBefore: Date, saltsBefore: Int) async throws(StoreError) -> Int {
        let action = "purge deferred clicks"
        let deleted = try await run(
            SQLQuery("DELETE FROM deferred_clicks WHERE expires_at <= $1 RETURNING token", [.seconds(now)], action: action) { $0.count })
        try await run(
            SQLQuery(
                """
                UPDATE deferred_clicks SET network_hash = NULL, device = NULL WHERE created_at < $1 \
                AND (network_hash IS NOT NULL OR device IS NOT NULL)
                """, [.seconds(signalsBefore)], action: action))
        try await run(SQLQuery("DELETE FROM deferred_salts WHERE period < $1", [.integer(Int64(saltsBefore))], action: action))
        return deleted
    }

    /// The salt of a period, storing the proposed one first if there is none, in one statement.
    package func deferredSalt(period: Int, proposed: String) async throws(StoreError) -> String {
        try await run(
            SQLQuery(
                """
                INSERT INTO deferred_salts (period, salt) VALUES ($1, $2) \
                ON CONFLICT (period) DO UPDATE SET salt = deferred_salts.salt RETURNING salt
                """, [.integer(Int64(period)), .text(proposed)], action: "read deferred salt"
            ) { rows throws(StoreError) in
                guard let salt = try rows.first?.text("salt") else {
                    throw StoreError(code: .corrupt, message: "the salt of period \(period) cannot be read")
                }
                return salt
            })
    }
}

extension DeferredClick {
    /// Reads a row of the deferred_clicks table.
    init(row: any SQLRow) throws(StoreError) {
        self.init(
            token: try row.required("token", of: "deferred_clicks"), code: try row.text("code"),
            deepLink: try row.required("deep_link", of: "deferred_clicks"), platform: try row.platform(of: "deferred_clicks"),
            utm: try row.utm(), campaign: try row.text("campaign"), networkHash: try row.text("network_hash"),
            device: try row.text("device").flatMap(DeviceSignals.init(stored:)),
            createdAt: try row.required("created_at", of: "deferred_clicks"),
            expiresAt: try row.required("expires_at", of: "deferred_clicks"), claimedAt: try row.date("claimed_at"),
            variant: try row.text("variant"))
    }
}

extension DeferredClick {
    /// The UTC day, `YYYY-MM-DD`, on which the click's store hop is counted in `deferred_counts`.
    package var countedDay: String { createdAt.utcDay }
}
