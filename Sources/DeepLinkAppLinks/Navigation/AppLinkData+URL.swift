import Foundation

extension AppLinkData {
    /// The name of the query parameter that carries link data in a URL: `al_applink_data`.
    public static let queryItemName = "al_applink_data"

    /// The link data as a query parameter value: its JSON text, percent-encoded so that only
    /// unreserved characters (`A-Z a-z 0-9 - . _ ~`) remain.
    public var queryValue: String {
        var encoded = ""
        for byte in jsonText.utf8 {
            if Self.isUnreserved(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return encoded
    }

    /// A URL with this link data as its `al_applink_data` query parameter.
    ///
    /// The parameter is appended to the existing query (after `?`, or `&` when the URL has a
    /// query already), before any fragment; an `al_applink_data` parameter the URL had is replaced.
    /// The rest of the URL is kept exactly as written.
    /// - Parameter url: The URL to open.
    /// - Throws: ``AppLinksError`` with code `invalid-url` when the result is not a valid URL.
    public func attached(to url: URL) throws(AppLinksError) -> URL {
        let parts = URLParts(url)
        let query = parts.queryItems.filter { !Self.isAppLinkDataItem($0) } + ["\(Self.queryItemName)=\(queryValue)"]
        let text = parts.beforeQuery + "?" + query.joined(separator: "&") + parts.fragmentSuffix
        guard let result = URL(string: text) else {
            throw AppLinksError(code: .invalidURL, message: "cannot attach al_applink_data to \(url.absoluteString)", url: url)
        }
        return result
    }

    /// The percent-encoded value of a URL's first `al_applink_data` query parameter.
    static func encodedQueryValue(in url: URL) -> Substring? {
        URLParts(url).queryItems.first(where: isAppLinkDataItem).map { item in item.dropFirst(queryItemName.count + 1) }
    }

    /// The URL without its `al_applink_data` query parameters, and without a `?` if nothing else is left.
    static func removingLinkData(from url: URL) -> URL {
        let parts = URLParts(url)
        let query = parts.queryItems.filter { !isAppLinkDataItem($0) }
        guard query.count < parts.queryItems.count else { return url }
        let text = parts.beforeQuery + (query.isEmpty ? "" : "?" + query.joined(separator: "&")) + parts.fragmentSuffix
        return URL(string: text) ?? url
    }

    private static func isAppLinkDataItem(_ item: Substring) -> Bool {
        item == queryItemName || item.hasPrefix(queryItemName + "=")
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }
}

/// A URL's text split around its query: everything before `?`, the `&`-separated items, the fragment.
private struct URLParts {
    let beforeQuery: Substring
    let queryItems: [Substring]
    let fragment: Substring?

    /// `#` and the fragment, or nothing.
    var fragmentSuffix: String { fragment.map { "#" + $0 } ?? "" }

    init(_ url: URL) {
        let text = url.absoluteString[...]
        let hash = text.firstIndex(of: "#")
        fragment = hash.map { text[text.index(after: $0)...] }
        let withoutFragment = text[..<(hash ?? text.endIndex)]
        guard let question = withoutFragment.firstIndex(of: "?") else {
            beforeQuery = withoutFragment
            queryItems = []
            return
        }
        beforeQuery = withoutFragment[..<question]
        let query = withoutFragment[withoutFragment.index(after: question)...]
        queryItems = query.isEmpty ? [] : query.split(separator: "&", omittingEmptySubsequences: false)
    }
}
