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
            guard let text = link.value(ofField: field), parameter != "ofl" || text != link.deepLink else { return nil }
            return URLQueryItem(name: parameter, value: text)
        }
        return linkItems + utm.queryItems
    }
}

extension Link {
    /// A field's value by its admin API JSON path, for the fields a Firebase long link sets.
    func value(ofField field: String) -> String? {
        switch field {
        case "deepLink": deepLink
        case "fallbacks.playPackage": playPackage
        case "fallbacks.androidURL": androidFallbackURL
        case "fallbacks.appStoreID": appStoreID
        case "fallbacks.iosURL": iosFallbackURL
        case "fallbacks.webURL": webURL
        case "preview.title": preview.title
        case "preview.description": preview.description
        case "preview.imageURL": preview.imageURL
        case "utm.source": utm.source
        case "utm.medium": utm.medium
        case "utm.campaign": utm.campaign
        case "utm.term": utm.term
        case "utm.content": utm.content
        default: nil
        }
    }
}

extension LinkServerError {
    /// A long link's parameter problem as an `invalid-field` error naming the parameter.
    package init(_ error: FirebaseLinkError) {
        self.init(code: .invalidField, message: error.message, field: error.parameter)
    }
}
