/// What the per-address limits count a client by: an IPv4 address as it is, an IPv6 address by
/// its /64, which one subscriber usually holds whole (RFC 6177), so that a client cannot take a
/// new address of its /64 for every try.
package enum RateLimitKey {
    /// The key of an address, or `nil` when the text is not an IP address.
    /// - Parameter address: An IPv4 or IPv6 address without port; an IPv4-mapped IPv6 address counts as IPv4.
    package static func of(address: String) -> String? {
        // The common case, on every counted click: a plain IPv4 address is its own key.
        if IPAddress.isIPv4(address) { return address }
        guard let ip = IPAddress(address) else { return nil }
        return ip.isIPv4 ? ip.bytes.map(String.init).joined(separator: ".") : ip.ipv6Groups(4) + "::/64"
    }
}
