import DeepLinkCore
import Foundation

/// An App Links navigation that opened this app: the incoming URL and the `al_applink_data` it carried.
///
/// The link data is read as Bolts reads it: `target_url` and `version` must be right, while a
/// malformed optional member (`extras` that is not an object, say) is left out and listed in
/// ``ignoredMembers``, and the rest of the link data is kept.
///
/// ```swift
/// switch InboundAppLink.read(from: incomingURL) {
/// case .decoded(let appLink):
///     referer = appLink.referer
/// case .ignored(let reason):
///     ignoredBecause = reason  // the URL itself is still routed
/// case .absent:
///     break
/// }
/// ```
public struct InboundAppLink: Sendable, Hashable {
    /// The URL as the app received it.
    public var url: URL
    /// The link data the URL carried.
    public var data: AppLinkData
    /// The optional members that were malformed and left out of ``data``, each with its path and why.
    public var ignoredMembers: [AppLinksError]

    /// Creates an inbound link from its parts.
    /// - Parameters:
    ///   - url: The URL as the app received it.
    ///   - data: The link data the URL carried.
    ///   - ignoredMembers: The optional members left out because they were malformed.
    public init(url: URL, data: AppLinkData, ignoredMembers: [AppLinksError] = []) {
        self.url = url
        self.data = data
        self.ignoredMembers = ignoredMembers
    }

    /// Reads the `al_applink_data` query parameter of an incoming URL.
    ///
    /// The parameter is percent-decoded as in RFC 3986 (`+` stays `+`); its JSON may escape
    /// slashes (`http:\/\/`). The first of repeated parameters is read.
    /// - Parameter url: The URL the app was opened with.
    /// - Throws: ``AppLinksError`` with code `missing-applink-data` when the URL has no such
    ///   parameter, `invalid-json` when it is not percent-encoded JSON, `wrong-type` when it is
    ///   not an object, and otherwise as ``AppLinkData/init(jsonValue:)`` for `version` and
    ///   `target_url`. Every error carries `url`.
    public init(url: URL) throws(AppLinksError) {
        guard let encoded = AppLinkData.encodedQueryValue(in: url) else {
            throw AppLinksError(code: .missingAppLinkData, message: "the URL has no al_applink_data parameter", url: url)
        }
        guard let jsonText = encoded.removingPercentEncoding else {
            throw AppLinksError(
                code: .invalidJSON, message: "not percent-encoded UTF-8 text (every % must start an escape such as %7B)",
                url: url, path: AppLinkData.jsonPath)
        }
        do {
            var ignored: [AppLinksError] = []
            let data = try AppLinkData(reading: try AppLinkData.jsonValue(parsing: jsonText), ignoring: &ignored)
            self.init(url: url, data: data, ignoredMembers: ignored.map { $0.about(url) })
        } catch {
            throw error.about(url)
        }
    }

    /// Reads an incoming URL's link data without throwing: malformed data is reported, never fatal,
    /// so the URL itself can always be routed.
    /// - Parameter url: The URL the app was opened with.
    /// - Returns: The link data, its absence, or why it was ignored.
    public static func read(from url: URL) -> InboundAppLinkResult {
        do {
            return .decoded(try InboundAppLink(url: url))
        } catch where error.code == .missingAppLinkData {
            return .absent
        } catch {
            return .ignored(error)
        }
    }

    /// The URL without its `al_applink_data` parameter: what the app routes.
    public var routableURL: URL { AppLinkData.removingLinkData(from: url) }

    /// `target_url`: the web URL of the content to show.
    public var targetURL: URL { data.targetURL }

    /// `extras`: information from the navigating app.
    public var extras: [String: JSONValue] { data.extras }

    /// `referer_app_link`: the app the navigation came from, for a "back to <app>" button.
    public var referer: AppLinkReferer? { data.referer }

    /// `version`: the protocol version; `1.0` when the data does not say.
    public var version: String { data.version }
}
