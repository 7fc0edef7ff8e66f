import Foundation

/// A URL taken apart the way routing needs it: its route segments and its query.
///
/// The URL's text is split by hand on its UTF-8 bytes (RFC 3986:
/// `scheme:[//[userinfo@]host[:port]]path[?query][#fragment]`) rather than with `URLComponents`
/// or `Character`-based searches, which cost several times more than the whole route lookup.
struct IncomingLink: Sendable {
    /// Percent-decoded route segments: for a universal link the path's, otherwise the host
    /// followed by the path's.
    let segments: [String]
    /// The query as written, undecoded; items are read on demand, for declared names only. A
    /// slice of the URL's text: copying it out cost an allocation a lookup.
    let query: Substring

    init(segments: [String], query: Substring) {
        self.segments = segments
        self.query = query
    }

    init(segments: [String], query: String) {
        self.init(segments: segments, query: Substring(query))
    }

    /// Takes a URL apart, or explains why the app does not own it.
    /// - Parameters:
    ///   - url: The link.
    ///   - schemes: The app's schemes, lowercased; empty accepts every scheme.
    ///   - hosts: The app's universal-link hosts.
    /// - Returns: The link, or the reason the URL is rejected.
    static func parse(_ url: URL, schemes: [String], hosts: UniversalLinkHosts) -> Result<IncomingLink, RejectionReason> {
        var text = url.absoluteString
        var isUniversalLink = false
        // The host becomes the first segment while the path is split, so the segments are built once.
        let parts = text.withUTF8 { bytes in
            URLParts(bytes: bytes) { scheme, host in
                isUniversalLink = scheme == "https" && hosts.contains(host)
                return !isUniversalLink
            }
        }
        guard let parts else {
            return .failure(RejectionReason("\(text) has no scheme; a deep link looks like shop://path"))
        }
        if !isUniversalLink, !schemes.isEmpty, !schemes.contains(parts.scheme) {
            return .failure(rejection(scheme: parts.scheme, host: parts.host ?? "", schemes: schemes, hosts: hosts))
        }
        let utf8 = text.utf8
        let query = text[utf8.index(utf8.startIndex, offsetBy: parts.query.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: parts.query.upperBound)]
        return .success(IncomingLink(segments: parts.segments, query: query))
    }

    /// Calls `body` with every value of a query parameter, percent-decoded, in URL order;
    /// `+` stays `+`.
    func forEachQueryValue(named name: String, _ body: (String) -> Void) {
        guard !query.isEmpty else { return }
        var query = query
        var nameText = name
        nameText.withUTF8 { nameBytes in
            query.withUTF8 { bytes in
                // One pass over the bytes with plain indices: searching slices of the buffer with
                // `firstIndex(of:)` cost about 1,000 instructions a lookup (callgrind).
                let count = bytes.count
                var start = 0
                while start < count {
                    var end = start
                    var equals = -1
                    var nameHasEscape = false
                    while end < count, bytes[end] != UInt8(ascii: "&") {
                        if equals < 0 {
                            if bytes[end] == UInt8(ascii: "=") {
                                equals = end
                            } else if bytes[end] == UInt8(ascii: "%") {
                                nameHasEscape = true
                            }
                        }
                        end += 1
                    }
                    defer { start = end + 1 }
                    guard end > start else { continue }
                    let nameEnd = equals < 0 ? end : equals
                    let matches =
                        nameHasEscape
                        ? percentDecoded(bytes[start..<nameEnd]) == name
                        : nameEnd - start == nameBytes.count
                            && (nameBytes.isEmpty || memcmp(bytes.baseAddress! + start, nameBytes.baseAddress!, nameBytes.count) == 0)
                    guard matches else { continue }
                    body(equals < 0 ? "" : percentDecoded(bytes[(equals + 1)..<end]))
                }
            }
        }
    }

    private static func rejection(scheme: String, host: String, schemes: [String], hosts: UniversalLinkHosts) -> RejectionReason {
        let owned = schemes.joined(separator: ", ")
        if scheme == "https" || scheme == "http" {
            guard hosts.contains(host) else {
                let listed = hosts.listed.isEmpty ? "the config lists no hosts" : "its hosts are \(hosts.listed.sorted().joined(separator: ", "))"
                return RejectionReason("host \(host) is not one of the app's universal-link hosts (\(listed))")
            }
            return RejectionReason("universal links must use https, not \(scheme)")
        }
        return RejectionReason("scheme \(scheme) is not one of the app's schemes (\(owned))")
    }
}

/// Percent-encodes everything but RFC 3986's unreserved characters.
func percentEncoded(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: unreservedCharacters) ?? text
}

