import Foundation

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
        if let bytes = Self.ipv4(address) ?? Self.ipv6(address).flatMap(Self.mappedIPv4) {
            guard Self.isPublic(ipv4: bytes) else { return nil }
            text = "\(bytes[0]).\(bytes[1]).\(bytes[2]).0/24"
        } else if let groups = Self.ipv6(address) {
            // Only global unicast (2000::/3) is public; 2001:db8::/32 is for documentation.
            guard groups[0] & 0xe000 == 0x2000, !(groups[0] == 0x2001 && groups[1] == 0x0db8) else { return nil }
            text = groups[0..<4].map { String($0, radix: 16) }.joined(separator: ":") + "::/64"
        } else {
            return nil
        }
    }

    /// The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`).
    private static func mappedIPv4(_ groups: [UInt16]) -> [UInt8]? {
        guard groups[0..<5].allSatisfy({ $0 == 0 }), groups[5] == 0xffff else { return nil }
        return [UInt8(groups[6] >> 8), UInt8(groups[6] & 0xff), UInt8(groups[7] >> 8), UInt8(groups[7] & 0xff)]
    }

    /// The salted hash that is stored instead of the prefix: hex SHA-256 of salt and prefix.
    /// - Parameter salt: The salt of the click's period.
    func hash(salt: String) -> String {
        SHA256.hex(salt + "|" + text)
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

    private static func ipv4(_ text: String) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let bytes = parts.compactMap { part -> UInt8? in
            guard (1...3).contains(part.count), part.allSatisfy(\.isASCII), part.allSatisfy(\.isNumber),
                part.count == 1 || part.first != "0"
            else { return nil }
            return UInt8(part)
        }
        return bytes.count == 4 ? bytes : nil
    }

    private static func ipv6(_ text: String) -> [UInt16]? {
        let address = text.split(separator: "%", maxSplits: 1).first.map(String.init) ?? text
        let halves = address.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String) -> [UInt16]? {
            guard !part.isEmpty else { return [] }
            var result: [UInt16] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if index == pieces.count - 1, piece.contains("."), let v4 = ipv4(String(piece)) {
                    result += [UInt16(v4[0]) << 8 | UInt16(v4[1]), UInt16(v4[2]) << 8 | UInt16(v4[3])]
                } else {
                    guard (1...4).contains(piece.count), let value = UInt16(piece, radix: 16) else { return nil }
                    result.append(value)
                }
            }
            return result
        }
        guard let head = groups(halves[0]) else { return nil }
        if halves.count == 1 { return head.count == 8 ? head : nil }
        guard let tail = groups(halves[1]), head.count + tail.count < 8 else { return nil }
        return head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
    }
}
