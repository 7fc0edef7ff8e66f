import DeepLinkServer
import PostgresNIO

extension PostgresLinkStore {
    /// Stores deferred clicks and counts them as store hops, in one statement each connection
    /// prepares once; see ``DeferredClickStorage``.
    ///
    /// The store hop's batches (``SQLLinkStore/insert(_:)`` on SQLite) would be a new statement
    /// text for every batch size, with fifteen placeholders a click, which PostgreSQL parsed,
    /// analysed and planned anew each time: a third of its work under the soak's store hop. Here
    /// each column of the batch is one array parameter, unpacked by `unnest`, so the text never
    /// changes and PostgreSQL only binds and executes it.
    public func insert(_ clicks: [DeferredClick]) async throws(StoreError) {
        guard !clicks.isEmpty else { return }
        let statement = InsertDeferredClicks(clicks: clicks)
        try await run(
            clicks.count == 1 ? "insert deferred click" : "insert \(clicks.count) deferred clicks",
            duplicateMessage: clicks.count == 1 ? "the click token is taken" : "a click token is taken"
        ) { [logger] connection in
            for try await _ in try await connection.execute(statement, logger: logger) {}
        }
    }
}

/// Inserts a batch of deferred clicks and adds them to `deferred_counts` and `deferred_totals`,
/// as ``SQLLinkStore/insert(_:)`` does with one row of placeholders a click. Each of the sixteen
/// parameters is a column of the batch: the fifteen of `deferred_clicks`, then the day each click
/// is counted on. Counts are only added for clicks of a link that exists, in key order, as the
/// shared statements add them.
struct InsertDeferredClicks: PostgresPreparedStatement {
    static let name = "deeplink_insert_deferred_clicks"
    static let sql = """
        WITH input AS (
        SELECT * FROM unnest(\
        $1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], \
        $9::text[], $10::text[], $11::text[], $12::text[], $13::int8[], $14::int8[], $15::int8[], $16::text[]) \
        AS input (token, code, deep_link, platform, utm_source, utm_medium, utm_campaign, utm_term, utm_content, \
        campaign, network_hash, device, created_at, expires_at, claimed_at, day)\
        ), inserted AS (\
        INSERT INTO deferred_clicks (token, code, deep_link, platform, utm_source, utm_medium, utm_campaign, utm_term, \
        utm_content, campaign, network_hash, device, created_at, expires_at, claimed_at) \
        SELECT token, code, deep_link, platform, utm_source, utm_medium, utm_campaign, utm_term, utm_content, campaign, \
        network_hash, device, created_at, expires_at, claimed_at FROM input\
        ), added AS (\
        SELECT code, day, platform, count(*) AS hops FROM input \
        WHERE code IS NOT NULL AND EXISTS (SELECT 1 FROM links WHERE links.code = input.code) GROUP BY code, day, platform\
        ), counted AS (\
        INSERT INTO deferred_counts (code, day, platform, store_hops, claims) \
        SELECT code, day, platform, hops, 0 FROM added ORDER BY code, day, platform \
        ON CONFLICT (code, day, platform) DO UPDATE SET store_hops = deferred_counts.store_hops + excluded.store_hops\
        ) \
        INSERT INTO deferred_totals (day, platform, store_hops, claims) \
        SELECT day, platform, CAST(SUM(hops) AS BIGINT), 0 FROM added GROUP BY day, platform ORDER BY day, platform \
        ON CONFLICT (day, platform) DO UPDATE SET store_hops = deferred_totals.store_hops + excluded.store_hops
        """
    static let bindingDataTypes: [PostgresDataType] =
        Array(repeating: .textArray, count: 12) + Array(repeating: .int8Array, count: 3) + [.textArray]

    /// The clicks to insert.
    let clicks: [DeferredClick]

    func makeBindings() throws -> PostgresBindings {
        let rows = clicks.map(PostgresLinkStore.storedValues(of:))
        var bindings = PostgresBindings(capacity: Self.bindingDataTypes.count)
        for column in 0..<12 {
            bindings.append(PostgresNullableArray(rows.map { $0[column].text }))
        }
        for column in 12..<15 {
            bindings.append(PostgresNullableArray(rows.map { $0[column].integer }))
        }
        bindings.append(PostgresNullableArray<String>(clicks.map(\.countedDay)))
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
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
