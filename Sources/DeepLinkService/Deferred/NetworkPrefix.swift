import Crypto

/// The network part of a client's public address: the /24 of an IPv4 address or the /64 of an
/// IPv6 address, which a household's devices usually share. A `Sendable` value.
///
/// Addresses that do not identify a network are refused: private (RFC 1918, IPv6 ULA),
/// carrier-grade NAT (100.64.0.0/10, where thousands of phones share one address), loopback,
/// link-local, multicast, documentation and other reserved ranges.
struct NetworkPrefix: Sendable, Hashable {
    /// The prefix as text: `203.0.113.0/24` or `2001:db8:1:2::/64`.
    let text: String

    /// The prefix of an address, or `nil` for an unparsable or non-public address.
    /// - Parameter address: An IPv4 or IPv6 address, without port; an IPv4-mapped IPv6 address
    ///   counts as IPv4.
    init?(address: String) {
        guard let ip = IPAddress(address) else { return nil }
        let prefix: String?
        if ip.isIPv4 {
            prefix = Self.prefix(ipv4: ip.bytes)
        } else if ip.bytes[0] & 0xe0 == 0x20, ip.bytes[0..<4] != [0x20, 0x01, 0x0d, 0xb8] {
            // Only global unicast (2000::/3) is public; 2001:db8::/32 is for documentation.
            prefix = ip.ipv6Groups(4) + "::/64"
        } else {
            prefix = nil
        }
        guard let prefix else { return nil }
        text = prefix
    }

    private static func prefix(ipv4 bytes: [UInt8]) -> String? {
        isPublic(ipv4: bytes) ? "\(bytes[0]).\(bytes[1]).\(bytes[2]).0/24" : nil
    }

    /// The salted hash that is stored instead of the prefix: hex HMAC-SHA256 of the prefix, keyed with the salt.
    /// - Parameter salt: The salt of the click's period.
    func hash(salt: String) -> String {
        HMAC<SHA256>.authenticationCode(for: Array(text.utf8), using: SymmetricKey(data: Array(salt.utf8))).hexString
    }

    private static func isPublic(ipv4 bytes: [UInt8]) -> Bool {
        let (a, b) = (bytes[0], bytes[1])
        switch a {
        case 0, 10, 127: return false
        case 100 where (64...127).contains(b): return false  // carrier-grade NAT
        case 169 where b == 254: return false  // link-local
        case 172 where (16...31).contains(b): return false
        case 192 where b == 168: return false
        case 192 where b == 0 && (bytes[2] == 0 || bytes[2] == 2): return false  // IETF, TEST-NET-1
        case 198 where b == 18 || b == 19: return false  // benchmarking
        case 198 where b == 51 && bytes[2] == 100: return false  // TEST-NET-2
        case 203 where b == 0 && bytes[2] == 113: return false  // TEST-NET-3
        case 224...255: return false  // multicast and reserved
        default: return true
        }
    }
}
