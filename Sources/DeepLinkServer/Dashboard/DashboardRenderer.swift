import DeepLinkService
import HTTPTypes
import Hummingbird
import Mustache
import NIOCore

/// Renders the dashboard's pages from ``DashboardTemplates``, each from its view model, inside the
/// layout. `Sendable`.
struct DashboardRenderer: Sendable {
    /// The navigation entry a page belongs to.
    enum Section {
        /// Links: the list, a link, its form and its deletion.
        case links
        /// The numbers of all links.
        case numbers
        /// The admin API keys.
        case keys
        /// The webhook endpoints and their deliveries.
        case webhooks
        /// The server's health.
        case health
    }

    /// The dashboard's policy: only its own stylesheet, script and images; forms post to itself.
    static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; connect-src 'none'; "
        + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

    /// The dashboard's templates.
    private let templates: DashboardTemplates
    /// The config's `pages` section: the app's name and theme colour brand every page.
    let brand: PageSettings

    /// Uses the templates of the server's bundle.
    /// - Parameter brand: The config's `pages` section, whose app name and theme colour brand the pages.
    /// - Throws: ``TemplateLoadingError`` when a template of the bundle is missing or broken.
    init(brand: PageSettings = PageSettings()) throws(TemplateLoadingError) {
        templates = try DashboardTemplates.bundled.get()
        self.brand = brand
    }

    /// `/dashboard/assets/theme.css`: the one rule made from the config, the theme colour under
    /// the navigation bar (the policy allows no inline style).
    var themeStylesheet: String { ".bar { border-bottom: 4px solid \(brand.themeColor); }\n" }

    /// A whole page as a response.
    /// - Parameters:
    ///   - view: The page's values, which also say its template.
    ///   - title: The page title.
    ///   - session: The signed-in session, for the navigation bar and the sign-out form.
    ///   - section: The navigation entry to mark current.
    ///   - notice: A message shown at the top.
    ///   - status: The HTTP status.
    func render<View: DashboardPageView>(
        _ view: View, title: String, session: DashboardSession?, section: Section? = nil, notice: String? = nil,
        status: HTTPResponse.Status = .ok
    ) -> Response {
        let body = templates[keyPath: View.template].render(view, library: templates.partials)
        let layout = DashboardLayoutView(title: title, body: body, session: session, section: section, notice: notice, brand: brand)
        return Self.html(templates.layout.render(layout), status: status)
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
