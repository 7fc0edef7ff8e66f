import DeepLinkCore
import DeepLinkService
import Foundation

/// What `POST /api/v1/opens` answers for a short link, apart from HTTP: the code and query of a
/// URL on the link domain, and the resolution of a live link. The route and the device journeys
/// (`deeplink simulate`, the dashboard's panel) both use it.
enum ShortLinkAnswer {
    /// The code and form-decoded query of a short link on `linkHost`, or on the development
    /// origin when the server has one.
    /// - Throws: ``LinkServerError``: `invalid-field` for text that is not an http(s) URL,
    ///   `not-a-short-link` for another host, the root, or a path the server answers itself.
    static func shortLink(
        in text: String, linkHost: String?, origin: ShortLinkOrigin? = nil
    ) throws(LinkServerError) -> (code: String, query: [String: String]) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = components.host?.lowercased(), !host.isEmpty
        else {
            throw LinkServerError(code: .invalidField, message: "url must be the https short link the app was opened with", field: "url")
        }
        guard host == linkHost?.lowercased() || origin?.matches(host: host, port: components.port) == true else {
            throw LinkServerError(
                code: .notAShortLink,
                message: "\(host) is not this server's link domain (\(origin?.description ?? linkHost ?? "none")); open the URL in the browser",
                field: "url")
        }
        let segments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: true)
        guard segments.count == 1, let code = segments.first.flatMap({ String($0).removingPercentEncoding }),
            !ShortLinkPaths.serverNames.contains(code.lowercased())
        else {
            throw LinkServerError(
                code: .notAShortLink, message: "\(components.percentEncodedPath) is not a short link's path; open the URL in the browser",
                field: "url")
        }
        return (code, FormQuery.firstValues(percentEncoded: components.percentEncodedQuery ?? ""))
    }

    /// The resolution of a live link: its deep link, the UTM fields in effect (the short link's
    /// own `utm_*` override the link's), its campaign and what the app must be to open it.
    /// - Parameter requirement: The oldest app version and the store page, for the platform that asked.
    /// - Throws: ``LinkServerError`` with code `not-found` when the stored deep link is no URL.
    static func resolution(
        of link: Link, query: [String: String], requirement: (UTMFields) -> AppRequirement = { _ in AppRequirement() }
    ) throws(LinkServerError) -> ShortLinkResolution {
        guard let deepLink = URL(string: link.deepLink) else {
            throw LinkServerError(code: .notFound, message: "the link \(link.code) has no deep link the app can open", field: "url")
        }
        let utm = link.utm.overridden(by: query)
        let fields = [("source", utm.source), ("medium", utm.medium), ("campaign", utm.campaign), ("term", utm.term), ("content", utm.content)]
        let required = requirement(utm)
        return ShortLinkResolution(
            code: link.code, deepLink: deepLink,
            utm: Dictionary(uniqueKeysWithValues: fields.compactMap { name, value in value.map { (name, $0) } }), campaign: utm.campaign,
            minAppVersion: required.minimumVersion, storeURL: required.storeURL.flatMap(URL.init(string:)))
    }
}
