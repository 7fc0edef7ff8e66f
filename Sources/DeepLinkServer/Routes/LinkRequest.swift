import DeepLinkService
import Hummingbird

/// A request to open a link, a store hop or a long link, read once: the client's platform from
/// `User-Agent` and the form-decoded query, which the resolution, the click count, the store hop
/// and the deferred click all use. A `Sendable` value.
struct LinkRequest: Sendable {
    /// The request.
    let request: Request
    /// Who the client is, from its `User-Agent`.
    let visitor: Visitor
    /// The query, form-decoded (see ``Request/formQuery``).
    let query: [String: String]

    /// Reads a request.
    init(_ request: Request) {
        self.request = request
        visitor = Visitor(userAgent: request.headers.value(.userAgent))
        query = request.formQuery
    }

    /// The client's platform.
    var platform: ClientPlatform { visitor.platform }

    /// The link's UTM fields, each overridden by the request's `utm_*` query parameter
    /// (``UTMFields/overridden(by:)``).
    func utm(for link: Link) -> UTMFields {
        link.utm.overridden(by: query)
    }
}
