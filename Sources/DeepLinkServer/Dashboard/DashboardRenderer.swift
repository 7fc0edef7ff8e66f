import DeepLinkService
import HTTPTypes
import Hummingbird
import Mustache
import NIOCore

/// Renders the dashboard's pages from ``DashboardTemplates`` inside the layout. `Sendable`.
struct DashboardRenderer: Sendable {
    /// A page of the dashboard.
    enum Page {
        case signIn, links, linkForm, link, numbers, confirmDelete, keys, health, problem

        /// The page's template among the dashboard's.
        var template: KeyPath<DashboardTemplates, MustacheTemplate> {
            switch self {
            case .signIn: \.signIn
            case .links: \.links
            case .linkForm: \.linkForm
            case .link: \.link
            case .numbers: \.numbers
            case .confirmDelete: \.confirmDelete
            case .keys: \.keys
            case .health: \.health
            case .problem: \.problem
            }
        }
    }

    /// The navigation entry a page belongs to.
    enum Section: String {
        case links = "navLinks", numbers = "navNumbers", keys = "navKeys", health = "navHealth"
    }

    /// The dashboard's policy: only its own stylesheet, script and images; forms post to itself.
    static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; connect-src 'none'; "
        + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

    /// The dashboard's templates.
    private let templates: DashboardTemplates

    /// Uses the templates of the server's bundle.
    /// - Throws: ``TemplateLoadingError`` when a template of the bundle is missing or broken.
    init() throws(TemplateLoadingError) {
        templates = try DashboardTemplates.bundled.get()
    }

    /// A page's body alone, to place inside another page.
    func fragment(_ page: Page, _ context: [String: Any]) -> String {
        templates[keyPath: page.template].render(context)
    }

    /// A whole page as a response.
    /// - Parameters:
    ///   - page: The page.
    ///   - title: The page title.
    ///   - context: The page's values.
    ///   - session: The signed-in session, for the navigation bar and forms.
    ///   - section: The navigation entry to mark current.
    ///   - notice: A message shown at the top.
    ///   - status: The HTTP status.
    func render(
        _ page: Page, title: String, _ context: [String: Any] = [:], session: DashboardSession?, section: Section? = nil,
        notice: String? = nil, status: HTTPResponse.Status = .ok
    ) -> Response {
        var context = context
        if let session { context["formToken"] = session.formToken }
        return render(html: fragment(page, context), title: title, session: session, section: section, notice: notice, status: status)
    }

    /// A page whose body is already HTML, inside the layout.
    func render(
        html body: String, title: String, session: DashboardSession?, section: Section? = nil, notice: String? = nil,
        status: HTTPResponse.Status = .ok
    ) -> Response {
        var outer: [String: Any] = ["title": title, "body": body]
        if let session {
            outer["signedIn"] = session.principal.description
            outer["formToken"] = session.formToken
        }
        if let section { outer[section.rawValue] = true }
        outer["notice"] = notice
        return Self.html(templates.layout.render(outer), status: status)
    }

    /// An HTML response with the dashboard's headers: never cached, its policy, no referrer to other sites.
    static func html(_ html: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .contentSecurityPolicy: contentSecurityPolicy,
                .referrerPolicyHeader: "same-origin",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// A `303 See Other` after a form, or to the sign-in page.
    static func seeOther(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }
}
