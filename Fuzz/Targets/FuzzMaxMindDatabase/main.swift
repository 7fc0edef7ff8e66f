import DeepLinkGeoIP
import FuzzSupport

/// Reads a GeoIP database file as the server does at start and on each change, then looks up
/// addresses in it: IPv4 and IPv6, taken from the input's first bytes.
@main
enum FuzzMaxMindDatabase {
    static func main() { FuzzDriver.run(fuzzMaxMindDatabase) }
}

func fuzzMaxMindDatabase(_ input: FuzzInput) {
    let bytes = Array(input.bytes)
    guard let database = try? MaxMindDatabase(bytes: bytes) else { return }
    let v4 = bytes.count >= 4 ? Array(bytes[0..<4]) : [46, 4, 1, 1]
    let v6 = bytes.count >= 16 ? Array(bytes[0..<16]) : [0x2a, 0x01, 0x04, 0xf8] + [UInt8](repeating: 0, count: 12)
    for address in [v4, v6, [46, 4, 1, 1], [81, 2, 69, 160]] {
        _ = try? database.record(for: address)
        _ = database.countryCode(for: address)
    }
}
