import DeepLinkTesting
import Foundation
import Testing

@testable import DeepLinkService

/// The GeoIP database as the server uses it: addresses as text, IPv4-mapped IPv6 addresses as
/// IPv4, and the file read again when it changes.
struct GeoIPCountriesTests {
    static let germanyOnly = Fixtures.file("GeoIP/country-v4-28.mmdb")
    static let withIPv6 = Fixtures.file("GeoIP/country-v6-24.mmdb")

    @Test func addressesAsTextGetTheirCountryAndMappedIPv6CountsAsIPv4() throws {
        let countries = try GeoIPCountries(path: Self.withIPv6.path)
        #expect(countries.country(for: "46.4.1.1") == "DE")
        #expect(countries.country(for: "::ffff:46.4.1.1") == "DE", "the client's IPv4 address on a dual-stack socket")
        #expect(countries.country(for: "2a01:4f8:1::1") == "DE")
        #expect(countries.country(for: "81.2.69.160") == "GB")
        #expect(countries.country(for: "127.0.0.1") == nil)
        #expect(countries.country(for: "not an address") == nil)
        #expect(countries.country(for: "46.4.1.1:443") == nil)
        #expect(countries.databaseType == "GeoLite2-Country")
    }

    @Test func aMissingOrForeignFileIsRefusedNamingItAndTheSetting() throws {
        let folder = try temporaryFolder(prefix: "geoip")
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("GeoLite2-Country.mmdb").path
        #expect(throws: GeoIPError.self) { try GeoIPCountries(path: missing) }
        let text = folder.appendingPathComponent("countries.csv")
        try Data("DE,Germany\n".utf8).write(to: text)
        do {
            _ = try GeoIPCountries(path: text.path)
            Issue.record("a CSV file read as a database")
        } catch {
            #expect(error.description.contains(text.path))
            #expect(error.description.contains("is not a MaxMind DB (.mmdb) file"))
            #expect(error.description.contains("--geoip-database"))
        }
    }

    @Test func aChangedFileIsReadAgainAndABrokenOneLeavesTheOldDatabaseInUse() throws {
        let folder = try temporaryFolder(prefix: "geoip")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("GeoLite2-Country.mmdb")
        try Data(contentsOf: Self.germanyOnly).write(to: path)
        let countries = try GeoIPCountries(path: path.path)
        #expect(countries.country(for: "2a01:4f8:1::1") == nil, "an IPv4 database")
        #expect(try countries.reloadIfChanged() == false)

        // The weekly update: a new file moved into place, as operators' cron jobs do.
        let update = folder.appendingPathComponent("update.mmdb")
        try Data(contentsOf: Self.withIPv6).write(to: update)
        try FileManager.default.removeItem(at: path)
        try FileManager.default.moveItem(at: update, to: path)
        #expect(try countries.reloadIfChanged() == true)
        #expect(countries.country(for: "2a01:4f8:1::1") == "DE")

        // A half-written file is refused, and the database read before answers on.
        try Data("truncated".utf8).write(to: path)
        #expect(throws: GeoIPError.self) { try countries.reloadIfChanged() }
        #expect(countries.country(for: "2a01:4f8:1::1") == "DE")
        #expect(countries.country(for: "46.4.1.1") == "DE")
    }
}
