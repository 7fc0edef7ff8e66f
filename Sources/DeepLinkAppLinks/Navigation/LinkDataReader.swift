import DeepLinkCore
import Foundation

/// Reads the members of one JSON object of link data, naming the member's path in every error.
struct LinkDataReader {
    let members: [String: JSONValue]
    let path: JSONPath

    init(_ value: JSONValue, path: JSONPath) throws(AppLinksError) {
        guard case .object(let members) = value else {
            throw AppLinksError(
                code: .wrongType, message: "expected a JSON object, found \(value.kindDescription)", path: path)
        }
        self.members = members
        self.path = path
    }

    func string(_ key: String) throws(AppLinksError) -> String? {
        guard let value = members[key] else { return nil }
        guard case .string(let string) = value else {
            throw AppLinksError(
                code: .wrongType, message: "expected a string, found \(value.kindDescription)", path: path.appending(key: key))
        }
        return string
    }

    /// An absolute URL with a scheme; with `httpOnly`, an http or https URL with a host.
    func url(_ key: String, httpOnly: Bool = false) throws(AppLinksError) -> URL? {
        guard let string = try string(key) else { return nil }
        let expected = httpOnly ? "an http or https URL" : "an absolute URL"
        guard let url = URL(string: string), url.scheme != nil, !httpOnly || url.isHTTP else {
            throw AppLinksError(
                code: .invalidURL, message: "expected \(expected), found \(JSONWriter.quoted(string))",
                path: path.appending(key: key))
        }
        return url
    }

    func object(_ key: String) throws(AppLinksError) -> [String: JSONValue]? {
        guard let value = members[key] else { return nil }
        return try LinkDataReader(value, path: path.appending(key: key)).members
    }

    /// What `read` returns for an optional member, or `nil` with its error added to `ignored`:
    /// a malformed optional member never costs the whole link data.
    static func optionalMember<Value>(
        _ ignored: inout [AppLinksError], _ read: () throws(AppLinksError) -> Value?
    ) -> Value? {
        do {
            return try read()
        } catch {
            ignored.append(error)
            return nil
        }
    }
}

