import Foundation

extension SQLLinkStore {
    /// Takes tokens from clients' buckets in one `INSERT … ON CONFLICT DO UPDATE … RETURNING`;
    /// see ``RateLimitStorage``. The refill and the grant are computed by the database from the
    /// row as it is when the statement locks it, so servers taking from one bucket at once never
    /// both get its last token.
    package func takeTokens(
        _ wanted: [String: Int], scope: String, perMinute: Int, now: Date
    ) async throws(StoreError) -> [String: RateLimitGrant] {
        let takes = RateLimitTakes(wanted, perMinute: perMinute, now: now)
        guard !takes.clients.isEmpty else { return [:] }
        var values: [SQLValue] = []
        for index in takes.clients.indices {
            values += [
                .text(scope), .text(takes.clients[index]), .integer(takes.capacity - takes.first[index] * RateLimitTakes.unitsPerToken),
                .integer(takes.milliseconds), .integer(takes.asked[index]), .integer(takes.first[index]),
            ]
        }
        return try await run(
            SQLQuery(
                """
                INSERT INTO rate_limits (scope, client, tokens, updated, requested, granted) \
                VALUES \(rowPlaceholders(rows: takes.clients.count, columns: 6)) \
                \(RateLimitTakes.onConflict(rate: String(takes.rate), capacity: String(takes.capacity)))
                """, values, action: "take rate-limit tokens"
            ) { rows throws(StoreError) in try takes.grants(from: rows) })
    }

    /// Puts one token back into a bucket; see ``RateLimitStorage``.
    package func returnToken(client: String, scope: String, perMinute: Int) async throws(StoreError) {
        try await returnTokens(1, client: client, scope: scope, perMinute: perMinute)
    }

    /// Puts tokens back into a bucket in one statement; see ``RateLimitStorage``.
    package func returnTokens(_ count: Int, client: String, scope: String, perMinute: Int) async throws(StoreError) {
        let amount = RateLimitTakes.unitsPerToken * Int64(max(0, count))
        let capacity = Int64(max(1, perMinute)) * RateLimitTakes.unitsPerToken
        try await run(
            SQLQuery(
                """
                UPDATE rate_limits SET tokens = CASE WHEN tokens + \(amount) >= \(capacity) THEN \(capacity) ELSE tokens + \(amount) END \
                WHERE scope = $1 AND client = $2
                """, [.text(scope), .text(client)], action: "return rate-limit tokens"))
    }

    /// Deletes buckets untouched since a moment; see ``RateLimitStorage``.
    package func purgeRateLimits(updatedBefore before: Date) async throws(StoreError) -> Int {
        try await run(
            SQLQuery(
                "DELETE FROM rate_limits WHERE updated < $1 RETURNING client",
                [.integer(Int64((before.timeIntervalSince1970 * 1000).rounded(.down)))], action: "purge rate limits"
            ) { rows in rows.count })
    }
}

/// One statement's takes from the buckets of a limit: what each client asks for, and how the
/// statement's answer becomes grants. The statement's text differs between the backends (literal
/// numbers on SQLite, a prepared statement's parameters on PostgreSQL); its arithmetic, here, does not.
package struct RateLimitTakes: Sendable {
    /// One token in the `tokens` column: buckets count in 1/60,000ths of a token, so that one
    /// refills by `perMinute` units a millisecond, in whole numbers.
    package static let unitsPerToken: Int64 = 60_000

    /// The clients, in the order of their bytes (the order their rows are locked in).
    package let clients: [String]
    /// How many tokens each client asks for.
    package let asked: [Int64]
    /// What each client gets if its bucket is new (full): what it asks for, up to the limit.
    package let first: [Int64]
    /// Units a bucket refills by each millisecond: the limit per minute.
    package let rate: Int64
    /// Units in a full bucket.
    package let capacity: Int64
    /// The moment of the takes, in milliseconds since 1970.
    package let milliseconds: Int64

    /// The takes of a batch.
    /// - Parameters:
    ///   - wanted: How many tokens each client asks for.
    ///   - perMinute: The limit.
    ///   - now: The moment of the takes.
    package init(_ wanted: [String: Int], perMinute: Int, now: Date) {
        let rate = Int64(max(1, perMinute))
        let clients = wanted.keys.sorted()
        let asked = clients.map { Int64(max(0, wanted[$0] ?? 0)) }
        self.rate = rate
        capacity = rate * Self.unitsPerToken
        milliseconds = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        self.clients = clients
        self.asked = asked
        first = asked.map { min($0, rate) }
    }

    /// The `ON CONFLICT … RETURNING` clause that refills an existing bucket and takes from it.
    /// - Parameters:
    ///   - rate: The SQL for ``rate``: a number or a parameter.
    ///   - capacity: The SQL for ``capacity``.
    package static func onConflict(rate: String, capacity: String) -> String {
        let unit = unitsPerToken
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
        return """
            ON CONFLICT (scope, client) DO UPDATE SET \
            granted = \(granted), tokens = \(refilled) - \(granted) * \(unit), requested = excluded.requested, \
            updated = CASE WHEN excluded.updated > rate_limits.updated THEN excluded.updated ELSE rate_limits.updated END \
            RETURNING client, tokens, granted
            """
    }

    /// The grants in the statement's answer; a client without a row gets nothing.
    package func grants(from rows: [any SQLRow]) throws(StoreError) -> [String: RateLimitGrant] {
        let unit = Self.unitsPerToken
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
    }
}
