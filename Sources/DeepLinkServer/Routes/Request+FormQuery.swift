import Foundation
import Hummingbird

extension Request {
    /// The query read as a form, as browsers write it and as Firebase read long links: `+` is a
    /// space and `%2B` a plus. The first value of a repeated name wins.
    var formQuery: [String: String] {
        var values: [String: String] = [:]
        for item in FormQuery.items(percentEncoded: uri.query ?? "") where values[item.name] == nil {
            values[item.name] = item.value ?? ""
        }
        return values
    }
}

/// Reads `application/x-www-form-urlencoded` queries.
enum FormQuery {
    // Hand-written: URLEncodedFormDecoder refuses a whole query for one repeated or undecodable parameter (FormQueryTests).
    /// The items of a percent-encoded query, in order, or none when it cannot be read.
    /// - Parameter query: The query without `?`.
    static func items(percentEncoded query: String) -> [URLQueryItem] {
        guard !query.isEmpty, let items = URLComponents(string: "/?" + query)?.percentEncodedQueryItems else { return [] }
        return items.map { URLQueryItem(name: decoded($0.name), value: $0.value.map(decoded)) }
    }

    private static func decoded(_ text: String) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
