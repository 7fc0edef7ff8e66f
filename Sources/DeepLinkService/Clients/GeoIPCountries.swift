import DeepLinkGeoIP
import Foundation
import Synchronization

/// Visitors' countries from a GeoIP database file (GeoLite2-Country, DB-IP Lite, or any
/// MaxMind DB whose records have `country.iso_code`), read into memory, and read again when the
/// file changes (``reloadIfChanged()``), as operators replace it weekly. Only the two-letter
/// country leaves it; the address is not kept. `Sendable`.
package final class GeoIPCountries: CountryLookup {
    /// The file.
    package let path: String
    private struct Loaded: Sendable {
        var database: MaxMindDatabase
        var stamp: FileStamp
        /// The country each record read so far gave, by the record's offset: a country database
        /// has a few hundred records however many networks point at them.
        var countries: [Int: String] = [:]
        /// Which reading of the file this is, so a lookup that began before a reload keeps nothing.
        var generation = 0
    }
    private let loaded: Mutex<Loaded>

    /// What tells that a file changed: its modification time and size.
    private struct FileStamp: Sendable, Equatable {
        var modified: Date?
        var size: Int?

        init(path: String) throws(GeoIPError) {
            do {
                let attributes = try FileManager.default.attributesOfItem(atPath: path)
                modified = attributes[.modificationDate] as? Date
                size = (attributes[.size] as? NSNumber)?.intValue
            } catch {
                throw GeoIPError(path: path, message: "cannot be read: \(error.localizedDescription)")
            }
        }
    }

    /// Reads the database.
    /// - Parameter path: The `.mmdb` file.
    /// - Throws: ``GeoIPError`` naming the file when it cannot be read or is not a MaxMind DB.
    package init(path: String) throws(GeoIPError) {
        self.path = path
        let stamp = try FileStamp(path: path)
        loaded = Mutex(Loaded(database: try Self.read(path), stamp: stamp))
    }

    /// The database as read now: its type, such as `GeoLite2-Country`, for the health page and the log.
    package var databaseType: String { loaded.withLock { $0.database.databaseType } }

    package func country(for address: String) -> String? {
        guard let address = IPAddress(address) else { return nil }
        let (database, generation) = loaded.withLock { ($0.database, $0.generation) }
        guard let offset = try? database.recordOffset(for: address.bytes) else { return nil }
        if let known = loaded.withLock({ $0.generation == generation ? $0.countries[offset] : nil }) { return known }
        guard let country = database.countryCode(ofRecordAt: offset) else { return nil }
        loaded.withLock { loaded in
            // The same file's records only: a reload starts the table again.
            guard loaded.generation == generation, loaded.countries.count < 65_536 else { return }
            loaded.countries[offset] = country
        }
        return country
    }

    /// Reads the file again when its modification time or size changed since it was read.
    /// - Returns: Whether a new database is in use.
    /// - Throws: ``GeoIPError`` when the changed file cannot be read; the database read before stays in use.
    @discardableResult
    package func reloadIfChanged() throws(GeoIPError) -> Bool {
        let stamp = try FileStamp(path: path)
        guard loaded.withLock({ $0.stamp != stamp }) else { return false }
        let database = try Self.read(path)
        loaded.withLock { $0 = Loaded(database: database, stamp: stamp, generation: $0.generation + 1) }
        return true
    }

    private static func read(_ path: String) throws(GeoIPError) -> MaxMindDatabase {
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw GeoIPError(path: path, message: "cannot be read: \(error.localizedDescription)")
        }
        do {
            return try MaxMindDatabase(bytes: bytes)
        } catch {
            throw GeoIPError(path: path, message: "is not a MaxMind DB (.mmdb) file: \(error)")
        }
    }
}

/// Why the GeoIP database cannot be used, naming the file. A `Sendable` value.
package struct GeoIPError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file.
    package let path: String
    /// What is wrong with it.
    package let message: String

    /// `the GeoIP database PATH MESSAGE (server.geoIPDatabase, --geoip-database, DEEPLINK_GEOIP_DATABASE)`.
    package var description: String {
        "the GeoIP database \(path) \(message) (server.geoIPDatabase, --geoip-database, DEEPLINK_GEOIP_DATABASE)"
    }
}
