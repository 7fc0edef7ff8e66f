import DeepLinkService
import PostgresNIO

extension PostgresLinkStore {
    /// The link with a code, or `nil`, read with a statement each connection prepares once.
    ///
    /// Every link opened that is not in the cache reads one row by its key. Sent as an unnamed
    /// statement, PostgreSQL parsed, analysed and planned it again each time, which was half of
    /// its work under the random-code benchmark of issue 15; prepared, it is planned generically
    /// after a few runs and then only bound and executed.
    package func link(code: String) async throws(StoreError) -> Link? {
        let rows = try await run("read link") { [logger] connection in try await Self.linkRows(code: code, on: connection, logger: logger) }
        return try rows.first.map(Link.init(row:))
    }

    /// The rows of the link with a code, read on one connection with ``LinkByCode``.
    static func linkRows(code: String, on connection: PostgresConnection, logger: Logger) async throws -> [Row] {
        var rows: [Row] = []
        for try await row in try await connection.execute(LinkByCode(code: code), logger: logger) {
            rows.append(Row(columns: row.makeRandomAccess()))
        }
        return rows
    }
}

/// ``SQLLinkStore/selectLinkByCode`` as a prepared statement, prepared by PostgresNIO on each
/// connection the first time that connection runs it.
struct LinkByCode: PostgresPreparedStatement {
    static let name = "deeplink_link_by_code"
    static let sql = PostgresLinkStore.selectLinkByCode
    static let bindingDataTypes: [PostgresDataType] = [.text]

    /// The code to read.
    let code: String

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(code)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}
