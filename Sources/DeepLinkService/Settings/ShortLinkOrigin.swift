import Foundation

/// Where short links are addressed: `https://` and the link host, or, for trying links on a
/// phone on the same network before DNS and TLS exist, the development origin that
/// `server.publicURL` names (`http://192.168.1.20:8080`). Every URL the server and the command
/// line generate (a link's `url`, QR codes, landing pages, store hops) starts with it. A
/// `Sendable` value.
package struct ShortLinkOrigin: Sendable, Hashable, CustomStringConvertible {
    /// `https`, or `http` for a development origin.
    package let scheme: String
    /// The host, lowercased; an IPv6 address without brackets.
    package let host: String
    /// The port when the URL names one.
    package let port: Int?

    /// The origin of a link host: `https://HOST`.
    /// - Parameter host: The link host.
    package init(httpsHost host: String) {
        self.init(scheme: "https", host: host.lowercased(), port: nil)
    }

    private init(scheme: String, host: String, port: Int?) {
        self.scheme = scheme
        self.host = host
        self.port = port
        description = "\(scheme)://\(host.contains(":") ? "[\(host)]" : host)\(port.map { ":\($0)" } ?? "")"
    }

    /// `scheme://host[:port]`, an IPv6 host in brackets; written once, as every generated URL
    /// starts with it.
    package let description: String

    /// A URL on the origin.
    /// - Parameter path: The path, starting with `/`, with any query.
    package func url(_ path: String) -> String {
        description + path
    }

    /// Whether a URL's host and port are this origin's (a missing port is the scheme's own).
    /// - Parameters:
    ///   - host: The URL's host, as `URLComponents` reads it.
    ///   - port: The URL's port.
    package func matches(host: String?, port: Int?) -> Bool {
        guard let host else { return false }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return bare.lowercased() == self.host && (port ?? defaultPort) == (self.port ?? defaultPort)
    }

    private var defaultPort: Int { scheme == "http" ? 80 : 443 }

    /// A development origin as `--public-url` gives it: `http://` or `https://`, an address of the
    /// local network (a private, loopback or link-local IP address, `localhost` or a `.local`
    /// name), an optional port, and nothing after it.
    ///
    /// A public host is refused: production links live on `https://` and `server.publicHost`,
    /// and universal links and App Links are verified over https only, which a development origin
    /// cannot give. So the setting cannot reach a production deployment by mistake.
    /// - Parameter text: The URL.
    /// - Throws: ``ServerSetting/Problem`` saying what is wrong and what to write instead.
    package static func development(_ text: String) throws(ServerSetting.Problem) -> ShortLinkOrigin {
        let example = "such as http://192.168.1.20:8080"
        guard let components = URLComponents(string: text.trimmingCharacters(in: .whitespaces)),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let rawHost = components.host, !rawHost.isEmpty
        else {
            throw ServerSetting.Problem("\"\(text)\" is not a URL \(example)")
        }
        guard components.user == nil, components.password == nil, components.query == nil, components.fragment == nil,
            components.path.isEmpty || components.path == "/"
        else {
            throw ServerSetting.Problem("\"\(text)\" has more than an origin; write the scheme, the address and the port alone, \(example)")
        }
        if let port = components.port, !(1...65_535).contains(port) {
            throw ServerSetting.Problem("the port of \"\(text)\" must be from 1 to 65535")
        }
        let host = rawHost.hasPrefix("[") ? String(rawHost.dropFirst().dropLast()).lowercased() : rawHost.lowercased()
        guard isLocal(host) else {
            throw ServerSetting.Problem(
                "\(host) is not an address of the local network; the public URL is a development setting for trying links on your "
                    + "own network (a 10.x, 172.16-31.x or 192.168.x address, localhost or a .local name). "
                    + "For a public link domain, set server.publicHost and serve it over https")
        }
        return ShortLinkOrigin(scheme: scheme, host: host, port: components.port)
    }

    /// Whether a host is of the local network: loopback, private (RFC 1918, RFC 4193) and
    /// link-local addresses, `localhost` and multicast-DNS `.local` names.
    static func isLocal(_ host: String) -> Bool {
        if host == "localhost" || host.hasSuffix(".localhost") || host.hasSuffix(".local") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false).map { UInt8($0) }
        if parts.count == 4, parts.allSatisfy({ $0 != nil }) {
            let octets = parts.map { $0! }
            switch (octets[0], octets[1]) {
            case (10, _), (127, _), (192, 168), (169, 254): return true
            case (172, 16...31): return true
            default: return false
            }
        }
        guard host.contains(":") else { return false }
        let lowered = host.lowercased()
        if lowered == "::1" { return true }
        guard let first = lowered.split(separator: ":", omittingEmptySubsequences: false).first, let word = UInt16(first, radix: 16) else {
            return false
        }
        // fc00::/7 (unique local) and fe80::/10 (link-local).
        return word & 0xFE00 == 0xFC00 || word & 0xFFC0 == 0xFE80
    }
}
