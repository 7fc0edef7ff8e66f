// Tests DeepLinkStoreSQLite, here beside the server's shared store suite, which runs against both stores.
import Testing

@testable import DeepLinkStoreSQLite

/// The shared SQL's `$1` placeholders, as SQLite gets them.
struct SQLitePlaceholderTests {
    @Test func dollarPlaceholdersBecomeNumberedOnesThatBindByTheirNumber() {
        #expect(
            SQLiteLinkStore.numberedPlaceholders("UPDATE t SET a = $1 WHERE b = $2 AND c > $1 AND d = $12")
                == "UPDATE t SET a = ?1 WHERE b = ?2 AND c > ?1 AND d = ?12")
    }

    @Test func aDollarNotFollowedByADigitIsLeftAlone() {
        #expect(SQLiteLinkStore.numberedPlaceholders("SELECT '$x', $") == "SELECT '$x', $")
    }
}
