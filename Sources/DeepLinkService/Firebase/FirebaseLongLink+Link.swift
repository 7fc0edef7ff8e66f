import DeepLinkCore
import DeepLinkFirebase
import Foundation

extension FirebaseLongLink {
    /// The fields as an admin API body for a link with a code.
    /// - Parameter code: The short code, or `nil` to leave it out.
    package func body(code: String?) -> JSONValue {
        var object: [String: JSONValue] = [:]
        if let code { object["code"] = .string(code) }
        for (path, value) in fields {
            let parts = path.split(separator: ".").map(String.init)
            if parts.count == 1 {
                object[parts[0]] = .string(value)
            } else {
                var group = object[parts[0]]?.objectValue ?? [:]
                group[parts[1]] = .string(value)
                object[parts[0]] = .object(group)
            }
        }
        return .object(object)
    }

    /// The long-link query that resolves to a link, for the store hop of a link that came from one.
    /// - Parameters:
    ///   - link: A link read from a long link.
    ///   - utm: The UTM fields in effect.
    package static func queryItems(for link: Link, utm: UTMFields) -> [URLQueryItem] {
        let linkItems = fieldParameters.filter { !$0.field.hasPrefix("utm.") }.compactMap { parameter, field -> URLQueryItem? in
            // A web fallback equal to the deep link is the default when `ofl` is absent.
            guard let text = LinkField.named(field)?.text(of: link), parameter != "ofl" || text != link.deepLink else { return nil }
            return URLQueryItem(name: parameter, value: text)
        }
        return linkItems + utm.queryItems
    }
}

extension LinkServerError {
    /// A long link's parameter problem as an `invalid-field` error naming the parameter.
    package init(_ error: FirebaseLinkError) {
        self.init(code: .invalidField, message: error.message, field: error.parameter)
    }
}
