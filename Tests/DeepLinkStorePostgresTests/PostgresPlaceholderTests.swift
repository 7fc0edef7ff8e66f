// Tests DeepLinkStorePostgres, here beside the server's shared store suite, which runs against both stores.
import Testing

@testable import DeepLinkStorePostgres

/// Writes run together as one PostgreSQL statement: each one's placeholders follow the ones before it.
struct PostgresPlaceholderTests {
    @Test func placeholdersAreRenumberedAfterTheEarlierStatementsValues() {
        #expect(
            PostgresLinkStore.shiftingPlaceholders(of: "INSERT INTO t VALUES ($1, $2), ($3, $12) ON CONFLICT (a) DO UPDATE SET b = $1", by: 7)
                == "INSERT INTO t VALUES ($8, $9), ($10, $19) ON CONFLICT (a) DO UPDATE SET b = $8")
        #expect(PostgresLinkStore.shiftingPlaceholders(of: "SELECT $9", by: 991) == "SELECT $1000")
        #expect(PostgresLinkStore.shiftingPlaceholders(of: "SELECT $1", by: 0) == "SELECT $1")
        #expect(PostgresLinkStore.shiftingPlaceholders(of: "SELECT '$', $$x$$, 'é$2'", by: 3) == "SELECT '$', $$x$$, 'é$5'")
    }
}
