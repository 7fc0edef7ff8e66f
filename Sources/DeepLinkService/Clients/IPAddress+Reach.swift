#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

extension IPAddress {
    /// The address as text: `192.0.2.1`, `2001:db8::1`.
    package var text: String {
        var buffer = [CChar](repeating: 0, count: 64)
        let written = bytes.withUnsafeBufferPointer { address in
            inet_ntop(isIPv4 ? AF_INET : AF_INET6, address.baseAddress, &buffer, socklen_t(buffer.count))
        }
        guard written != nil else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Why a server should not send requests to the address, or `nil` for a public one: loopback,
    /// private (RFC 1918, unique local), link-local (cloud metadata services answer at
    /// 169.254.169.254), shared (carrier-grade NAT), unspecified, multicast, reserved or
    /// documentation ranges (IANA's special-purpose address registries, RFC 6890). IPv4 inside
    /// IPv6 (mapped, NAT64 `64:ff9b::/96`) is judged as the IPv4 address.
    package var nonPublicReason: String? {
        if isIPv4 { return Self.ipv4Reason(bytes) }
        // NAT64 (RFC 6052) carries an IPv4 address in its last four bytes.
        if bytes[0..<12] == [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0] { return Self.ipv4Reason(Array(bytes[12...])) }
        if bytes[0..<6] == [0x00, 0x64, 0xff, 0x9b, 0x00, 0x01] { return "local-use NAT64 (64:ff9b:1::/48)" }
        // 6to4 (RFC 3056) carries an IPv4 address in bytes 2 to 5.
        if bytes[0] == 0x20 && bytes[1] == 0x02, let reason = Self.ipv4Reason(Array(bytes[2..<6])) { return "6to4 of \(reason)" }
        // IETF protocol assignments (2001::/23), Teredo among them.
        if bytes[0] == 0x20 && bytes[1] == 0x01 && bytes[2] < 0x02 { return "IETF protocol assignments (2001::/23)" }
        if bytes[0] == 0x3f && bytes[1] & 0xf0 == 0xf0 { return "documentation (3fff::/20)" }
        if bytes[0] == 0x5f && bytes[1] == 0x00 { return "segment routing (5f00::/16)" }
        if bytes.allSatisfy({ $0 == 0 }) { return "the unspecified address" }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return "loopback" }
        // IPv4-translated (::ffff:0:a.b.c.d, RFC 2765's SIIT): a translator's way to an IPv4
        // address, 127.0.0.1 included, so never a public receiver.
        if bytes[0..<8].allSatisfy({ $0 == 0 }) && bytes[8] == 0xff && bytes[9] == 0xff && bytes[10] == 0 && bytes[11] == 0 {
            return "an IPv4-translated address (::ffff:0:0/96)"
        }
        // IPv4-compatible (deprecated, ::a.b.c.d).
        if bytes[0..<12].allSatisfy({ $0 == 0 }) { return Self.ipv4Reason(Array(bytes[12...])) ?? "an IPv4-compatible address" }
        if bytes[0] & 0xfe == 0xfc { return "a private address (unique local, fc00::/7)" }
        if bytes[0] == 0xfe && bytes[1] & 0xc0 == 0x80 { return "link-local (fe80::/10)" }
        if bytes[0] == 0xfe && bytes[1] & 0xc0 == 0xc0 { return "site-local (fec0::/10)" }
        if bytes[0] == 0xff { return "multicast" }
        if bytes[0] == 0x20 && bytes[1] == 0x01 && bytes[2] == 0x0d && bytes[3] == 0xb8 { return "documentation (2001:db8::/32)" }
        if bytes[0] == 0x01 && bytes[1..<8].allSatisfy({ $0 == 0 }) { return "discard-only (100::/64)" }
        return nil
    }

    private static func ipv4Reason(_ b: [UInt8]) -> String? {
        switch (b[0], b[1], b[2]) {
        case (0, _, _): return "\"this network\" (0.0.0.0/8)"
        case (10, _, _): return "a private address (10.0.0.0/8)"
        case (100, 64...127, _): return "shared address space (100.64.0.0/10)"
        case (127, _, _): return "loopback"
        case (169, 254, _): return "link-local (169.254.0.0/16, where cloud metadata services answer)"
        case (172, 16...31, _): return "a private address (172.16.0.0/12)"
        case (192, 0, 0): return "IETF protocol assignments (192.0.0.0/24)"
        case (192, 0, 2), (198, 51, 100), (203, 0, 113): return "documentation"
        case (192, 88, 99): return "the deprecated 6to4 relay anycast (192.88.99.0/24)"
        case (192, 168, _): return "a private address (192.168.0.0/16)"
        case (198, 18...19, _): return "benchmarking (198.18.0.0/15)"
        case (224...239, _, _): return "multicast"
        case (240...255, _, _): return "reserved (240.0.0.0/4)"
        default: return nil
        }
    }
}
