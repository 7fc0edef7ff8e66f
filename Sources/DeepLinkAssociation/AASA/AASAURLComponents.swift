import Foundation

/// The parts of a URL that apple-app-site-association rules look at, both as the URL carries
/// them (percent-encoded) and percent-decoded.
public struct AASAURLComponents: Sendable, Hashable {
    /// Path, query, query items and fragment in one form.
    public struct Parts: Sendable, Hashable {
        /// The path; `/` when the URL has none.
        public let path: String
        /// The query without `?`; empty when the URL has none.
        public let query: String
        /// The query items in order; an item without `=` has the value `""`.
        public let queryItems: [(name: String, value: String)]
        /// The fragment without `#`; empty when the URL has none.
        public let fragment: String

        /// Compares all four parts.
        public static func == (lhs: Parts, rhs: Parts) -> Bool {
            lhs.path == rhs.path && lhs.query == rhs.query && lhs.fragment == rhs.fragment
                && lhs.queryItems.elementsEqual(rhs.queryItems) { $0.name == $1.name && $0.value == $1.value }
        }

        /// Hashes all four parts.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(path)
            hasher.combine(query)
            hasher.combine(fragment)
            for item in queryItems {
                hasher.combine(item.name)
                hasher.combine(item.value)
            }
        }
    }

    /// The URL's host, lowercased.
    public let host: String?
    /// The parts as the URL carries them.
    public let encoded: Parts
    /// The parts percent-decoded.
    public let decoded: Parts

    /// Splits a URL.
    /// - Parameter url: An absolute URL, usually `https`.
    /// - Throws: ``AssociationError`` with code `invalid-argument` when the URL cannot be split.
    public init(_ url: URL) throws(AssociationError) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw AssociationError(code: .invalidArgument, message: "not a valid URL", input: url.absoluteString)
        }
        host = components.host?.lowercased()
        let encodedPath = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        let encodedItems = (components.percentEncodedQueryItems ?? []).map { ($0.name, $0.value ?? "") }
        encoded = Parts(
            path: encodedPath, query: components.percentEncodedQuery ?? "", queryItems: encodedItems,
            fragment: components.percentEncodedFragment ?? "")
        func decode(_ text: String) -> String { text.removingPercentEncoding ?? text }
        decoded = Parts(
            path: decode(encodedPath), query: decode(encoded.query),
            queryItems: encodedItems.map { (decode($0.0), decode($0.1)) }, fragment: decode(encoded.fragment))
    }
}
