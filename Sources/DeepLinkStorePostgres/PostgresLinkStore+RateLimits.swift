import DeepLinkService
import Foundation
import PostgresNIO

/// Servers sharing a PostgreSQL database share the per-address limits too: the token buckets
/// are rows of `rate_limits`, taken from by the statements ``SQLLinkStore`` runs for both
/// backends, but for the takes themselves, which PostgreSQL runs as a prepared statement.
extension PostgresLinkStore: RateLimitStorage {
    /// Takes tokens from clients' buckets with a statement each connection prepares once; see
    /// ``RateLimitStorage``. A limit shared by servers is taken from on every request it guards,
    /// as often as the store hop records a click; sent with a row of placeholders per client, its
    /// text changed with every batch's size and PostgreSQL planned it anew each time.
    package func takeTokens(
        _ wanted: [String: Int], scope: String, perMinute: Int, now: Date
    ) async throws(StoreError) -> [String: RateLimitGrant] {
        let takes = RateLimitTakes(wanted, perMinute: perMinute, now: now)
        guard !takes.clients.isEmpty else { return [:] }
        let statement = TakeRateLimitTokens(scope: scope, takes: takes)
        let rows = try await run("take rate-limit tokens") { [logger] connection in
            var rows: [Row] = []
            for try await row in try await connection.execute(statement, logger: logger) {
                rows.append(Row(columns: row.makeRandomAccess()))
            }
            return rows
        }
        return try takes.grants(from: rows)
    }
}

/// ``SQLLinkStore/takeTokens(_:scope:perMinute:now:)`` as a prepared statement: the limit's
/// numbers are parameters and the clients an array, so its text is the same for every batch.
struct TakeRateLimitTokens: PostgresPreparedStatement {
    static let name = "deeplink_take_rate_limit_tokens"
    static let sql = takes(
        from: "unnest($5::text[], $6::int8[]) AS input (client, asked)", scope: "$1::text", rate: "$2::int8", capacity: "$3::int8",
        now: "$4::int8")
    static let bindingDataTypes: [PostgresDataType] = [.text, .int8, .int8, .int8, .textArray, .int8Array]

    /// The `INSERT … ON CONFLICT … RETURNING client, tokens, granted` that takes `asked` tokens for
    /// each `client` of `source`, a client's first take from a new (full) bucket getting what it
    /// asks for up to the limit; ``InsertDeferredClicks`` takes its clicks' tokens with it too.
    /// - Parameters:
    ///   - source: The rows of `client` and `asked`: a table expression with its alias.
    ///   - scope: The SQL for the limit's name; `rate`, `capacity` and `now` for
    ///     ``RateLimitTakes/rate``, ``RateLimitTakes/capacity`` and ``RateLimitTakes/milliseconds``.
    static func takes(from source: String, scope: String, rate: String, capacity: String, now: String) -> String {
        """
        INSERT INTO rate_limits (scope, client, tokens, updated, requested, granted) \
        SELECT \(scope), client, \(capacity) - LEAST(asked, \(rate)) * \(RateLimitTakes.unitsPerToken), \(now), asked, \
        LEAST(asked, \(rate)) FROM \(source) ORDER BY client \
        \(RateLimitTakes.onConflict(rate: rate, capacity: capacity))
        """
    }

    /// The limit's name.
    let scope: String
    /// The batch's takes.
    let takes: RateLimitTakes

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: Self.bindingDataTypes.count)
        bindings.append(scope)
        bindings.append(takes.rate)
        bindings.append(takes.capacity)
        bindings.append(takes.milliseconds)
        bindings.append(takes.clients)
        bindings.append(takes.asked)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}
