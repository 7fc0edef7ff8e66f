import DeepLinkService
import Foundation
import PostgresNIO

extension PostgresLinkStore: LimitingDeferredClickStorage {
    /// Stores deferred clicks and counts them as store hops, in one statement each connection
    /// prepares once; see ``DeferredClickStorage``.
    ///
    /// The store hop's batches (``SQLLinkStore/insert(_:)`` on SQLite) would be a new statement
    /// text for every batch size, with sixteen placeholders a click, which PostgreSQL parsed,
    /// analysed and planned anew each time: a third of its work under the soak's store hop. Here
    /// each column of the batch is one array parameter, unpacked by `unnest`, so the text never
    /// changes and PostgreSQL only binds and executes it.
    package func insert(_ clicks: [DeferredClick]) async throws(StoreError) {
        _ = try await write(clicks, clients: Array(repeating: nil, count: clicks.count), limit: nil, now: Date())
    }

    /// Takes each click's rate-limit token and stores the clicks that got one, in the statement
    /// that ``insert(_:)`` runs; see ``LimitingDeferredClickStorage``. The store hop so costs one
    /// statement, where a shared limit taken before the write cost a second one, and a fifth of
    /// the server's time at 256 connections.
    package func insert(
        _ clicks: [DeferredClick], clients: [String?], limit: ClickRateLimit, now: Date
    ) async throws(StoreError) -> [Bool] {
        try await write(clicks, clients: clients, limit: limit, now: now)
    }

    private func write(_ clicks: [DeferredClick], clients: [String?], limit: ClickRateLimit?, now: Date) async throws(StoreError) -> [Bool] {
        guard !clicks.isEmpty else { return [] }
        precondition(clients.count == clicks.count, "every click has a client or nil")
        let statement = InsertDeferredClicks(clicks: clicks, clients: clients, limit: limit, now: now)
        let positions = try await run(
            clicks.count == 1 ? "insert deferred click" : "insert \(clicks.count) deferred clicks",
            duplicateMessage: clicks.count == 1 ? "the click token is taken" : "a click token is taken"
        ) { [logger] connection in
            var positions: [Int64] = []
            for try await position in try await connection.execute(statement, logger: logger) { positions.append(position) }
            return positions
        }
        var stored = Array(repeating: false, count: clicks.count)
        for position in positions where stored.indices.contains(Int(position) - 1) { stored[Int(position) - 1] = true }
        return stored
    }
}

/// Takes rate-limit tokens for a batch of deferred clicks, inserts those that got one, and adds
/// them to `deferred_counts` and `deferred_totals`, as ``SQLLinkStore/insert(_:)`` does with one
/// row of placeholders a click. The first seventeen parameters are columns of the batch: the sixteen
/// of `deferred_clicks`, then the day each click is counted on; the eighteenth each click's client
/// (`NULL`: no limit applies); then the limit's scope, rate and capacity and the moment, as
/// ``TakeRateLimitTokens`` takes them. A client's earlier clicks get its tokens first. Counts are
/// only added for clicks of a link that exists, in key order, as the shared statements add them.
/// Answers the position (from 1) of each click stored.
struct InsertDeferredClicks: PostgresPreparedStatement {
    static let name = "deeplink_insert_deferred_clicks"
    static let sql = """
        WITH input AS (\
        SELECT * FROM unnest(\
        $1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], \
        $9::text[], $10::text[], $11::text[], $12::text[], $13::int8[], $14::int8[], $15::int8[], $16::text[], $17::text[], $18::text[]) \
        WITH ORDINALITY AS input (\(PostgresLinkStore.deferredClickColumns), day, client, position)\
        ), wanted AS (\
        SELECT client, count(*) AS asked FROM input WHERE client IS NOT NULL GROUP BY client\
        ), taken AS (\
        \(TakeRateLimitTokens.takes(from: "wanted", scope: "$19::text", rate: "$20::int8", capacity: "$21::int8", now: "$22::int8"))\
        ), chosen AS (\
        SELECT ranked.* FROM (SELECT input.*, row_number() OVER (PARTITION BY client ORDER BY position) AS place FROM input) AS ranked \
        LEFT JOIN taken ON taken.client = ranked.client WHERE ranked.client IS NULL OR ranked.place <= taken.granted\
        ), inserted AS (\
        INSERT INTO deferred_clicks (\(PostgresLinkStore.deferredClickColumns)) \
        SELECT \(PostgresLinkStore.deferredClickColumns) FROM chosen ORDER BY position\
        ), added AS (\
        SELECT code, day, platform, count(*) AS hops FROM chosen \
        WHERE code IS NOT NULL AND EXISTS (SELECT 1 FROM links WHERE links.code = chosen.code) GROUP BY code, day, platform\
        ), counted AS (\
        INSERT INTO deferred_counts (code, day, platform, store_hops, claims) \
        SELECT code, day, platform, hops, 0 FROM added ORDER BY code, day, platform \
        ON CONFLICT (code, day, platform) DO UPDATE SET store_hops = deferred_counts.store_hops + excluded.store_hops\
        ), totals AS (\
        INSERT INTO deferred_totals (day, platform, store_hops, claims) \
        SELECT day, platform, CAST(SUM(hops) AS BIGINT), 0 FROM added GROUP BY day, platform ORDER BY day, platform \
        ON CONFLICT (day, platform) DO UPDATE SET store_hops = deferred_totals.store_hops + excluded.store_hops\
        ) \
        SELECT position FROM chosen ORDER BY position
        """
    static let bindingDataTypes: [PostgresDataType] =
        Array(repeating: .textArray, count: 12) + Array(repeating: .int8Array, count: 3) + [.textArray, .textArray, .textArray]
        + [.text, .int8, .int8, .int8]

