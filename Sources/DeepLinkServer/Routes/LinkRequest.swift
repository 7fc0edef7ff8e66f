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
        visitor = Visitor(userAgent: request.headers[.userAgent])
        query = request.formQuery
    }

    /// The client's platform.
    var platform: ClientPlatform { visitor.platform }

    /// The link's UTM fields, each overridden by the request's `utm_*` query parameter (its first
    /// 100 characters). A parameter that is empty (a campaign template's unfilled placeholder,
    /// `utm_source=`) or holds a character a stored link's UTM field may not (a control character, a
    /// bidirectional override) overrides nothing: the link's own value stays.
    func utm(for link: Link) -> UTMFields {
        func value(_ name: String, _ stored: String?) -> String? {
            guard let given = query[name], !given.isEmpty, (try? LinkEditor.checkedCharacters(given, field: name)) != nil else { return stored }
            return String(given.prefix(100))
        }
        return UTMFields(
            source: value("utm_source", link.utm.source), medium: value("utm_medium", link.utm.medium),
            campaign: value("utm_campaign", link.utm.campaign), term: value("utm_term", link.utm.term),
            content: value("utm_content", link.utm.content))
    }
}
