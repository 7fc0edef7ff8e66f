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
        let value: JSONValue
        do {
            value = try JSONValue(parsing: jsonText)
        } catch {
            throw AppLinksError(
                code: .invalidJSON, message: error.description, path: Self.jsonPath, cause: error)
        }
        try self.init(jsonValue: value)
    }

    /// Reads link data from a JSON object.
    ///
    /// Version 1 of the protocol is read (`1`, `1.0`, `1.x`); a missing version means `1.0`.
    /// - Parameter jsonValue: The `al_applink_data` object.
    /// - Throws: ``AppLinksError``: `wrong-type` when the value is not an object or a property
    ///   has the wrong type, `missing-value` without `target_url`, `invalid-url` when
    ///   `target_url` is not an http or https URL, `unsupported-version` for other versions.
    public init(jsonValue: JSONValue) throws(AppLinksError) {
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
        var referer: AppLinkReferer?
        if let value = reader.members["referer_app_link"] {
            referer = try AppLinkReferer(jsonValue: value)
        }
        self.init(
            targetURL: targetURL, extras: try reader.object("extras") ?? [:], userAgent: try reader.string("user_agent"),
            version: version, referer: referer,
            otherProperties: reader.members.filter { !Self.protocolKeys.contains($0.key) })
    }

    private static func isSupported(version: String) -> Bool {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        return parts.first == "1" && parts.count <= 2 && parts.dropFirst().allSatisfy { part in
            !part.isEmpty && part.allSatisfy { ("0"..."9").contains($0) }
        }
    }
}
