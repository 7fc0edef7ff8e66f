// Tests DeepLinkStorePostgres, here beside the server's shared store suite, which runs against both stores.
import DeepLinkTesting
import Foundation
import Logging
import PostgresNIO
import Testing

@testable import DeepLinkServer
@testable import DeepLinkStorePostgres

/// Links are read with a statement each connection prepares once, which reads what is stored now.
struct PostgresPreparedStatementTests {
    @Test(.enabled(if: TestPostgreSQL.url != nil))
    func aLinkIsReadWithAPreparedStatementThatSeesChangesAndOddCodes() async throws {
        try await StoreBackend.postgres.withStore { store in
            let store = try #require(store as? PostgresLinkStore)
            let odd = "o'dd\\$1;--"
            try await store.insert([LinkStoreTests().sampleLink("prepared"), LinkStoreTests().sampleLink(odd)])
            let logger = Logger(label: "test.prepared")
            let (codes, prepared) = try await store.run("test prepared statements") { connection in
                var codes: [String?] = []
                for code in ["prepared", odd, "missing", "prepared"] {
                    let rows = try await PostgresLinkStore.linkRows(code: code, on: connection, logger: logger)
                    codes.append(try rows.first.map(Link.init(row:))?.code)
                }
                var prepared: [String] = []
                for try await name in try await connection.query("SELECT name FROM pg_prepared_statements", logger: logger).decode(String.self) {
                    prepared.append(name)
                }
                return (codes, prepared)
            }
            #expect(codes == ["prepared", odd, nil, "prepared"])
            #expect(prepared == [LinkByCode.name])

            var changed = try #require(try await store.link(code: "prepared"))
            changed.deepLink = "shop://sales/7"
            #expect(try await store.update(changed))
            #expect(try await store.link(code: "prepared")?.deepLink == "shop://sales/7")
            #expect(try await store.deleteLink(code: "prepared"))
            #expect(try await store.link(code: "prepared") == nil)
        }
    }
}
