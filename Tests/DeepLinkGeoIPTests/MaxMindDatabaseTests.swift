import DeepLinkGeoIP
import DeepLinkTesting
import Foundation
import Testing

/// The reader against files PyPI's `mmdb-writer` wrote (Tests/Fixtures/GeoIP/make-fixtures.py),
/// each answer compared with what Debian's `mmdblookup` (libmaxminddb 1.7.1) answered for the
/// same file and address, recorded in `mmdblookup.json`.
struct MaxMindDatabaseTests {
    struct Table: Decodable {
        struct File: Decodable {
            let recordSize: Int
            let ipVersion: Int
            let answers: [String: String?]
        }
        let source: String
        let files: [String: File]
        let types: [String: String?]
    }

    static func table() throws -> Table {
        try JSONDecoder().decode(Table.self, from: Data(contentsOf: Fixtures.file("GeoIP/mmdblookup.json")))
    }

    static func database(_ name: String) throws -> MaxMindDatabase {
        try MaxMindDatabase(bytes: Array(try Data(contentsOf: Fixtures.file("GeoIP/\(name)"))))
    }

    /// The address's bytes as mmdblookup reads the text: IPv4 as 4 bytes, any IPv6 text
    /// (`::ffff:46.4.1.1` too) as 16.
    static func bytes(_ text: String) throws -> [UInt8] {
        var v4 = [UInt8](repeating: 0, count: 4)
        if inet_pton(AF_INET, text, &v4) == 1 { return v4 }
        var v6 = [UInt8](repeating: 0, count: 16)
        try #require(inet_pton(AF_INET6, text, &v6) == 1, "\(text) is an address")
        return v6
    }

    @Test(arguments: ["country-v6-24.mmdb", "country-v4-28.mmdb", "country-v6-32.mmdb"])
    func everyAddressGetsTheCountryMmdblookupGives(file: String) throws {
        let table = try Self.table()
        let expected = try #require(table.files[file])
        let database = try Self.database(file)
        #expect(database.ipVersion == expected.ipVersion)
        #expect(database.metadata["record_size"]?.unsignedValue == UInt64(expected.recordSize))
        #expect(database.databaseType == "GeoLite2-Country")
        #expect(expected.answers.count >= 14)
        for (address, country) in expected.answers {
            #expect(database.countryCode(for: try Self.bytes(address)) == country, "\(file) \(address), as \(table.source) answered")
        }
    }

    @Test func theNarrowerNetworkDecidesAndARecordWithoutCountryFallsBackToTheRegisteredOne() throws {
        let database = try Self.database("country-v6-24.mmdb")
        #expect(database.countryCode(for: [46, 4, 1, 1]) == "DE")
        #expect(database.countryCode(for: [46, 4, 10, 20]) == "US")
        let australian = try #require(try database.record(for: [1, 128, 0, 1]))
        #expect(australian["country"] == nil)
        #expect(database.countryCode(for: [1, 128, 0, 1]) == "AU")
    }

    @Test func anIPv4OnlyDatabaseHasNoAnswerForIPv6() throws {
        let database = try Self.database("country-v4-28.mmdb")
        #expect(try database.record(for: try Self.bytes("2a01:4f8:1::1")) == nil)
        #expect(database.countryCode(for: [1, 2, 3]) == nil)
    }

    @Test func everyDataTypeDecodesAsWritten() throws {
        let database = try Self.database("types.mmdb")
        let record = try #require(try database.record(for: [10, 1, 2, 3]))
        #expect(record["u16"] == .unsigned(65535))
        #expect(record["u32"] == .unsigned(4_294_967_295))
        #expect(record["u64"] == .unsigned(UInt64.max))
        #expect(try Self.table().types["u64"] == "18446744073709551615")
        #expect(record["u128"] == .unsigned128([UInt8](repeating: 0xFF, count: 16)))
        #expect(record["i32"] == .signed(Int32.min))
        #expect(record["f32"] == .double(1.5))
        #expect(record["f64"] == .double(-0.25))
        #expect(record["true"] == .bool(true))
        #expect(record["false"] == .bool(false))
        #expect(record["bytes"] == .bytes([0, 1, 0xFF]))
        #expect(record["array"] == .array([.unsigned(1), .string("two"), .map(["three": .unsigned(3)])]))
        #expect(record["empty"] == .map([:]))
        #expect(record["short"] == .string(String(repeating: "x", count: 28)))
        #expect(record["medium"] == .string(String(repeating: "y", count: 200)))
        #expect(record["long"] == .string(String(repeating: "z", count: 70000)))
        #expect(record["unicode"] == .string("Zürich 東京"))
        #expect(try database.record(for: [11, 0, 0, 1]) == nil)
    }

    @Test func aFileThatIsNoDatabaseIsRefusedSayingWhy() throws {
        #expect(throws: MaxMindDatabaseError.self) { try MaxMindDatabase(bytes: Array("not a database".utf8)) }
        do {
            _ = try MaxMindDatabase(bytes: Array(repeating: 0, count: 1000))
            Issue.record("zeros read as a database")
        } catch {
            #expect(error.description.contains("metadata marker"))
        }
    }

    @Test func aTruncatedOrCorruptedFileIsAnErrorOrNoAnswerNeverACrash() throws {
        let bytes = Array(try Data(contentsOf: Fixtures.file("GeoIP/country-v6-24.mmdb")))
        // Cut anywhere: either refused, or every lookup answers or fails without crashing.
        for cut in stride(from: 0, to: bytes.count, by: 7) {
            guard let database = try? MaxMindDatabase(bytes: Array(bytes[..<cut]) + Array(bytes[(bytes.count - 200)...])) else { continue }
            _ = database.countryCode(for: [46, 4, 1, 1])
            _ = database.countryCode(for: try Self.bytes("2a01:4f8:1::1"))
        }
        // Every byte of the tree and data flipped in turn.
        for index in stride(from: 0, to: bytes.count - 300, by: 3) {
            var flipped = bytes
            flipped[index] ^= 0xFF
            guard let database = try? MaxMindDatabase(bytes: flipped) else { continue }
            _ = database.countryCode(for: [46, 4, 1, 1])
            _ = database.countryCode(for: [193, 51, 8, 2])
        }
    }
}
