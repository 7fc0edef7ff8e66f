import Foundation

/// A URL taken apart the way routing needs it: its route segments and its query.
///
/// The URL's text is split by hand (RFC 3986: `scheme:[//[userinfo@]host[:port]]path[?query][#fragment]`)
/// rather than with `URLComponents`, which costs several times more than the whole route lookup.
struct IncomingLink: Sendable {
    /// Percent-decoded route segments: for a universal link the path's, otherwise the host
    /// followed by the path's.
    let segments: [String]
    /// The query's items as written, undecoded, in URL order.
    private let queryItems: [(name: Substring, value: Substring)]

    /// Takes a URL apart, or explains why the app does not own it.
    /// - Returns: The link, or the reason the URL is rejected.
    static func parse(_ url: URL, schemes: Set<String>, hosts: Set<String>) -> Result<IncomingLink, RejectionReason> {
        let text = url.absoluteString
        guard let parts = URLParts(text) else {
            return .failure(RejectionReason("\(text) has no scheme; a deep link looks like shop://path"))
        }
        let scheme = parts.scheme.lowercased()
        let host = percentDecoded(parts.host ?? "")
        let isUniversalLink = scheme == "https" && hosts.contains(host.lowercased())
        if !isUniversalLink, !schemes.isEmpty, !schemes.contains(scheme) {
            return .failure(rejection(scheme: scheme, host: host, schemes: schemes, hosts: hosts))
        }
        var segments: [String] = []
        if !isUniversalLink, !host.isEmpty { segments.append(host) }
        for rawSegment in parts.path.splitUTF8("/") {
            segments.append(percentDecoded(rawSegment))
        }
        var items: [(name: Substring, value: Substring)] = []
        for item in (parts.query ?? "").splitUTF8("&") {
            if let equals = item.utf8.firstIndex(of: UInt8(ascii: "=")) {
                items.append((item[..<equals], item[item.utf8.index(after: equals)...]))
            } else {
                items.append((item, item[item.endIndex...]))
            }
        }
        return .success(IncomingLink(segments: segments, queryItems: items))
    }

    /// Every value of a query parameter, percent-decoded, in URL order; `+` stays `+`.
    func queryValues(named name: String) -> [String] {
        queryItems.compactMap { item in
            let matches = item.name.utf8.contains(UInt8(ascii: "%")) ? percentDecoded(item.name) == name : item.name == name
            return matches ? percentDecoded(item.value) : nil
        }
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
}

/// Decodes `%XX` escapes. Text whose escapes are malformed or decode to invalid UTF-8 is kept
/// as written, as `removingPercentEncoding` failing would leave it.
func percentDecoded(_ text: some StringProtocol) -> String {
    let utf8 = text.utf8
    guard utf8.contains(UInt8(ascii: "%")) else { return String(text) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count)
    var index = utf8.startIndex
    while index != utf8.endIndex {
        let byte = utf8[index]
        guard byte == UInt8(ascii: "%") else {
            bytes.append(byte)
            index = utf8.index(after: index)
            continue
        }
        let first = utf8.index(after: index)
        guard first != utf8.endIndex, utf8.index(after: first) != utf8.endIndex,
            let high = hexDigitValue(utf8[first]), let low = hexDigitValue(utf8[utf8.index(after: first)])
        else { return String(text) }
        bytes.append(high << 4 | low)
        index = utf8.index(first, offsetBy: 2)
    }
    return String(validating: bytes, as: UTF8.self) ?? String(text)
}

private func hexDigitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}

/// The parts of a URL's text, still percent-encoded.
///
/// Works on UTF-8 code units: the delimiters are ASCII, and searching by `Character` would pay
/// for grapheme breaking on every step.
struct URLParts {
    let scheme: Substring
    /// The host without user info and port; `nil` when the URL has no `//` authority.
    let host: Substring?
    let path: Substring
    let query: Substring?

    init?(_ text: String) {
        var rest = Substring(text)
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) { rest = rest[..<hash] }
        guard let colon = rest.utf8.firstIndex(of: UInt8(ascii: ":")), colon != rest.startIndex,
            URLScheme.isValid(rest[..<colon])
        else { return nil }
        scheme = rest[..<colon]
        rest = rest[rest.utf8.index(after: colon)...]
        if let question = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = rest[rest.utf8.index(after: question)...]
            rest = rest[..<question]
        } else {
            query = nil
        }
        guard rest.utf8.starts(with: "//".utf8) else {
            host = nil
            path = rest
            return
        }
        rest = rest[rest.utf8.index(rest.startIndex, offsetBy: 2)...]
        let authorityEnd = rest.utf8.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        path = rest[authorityEnd...]
        if let at = authority.utf8.lastIndex(of: UInt8(ascii: "@")) {
            authority = authority[authority.utf8.index(after: at)...]
        }
        // A port follows the last ':' unless that ':' is inside an IPv6 literal's brackets.
        if let portColon = authority.utf8.lastIndex(of: UInt8(ascii: ":")),
            !authority.utf8[portColon...].contains(UInt8(ascii: "]"))
        {
            authority = authority[..<portColon]
        }
        host = authority
    }
}

extension Substring {
    /// The non-empty pieces between ASCII separators, found on UTF-8 code units.
    func splitUTF8(_ separator: Unicode.Scalar) -> [Substring] {
        utf8.split(separator: UInt8(ascii: separator)).map { Substring($0) }
    }
}
