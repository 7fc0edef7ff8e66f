import DeepLinkCore
import Foundation

extension AppLinkData {
    /// The path error messages use for the link data's root: `al_applink_data`.
    public static let jsonPath = JSONPath(components: [.key(queryItemName)])

    static let protocolKeys: Set<String> = ["target_url", "extras", "user_agent", "version", "referer_app_link"]

    /// The link data as a JSON object: `target_url`, `extras`, `version`, and `user_agent` and
    /// `referer_app_link` when present, plus ``otherProperties``.
    public var jsonValue: JSONValue {
        var object = otherProperties
        object["target_url"] = .string(targetURL.absoluteString)
        object["extras"] = .object(extras)
        object["version"] = .string(version)
        object["user_agent"] = userAgent.map { .string($0) }
        object["referer_app_link"] = referer?.jsonValue
        return .object(object)
    }

    /// The link data as compact JSON text with sorted keys, as sent in URLs.
    public var jsonText: String { jsonValue.jsonText }

    /// Reads link data from JSON text. Escaped slashes (`http:\/\/`), as some encoders write, are fine.
    /// - Parameter jsonText: The JSON text.
    /// - Throws: ``AppLinksError`` with code `invalid-json` when the text is not JSON, else as ``init(jsonValue:)``.
    public init(jsonText: String) throws(AppLinksError) {
        try self.init(jsonValue: try Self.jsonValue(parsing: jsonText))
    }

    /// Link data's JSON text as a value.
    /// - Throws: ``AppLinksError`` with code `invalid-json` when the text is not JSON.
    static func jsonValue(parsing text: String) throws(AppLinksError) -> JSONValue {
        do {
            return try JSONValue(parsing: text)
        } catch {
            throw AppLinksError(code: .invalidJSON, message: error.description, path: jsonPath, cause: error)
        }
    }

    /// Reads link data from a JSON object, strictly: every member must be well-formed.
    ///
    /// Version 1 of the protocol is read (`1`, `1.0`, `1.x`); a missing version means `1.0`.
    /// An app receiving link data reads it leniently instead, see ``InboundAppLink``.
    /// - Parameter jsonValue: The `al_applink_data` object.
    /// - Throws: ``AppLinksError``: `wrong-type` when the value is not an object or a property
    ///   has the wrong type, `missing-value` without `target_url`, `invalid-url` when
    ///   `target_url` is not an http or https URL, `unsupported-version` for other versions.
    public init(jsonValue: JSONValue) throws(AppLinksError) {
        var ignored: [AppLinksError] = []
        try self.init(reading: jsonValue, ignoring: &ignored)
        if let first = ignored.first { throw first }
    }

    /// Reads link data as Bolts reads it on arrival (`BFURL`): `version` and `target_url` must
    /// be right, while a malformed optional member (`extras` that is not an object, a
    /// `user_agent` that is not a string, a bad `referer_app_link` or member of it) is left out
    /// and its error added to `ignored`.
    /// - Parameters:
    ///   - jsonValue: The `al_applink_data` object.
    ///   - ignored: Receives the errors of the members left out.
    /// - Throws: ``AppLinksError`` as ``init(jsonValue:)`` for the value, `version` and `target_url`.
    init(reading jsonValue: JSONValue, ignoring ignored: inout [AppLinksError]) throws(AppLinksError) {
        let reader = try LinkDataReader(jsonValue, path: Self.jsonPath)
        let version = try reader.string("version") ?? Self.currentVersion
        guard Self.isSupported(version: version) else {
            throw AppLinksError(
                code: .unsupportedVersion,
                message: "version \(JSONWriter.quoted(version)) is not supported; this library reads version 1 (\"1.0\")",
                path: Self.jsonPath.appending(key: "version"))
        }
        guard let targetURL = try reader.url("target_url", httpOnly: true) else {
            throw AppLinksError(
                code: .missingValue, message: "the required target_url is missing", path: Self.jsonPath)
        }
        let extras = LinkDataReader.optionalMember(&ignored) { () throws(AppLinksError) in try reader.object("extras") }
        let userAgent = LinkDataReader.optionalMember(&ignored) { () throws(AppLinksError) in try reader.string("user_agent") }
        var referer: AppLinkReferer?
        if let value = reader.members["referer_app_link"] {
            do {
                referer = try AppLinkReferer(
                    reading: value, path: Self.jsonPath.appending(key: "referer_app_link"), ignoring: &ignored)
            } catch {
                ignored.append(error)
            }
        }
        self.init(
            targetURL: targetURL, extras: extras ?? [:], userAgent: userAgent, version: version, referer: referer,
            otherProperties: reader.members.filter { !Self.protocolKeys.contains($0.key) })
    }

    private static func isSupported(version: String) -> Bool {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        return parts.first == "1" && parts.count <= 2 && parts.dropFirst().allSatisfy { part in
            !part.isEmpty && part.allSatisfy { ("0"..."9").contains($0) }
        }
    }
}
