import DeepLinkCore
import Foundation
import DeepLinkFirebase

/// The two app stores a landing page sends people to. Their links go through the server's
/// store hop (`GET /{code}/install?store=apple|google`), which records a click for deferred deep
/// linking and then redirects to the store.
package enum AppStore: String, Sendable, CaseIterable {
    /// Apple's App Store.
    case apple
    /// Google Play.
    case google

    /// The platform whose clicks the store hop records.
    var platform: ClientPlatform { self == .apple ? .ios : .android }

    /// The query parameter that selects the store on the hop.
    package static let queryName = "store"
    /// The query parameter that selects the store on a Firebase long link's hop.
    package static let longLinkQueryName = "deeplink_store"
    /// The hop's own query parameters, which are not part of a Firebase long link.
    package static let hopQueryNames: Set<String> = [longLinkQueryName, DeferredLinkToken.queryItemName, "tz", "screen"]

    /// The store hop of a link, relative to the link host: `/CODE/install?store=S&utm_…`, or for a
    /// Firebase long link (empty code) the long link with `deeplink_store=S`.
    /// - Parameters:
    ///   - link: The link.
    ///   - utm: The UTM fields in effect, kept on the hop so the click records them.
    ///   - click: A token already recorded for this page view (the pasteboard flow).
    package func hopPath(for link: Link, utm: UTMFields, click: String? = nil) -> String {
        guard link.code.isEmpty else {
            var query: [(name: String, value: String?)] = [(Self.queryName, rawValue)]
            for item in utm.queryItems { query.append((item.name, item.value)) }
            if let click { query.append((DeferredLinkToken.queryItemName, click)) }
            return PercentEncoding.pathAndQuery("/\(link.code)/install", query: query)
        }
        var components = URLComponents()
        components.path = "/"
        components.queryItems = FirebaseLongLink.queryItems(for: link, utm: utm) + [URLQueryItem(name: Self.longLinkQueryName, value: rawValue)]
        if let click { components.queryItems?.append(URLQueryItem(name: DeferredLinkToken.queryItemName, value: click)) }
        // Long links are read as forms, where `+` is a space; a literal plus must arrive encoded.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.string ?? "/"
    }
}