private let unreservedCharacters = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

/// Decodes `%XX` escapes. Text whose escapes are malformed or decode to invalid UTF-8 is kept
/// as written, as `removingPercentEncoding` failing would leave it.
func percentDecoded(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
    var copy = text
    return copy.withUTF8 { percentDecoded($0[...]) }
}

/// Decodes `%XX` escapes in UTF-8 bytes, keeping malformed text as written.
func percentDecoded(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
    guard bytes.contains(UInt8(ascii: "%")) else { return String(decoding: bytes, as: UTF8.self) }
    var decoded: [UInt8] = []
    decoded.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index < bytes.endIndex {
        let byte = bytes[index]
        guard byte == UInt8(ascii: "%") else {
            decoded.append(byte)
            index += 1
            continue
        }
        guard index + 2 < bytes.endIndex, let high = hexDigitValue(bytes[index + 1]), let low = hexDigitValue(bytes[index + 2])
        else { return String(decoding: bytes, as: UTF8.self) }
        decoded.append(high << 4 | low)
        index += 3
    }
    return String(validating: decoded, as: UTF8.self) ?? String(decoding: bytes, as: UTF8.self)
}

private func hexDigitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}

/// The parts of a URL's text that routing needs.
struct URLParts {
    /// The scheme, lowercased.
    let scheme: String
    /// The percent-decoded host without user info and port; `nil` when the URL has no `//` authority.
    let host: String?
    /// The path's non-empty segments, each percent-decoded on its own, after the host when
    /// `hostIsSegment` said so.
    let segments: [String]
    /// Where the query is in the text, still percent-encoded, as byte offsets; empty when there is none.
    let query: Range<Int>

    /// Takes a URL's text apart.
    /// - Parameters:
    ///   - bytes: The URL's UTF-8 text.
    ///   - hostIsSegment: Given the lowercased scheme and a non-empty decoded host, whether the
    ///     host is the first route segment (custom schemes) or not (universal links).
    init?(bytes: UnsafeBufferPointer<UInt8>, hostIsSegment: (_ scheme: String, _ host: String) -> Bool) {
        var end = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
        guard let colon = bytes[..<end].firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return nil }
        let schemeBytes = bytes[..<colon]
        guard schemeBytes.first.map(Self.isASCIILetter) == true,
            schemeBytes.allSatisfy({ Self.isASCIILetter($0) || (0x30...0x39).contains($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E })
        else { return nil }
        let isLowercase = !schemeBytes.contains { (0x41...0x5A).contains($0) }
        scheme = isLowercase
            ? String(decoding: schemeBytes, as: UTF8.self)
            : String(decoding: schemeBytes.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)

        if let question = bytes[colon..<end].firstIndex(of: UInt8(ascii: "?")) {
            query = (question + 1)..<end
            end = question
        } else {
            query = end..<end
        }

        var pathStart = colon + 1
        if end - pathStart >= 2, bytes[pathStart] == UInt8(ascii: "/"), bytes[pathStart + 1] == UInt8(ascii: "/") {
            let authorityStart = pathStart + 2
            let authorityEnd = bytes[authorityStart..<end].firstIndex(of: UInt8(ascii: "/")) ?? end
            var hostStart = authorityStart
            if let at = bytes[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")) { hostStart = at + 1 }
            var hostEnd = authorityEnd
            // A port follows the last ':' unless that ':' is inside an IPv6 literal's brackets.
            if let portColon = bytes[hostStart..<authorityEnd].lastIndex(of: UInt8(ascii: ":")),
                !bytes[portColon..<authorityEnd].contains(UInt8(ascii: "]"))
            {
                hostEnd = portColon
            }
            host = percentDecoded(bytes[hostStart..<hostEnd])
            pathStart = authorityEnd
        } else {
            host = nil
        }
        let path = bytes[pathStart..<end]
        var segments: [String] = []
        segments.reserveCapacity(path.count { $0 == UInt8(ascii: "/") } + 2)
        if let host, !host.isEmpty, hostIsSegment(scheme, host) { segments.append(host) }
        Self.forEachPiece(of: path, separatedBy: UInt8(ascii: "/")) { segments.append(percentDecoded($0)) }
        self.segments = segments
    }

    /// Calls `body` with each non-empty piece between separators, without building an array of pieces.
    static func forEachPiece(
        of bytes: Slice<UnsafeBufferPointer<UInt8>>, separatedBy separator: UInt8, _ body: (Slice<UnsafeBufferPointer<UInt8>>) -> Void
    ) {
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: separator) ?? bytes.endIndex
            if end > start { body(bytes[start..<end]) }
            start = end + 1
        }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
