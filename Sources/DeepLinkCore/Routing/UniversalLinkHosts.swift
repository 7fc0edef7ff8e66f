/// The config's `hosts`, matched as associated domains are: exactly, or for a `*.example.com`
/// entry, any subdomain of `example.com` (but not `example.com` itself).
struct UniversalLinkHosts: Sendable {
    private let exact: Set<String>
    /// The wildcard entries without their `*`, e.g. `.example.com`.
    private let suffixes: [String]
    /// The entries as written in the config, for messages.
    let listed: [String]

    init(_ hosts: [String]) {
        listed = hosts
        exact = Set(hosts.filter { !$0.hasPrefix("*.") })
        suffixes = hosts.filter { $0.hasPrefix("*.") }.map { String($0.dropFirst()) }
    }

    /// Whether a host is one of the app's; hosts compare case-insensitively.
    func contains(_ host: String) -> Bool {
        let host = host.lowercased()
        return exact.contains(host) || suffixes.contains { host.hasSuffix($0) && host.count > $0.count }
    }
}
