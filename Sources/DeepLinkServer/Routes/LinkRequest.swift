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
        visitor = Visitor(userAgent: request.headers[.userAgent])
        query = request.formQuery
    }

    /// The client's platform.
    var platform: ClientPlatform { visitor.platform }

    /// The link's UTM fields, each overridden by the request's `utm_*` query parameter.
    func utm(for link: Link) -> UTMFields {
        func value(_ name: String, _ stored: String?) -> String? {
            query[name].map { String($0.prefix(100)) } ?? stored
        }
        return UTMFields(
            source: value("utm_source", link.utm.source), medium: value("utm_medium", link.utm.medium),
            campaign: value("utm_campaign", link.utm.campaign), term: value("utm_term", link.utm.term),
            content: value("utm_content", link.utm.content))
    }
}
