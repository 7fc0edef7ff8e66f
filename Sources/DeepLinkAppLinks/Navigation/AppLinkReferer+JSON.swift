import DeepLinkCore
import Foundation

extension AppLinkReferer {
    /// Reads a `referer_app_link` object: `{"target_url", "url", "app_name"}`, each optional.
    ///
    /// Members the protocol does not define are ignored.
    /// - Parameters:
    ///   - jsonValue: The object.
    ///   - path: Where the object is, for error messages.
    /// - Throws: ``AppLinksError`` with code `wrong-type` when the value is not an object or a
    ///   member is not a string, `invalid-url` when `target_url` or `url` is not an absolute URL.
    public init(
        jsonValue: JSONValue, path: JSONPath = AppLinkData.jsonPath.appending(key: "referer_app_link")
    ) throws(AppLinksError) {
        var ignored: [AppLinksError] = []
        try self.init(reading: jsonValue, path: path, ignoring: &ignored)
        if let first = ignored.first { throw first }
    }

    /// Reads a `referer_app_link` object leniently: a malformed member is left out and its
    /// error added to `ignored`.
    /// - Throws: ``AppLinksError`` with code `wrong-type` when the value is not an object.
    init(reading jsonValue: JSONValue, path: JSONPath, ignoring ignored: inout [AppLinksError]) throws(AppLinksError) {
        let reader = try LinkDataReader(jsonValue, path: path)
        self.init(
            targetURL: LinkDataReader.optionalMember(&ignored) { () throws(AppLinksError) in try reader.url("target_url") },
            url: LinkDataReader.optionalMember(&ignored) { () throws(AppLinksError) in try reader.url("url") },
            appName: LinkDataReader.optionalMember(&ignored) { () throws(AppLinksError) in try reader.string("app_name") })
    }

    /// The referer as a `referer_app_link` object, with the members that have values.
    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = [:]
        if let targetURL { object["target_url"] = .string(targetURL.absoluteString) }
        if let url { object["url"] = .string(url.absoluteString) }
        if let appName { object["app_name"] = .string(appName) }
        return .object(object)
    }
}
