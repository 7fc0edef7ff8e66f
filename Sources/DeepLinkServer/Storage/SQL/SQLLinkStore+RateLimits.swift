import Foundation

extension SQLLinkStore {
    /// One token in the `tokens` column: buckets count in 1/60,000ths of a token, so that one
    /// refills by `perMinute` units a millisecond, in whole numbers.
    private static var unitsPerToken: Int64 { 60_000 }

    /// Takes tokens from clients' buckets in one `INSERT … ON CONFLICT DO UPDATE … RETURNING`;
    /// see ``RateLimitStorage``. The refill and the grant are computed by the database from the
    /// row as it is when the statement locks it, so servers taking from one bucket at once never
    /// both get its last token.
    public func takeTokens(
        _ wanted: [String: Int], scope: String, perMinute: Int, now: Date
    ) async throws(StoreError) -> [String: RateLimitGrant] {
        guard !wanted.isEmpty else { return [:] }
        let unit = Self.unitsPerToken
        let rate = Int64(max(1, perMinute))
        let capacity = rate * unit
        let milliseconds = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        // Time since the bucket was last touched, at most a minute (a full refill), never negative.
        let elapsed = """
            (CASE WHEN excluded.updated - rate_limits.updated > 60000 THEN 60000 \
            WHEN excluded.updated > rate_limits.updated THEN excluded.updated - rate_limits.updated ELSE 0 END)
            """
        let refilled = """
            (CASE WHEN rate_limits.tokens + \(elapsed) * \(rate) >= \(capacity) THEN \(capacity) \
            ELSE rate_limits.tokens + \(elapsed) * \(rate) END)
            """
        let granted = "(CASE WHEN \(refilled) / \(unit) >= excluded.requested THEN excluded.requested ELSE \(refilled) / \(unit) END)"
        let clients = wanted.keys.sorted()
        var values: [SQLValue] = []
        for client in clients {
            let asked = Int64(max(0, wanted[client] ?? 0))
            let first = min(asked, rate)
            values += [.text(scope), .text(client), .integer(capacity - first * unit), .integer(milliseconds), .integer(asked), .integer(first)]
        }
        return try await run(
            SQLQuery(
                """
                INSERT INTO rate_limits (scope, client, tokens, updated, requested, granted) \
                VALUES \(rowPlaceholders(rows: clients.count, columns: 6)) \
                ON CONFLICT (scope, client) DO UPDATE SET \
                granted = \(granted), tokens = \(refilled) - \(granted) * \(unit), requested = excluded.requested, \
                updated = CASE WHEN excluded.updated > rate_limits.updated THEN excluded.updated ELSE rate_limits.updated END \
                RETURNING client, tokens, granted
                """, values, action: "take rate-limit tokens"
            ) { rows throws(StoreError) in
                var grants: [String: RateLimitGrant] = [:]
                for row in rows {
                    let client: String = try row.required("client", of: "rate_limits")
                    let tokens: Int64 = try row.required("tokens", of: "rate_limits")
                    let granted: Int64 = try row.required("granted", of: "rate_limits")
                    // Milliseconds until the bucket holds a whole token, rounded up to seconds.
                    let missing = max(0, unit - tokens)
                    let seconds = missing == 0 ? 0 : max(1, Int(((missing + rate - 1) / rate + 999) / 1000))
                    grants[client] = RateLimitGrant(granted: Int(granted), retryAfter: seconds)
                }
                return grants
            })
    }

    /// Puts one token back into a bucket; see ``RateLimitStorage``.
    public func returnToken(client: String, scope: String, perMinute: Int) async throws(StoreError) {
        let unit = Self.unitsPerToken
        let capacity = Int64(max(1, perMinute)) * unit
        try await run(
            SQLQuery(
                """
                UPDATE rate_limits SET tokens = CASE WHEN tokens + \(unit) >= \(capacity) THEN \(capacity) ELSE tokens + \(unit) END \
                WHERE scope = $1 AND client = $2
                """, [.text(scope), .text(client)], action: "return a rate-limit token"))
    }

    /// Deletes buckets untouched since a moment; see ``RateLimitStorage``.
    public func purgeRateLimits(updatedBefore before: Date) async throws(StoreError) -> Int {
        try await run(
            SQLQuery(
                "DELETE FROM rate_limits WHERE updated < $1 RETURNING client",
                [.integer(Int64((before.timeIntervalSince1970 * 1000).rounded(.down)))], action: "purge rate limits"
            ) { rows in rows.count })
    }
}
