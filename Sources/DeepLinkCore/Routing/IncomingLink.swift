import Foundation

/// A URL taken apart the way routing needs it: its route segments and its query.
struct IncomingLink: Sendable {
    /// Percent-decoded route segments: for a universal link the path's, otherwise the host
    /// followed by the path's.
    let segments: [String]
    /// Every query value per name, percent-decoded, in URL order.
    let query: [String: [String]]

    /// Takes a URL apart, or explains why the app does not own it.
    /// - Returns: The link, or the reason the URL is rejected.
    static func parse(_ url: URL, schemes: Set<String>, hosts: Set<String>) -> Result<IncomingLink, RejectionReason> {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false), let rawScheme = components.scheme
        else {
            return .failure(RejectionReason("\(url.absoluteString) has no scheme; a deep link looks like shop://path"))
        }
        let scheme = rawScheme.lowercased()
        let host = components.percentEncodedHost.map(percentDecoded) ?? ""
        let isUniversalLink = scheme == "https" && hosts.contains(host.lowercased())
        if !isUniversalLink, !schemes.isEmpty, !schemes.contains(scheme) {
            return .failure(rejection(scheme: scheme, host: host, schemes: schemes, hosts: hosts))
        }
        var segments: [String] = []
        if !isUniversalLink, !host.isEmpty { segments.append(host) }
        for rawSegment in components.percentEncodedPath.split(separator: "/") {
            segments.append(percentDecoded(rawSegment))
        }
        return .success(IncomingLink(segments: segments, query: parseQuery(components.percentEncodedQuery)))
    }

    private static func rejection(scheme: String, host: String, schemes: Set<String>, hosts: Set<String>) -> RejectionReason {
        let owned = schemes.sorted().joined(separator: ", ")
        if scheme == "https" || scheme == "http" {
            guard hosts.contains(host.lowercased()) else {
                let listed = hosts.isEmpty ? "the config lists no hosts" : "its hosts are \(hosts.sorted().joined(separator: ", "))"
                return RejectionReason("host \(host) is not one of the app's universal-link hosts (\(listed))")
            }
            return RejectionReason("universal links must use https, not \(scheme)")
        }
        return RejectionReason("scheme \(scheme) is not one of the app's schemes (\(owned))")
    }

    /// Parses `a=1&b=2`: names and values are percent-decoded; `+` stays `+`.
    private static func parseQuery(_ query: String?) -> [String: [String]] {
        guard let query, !query.isEmpty else { return [:] }
        var values: [String: [String]] = [:]
        for item in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = percentDecoded(parts[0])
            guard !name.isEmpty else { continue }
            values[name, default: []].append(parts.count > 1 ? percentDecoded(parts[1]) : "")
        }
        return values
    }

    /// Decodes percent escapes; text that is not valid percent-encoding is kept as written.
    static func percentDecoded(_ text: some StringProtocol) -> String {
        guard text.contains("%") else { return String(text) }
        return String(text).removingPercentEncoding ?? String(text)
    }
}

/// Why a URL is not the app's to route.
struct RejectionReason: Error, Sendable, Hashable {
    let message: String
    init(_ message: String) { self.message = message }
}
