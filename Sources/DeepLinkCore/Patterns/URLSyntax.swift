import Foundation

/// RFC 3986 scheme syntax: a letter, then letters, digits, `+`, `-` and `.`.
enum URLScheme {
    static func isValid(_ scheme: some StringProtocol) -> Bool {
        guard let first = scheme.unicodeScalars.first, first.isASCIILetter else { return false }
        return scheme.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || "+-.".unicodeScalars.contains($0) }
    }
}

/// DNS host names as universal-link domains use them: dot-separated labels of letters, digits
/// and hyphens, or a single leading `*.` wildcard label as in associated-domain entitlements.
enum HostName {
    static func isValid(_ host: String) -> Bool {
        var labels = host.split(separator: ".", omittingEmptySubsequences: false)
        if labels.first == "*" { labels.removeFirst() }
        guard !labels.isEmpty, host.utf8.count <= 253 else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.utf8.count <= 63 && label.first != "-" && label.last != "-"
                && label.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == "-" }
        }
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// Reads `application/x-www-form-urlencoded` queries.
package enum FormQuery {
    // Hand-written: URLEncodedFormDecoder refuses a whole query for one repeated or undecodable parameter (FormQueryTests).
    /// The items of a percent-encoded query, in order, or none when it cannot be read.
    /// - Parameter query: The query without `?`.
    package static func items(percentEncoded query: String) -> [URLQueryItem] {
        guard !query.isEmpty, let items = URLComponents(string: "/?" + query)?.percentEncodedQueryItems else { return [] }
        return items.map { URLQueryItem(name: decoded($0.name), value: $0.value.map(decoded)) }
    }

    /// A percent-encoded query's values by name: a repeated name's first wins, a bare name's is `""`.
    /// - Parameter query: The query without `?`.
    package static func firstValues(percentEncoded query: String) -> [String: String] {
        var values: [String: String] = [:]
        for item in items(percentEncoded: query) where values[item.name] == nil { values[item.name] = item.value ?? "" }
        return values
    }

    private static func decoded(_ text: String) -> String {
        // Foundation's string calls are skipped when there is nothing to replace: every short
        // link's request reads its query through here.
        let spaced = text.contains("+") ? text.replacingOccurrences(of: "+", with: " ") : text
        guard spaced.contains("%") else { return spaced }
        return spaced.removingPercentEncoding ?? spaced
    }
}
