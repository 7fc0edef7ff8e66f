#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// An IPv4 or IPv6 address read from text, as its bytes; an IPv4-mapped IPv6 address
/// (`::ffff:192.0.2.1`) is IPv4. A `Sendable` value.
package struct IPAddress: Sendable, Hashable {
    /// The address's bytes: 4 for IPv4, 16 for IPv6.
    package let bytes: [UInt8]

    /// Whether it is an IPv4 address.
    package var isIPv4: Bool { bytes.count == 4 }

    /// Whether a text is an IPv4 or IPv6 address, checked without building one (no arrays): for
    /// hot paths that only need to know, such as the client address behind a proxy.
    /// - Parameter text: The text.
    package static func isAddress(_ text: String) -> Bool {
        parses(text, orIPv6: true)
    }

    /// Whether a text is an IPv4 address in dotted decimal, checked on the stack: then the text
    /// is already the address's one spelling (`inet_pton` takes no other form of IPv4).
    package static func isIPv4(_ text: String) -> Bool {
        parses(text, orIPv6: false)
    }

    /// Whether `inet_pton` reads a text as an IPv4 address (or, when asked, an IPv6 one), into a
    /// buffer on the stack.
    private static func parses(_ text: String, orIPv6: Bool) -> Bool {
        text.withCString { pointer in
            withUnsafeTemporaryAllocation(byteCount: 16, alignment: 4) { buffer in
                inet_pton(AF_INET, pointer, buffer.baseAddress) == 1 || (orIPv6 && inet_pton(AF_INET6, pointer, buffer.baseAddress) == 1)
            }
        }
    }

    /// Reads an address.
    /// - Parameter text: An IPv4 or IPv6 address without port.
    package init?(_ text: String) {
        var v4 = [UInt8](repeating: 0, count: 4)
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = v4
            return
        }
        var v6 = [UInt8](repeating: 0, count: 16)
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        bytes = v6[0..<10].allSatisfy({ $0 == 0 }) && v6[10] == 0xff && v6[11] == 0xff ? Array(v6[12...]) : v6
    }

    /// The first `count` groups of an IPv6 address in hex, joined by colons: `2001:db8:1:2`.
    package func ipv6Groups(_ count: Int) -> String {
        stride(from: 0, to: 2 * count, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }.joined(separator: ":")
    }
}