    /// The clicks to insert.
    let clicks: [DeferredClick]
    /// Each click's client, `nil` for none.
    let clients: [String?]
    /// The limit the clients' tokens are taken from; `nil` when no click has a client.
    let limit: ClickRateLimit?
    /// The moment of the takes.
    let now: Date

    func makeBindings() throws -> PostgresBindings {
        let rows = clicks.map(PostgresLinkStore.storedValues(of:))
        var bindings = PostgresBindings(capacity: Self.bindingDataTypes.count)
        for column in 0..<12 {
            bindings.append(PostgresNullableArray(rows.map { $0[column].text }))
        }
        for column in 12..<15 {
            bindings.append(PostgresNullableArray(rows.map { $0[column].integer }))
        }
        bindings.append(PostgresNullableArray(rows.map { $0[15].text }))
        bindings.append(PostgresNullableArray<String>(clicks.map(\.countedDay)))
        bindings.append(PostgresNullableArray(clients))
        let rate = Int64(max(1, limit?.perMinute ?? 1))
        bindings.append(limit?.scope ?? "")
        bindings.append(rate)
        bindings.append(rate * RateLimitTakes.unitsPerToken)
        bindings.append(Int64((now.timeIntervalSince1970 * 1000).rounded(.down)))
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Int64 { try row.decode(Int64.self) }
}

extension SQLValue {
    /// The text of a `TEXT` value; `nil` for `NULL` (an integer here would be a mistake in the statement's columns).
    fileprivate var text: String? {
        guard case .text(let text) = self else { preconditionFailure("a TEXT column of deferred_clicks holds \(self)") }
        return text
    }

    /// The number of a `BIGINT` value; `nil` for `NULL`.
    fileprivate var integer: Int64? {
        guard case .integer(let integer) = self else { preconditionFailure("a BIGINT column of deferred_clicks holds \(self)") }
        return integer
    }
}

/// A one-dimensional array parameter whose elements may be `NULL`, in PostgreSQL's binary array
/// format. PostgresNIO encodes `[Element]` but not `[Element?]`; the format is the same but for
/// the flag that says nulls are present and a length of -1 for each of them.
struct PostgresNullableArray<Element: PostgresArrayEncodable & PostgresNonThrowingEncodable>: PostgresNonThrowingEncodable {
    static var psqlType: PostgresDataType { Element.psqlArrayType }
    static var psqlFormat: PostgresFormat { .binary }

    /// The elements, `nil` for `NULL`.
    let elements: [Element?]

    init(_ elements: [Element?]) {
        self.elements = elements
    }

    func encode<JSONEncoder: PostgresJSONEncoder>(into buffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        // Dimensions (none for an empty array), whether any element is NULL, the elements' type.
        buffer.writeInteger(elements.isEmpty ? 0 : 1, as: Int32.self)
        buffer.writeInteger(elements.contains { $0 == nil } ? 1 : 0, as: Int32.self)
        buffer.writeInteger(Element.psqlType.rawValue)
        guard !elements.isEmpty else { return }
        // The one dimension's length and lower bound.
        buffer.writeInteger(Int32(elements.count))
        buffer.writeInteger(1, as: Int32.self)
        for element in elements {
            if let element {
                // The element's length, known once it is written, then its bytes.
                let lengthIndex = buffer.writerIndex
                buffer.writeInteger(0, as: Int32.self)
                element.encode(into: &buffer, context: context)
                buffer.setInteger(Int32(buffer.writerIndex - lengthIndex - 4), at: lengthIndex)
            } else {
                buffer.writeInteger(-1, as: Int32.self)
            }
        }
    }
}
