import DeepLinkService
import Hummingbird
import NIOCore

/// The dashboard under `/dashboard`: sign-in, links (list, search, create, edit, duplicate,
/// delete, QR code), their numbers, API keys and the server's health, as HTML pages that work
/// without JavaScript. Each page's routes are a type of their own; this adds them all, every page
/// but sign-in behind ``DashboardMiddleware``, and serves the dashboard's stylesheet and script.
/// Links change through ``LinkService``, as in the admin API. `Sendable`.
struct DashboardRoutes: Sendable {
    /// The links, as the admin API changes them.
    let links: LinkService
    /// The API keys the dashboard lists, creates and revokes.
    let access: AccessService
    /// The dashboard's sessions.
    let sessions: DashboardSessions
    /// The pages' renderer.
    let renderer: DashboardRenderer
    /// What the health page shows of the server.
    let health: DashboardHealth
    /// What happens on each device, for a link's page.
    let journeys: DeviceJourneys
    /// The webhook endpoints; `nil` leaves the page out.
    var webhooks: WebhookService? = nil

    /// Adds the dashboard's routes.
    func add(to router: some RouterMethods<ServerRequestContext>) {
        router.get("/dashboard/assets/dashboard.css") { _, _ in Self.asset(DashboardAssets.stylesheet, type: "text/css; charset=utf-8") }
        let theme = renderer.themeStylesheet
        router.get("/dashboard/assets/theme.css") { _, _ in Self.asset(theme, type: "text/css; charset=utf-8") }
        router.get("/dashboard/assets/dashboard.js") { _, _ in
            Self.asset(DashboardAssets.script, type: "text/javascript; charset=utf-8")
        }
        let signedIn = router.group("/dashboard").add(middleware: DashboardMiddleware(sessions: sessions, renderer: renderer))
        DashboardSignInRoutes(sessions: sessions, renderer: renderer).add(to: router, signedIn: signedIn)
        DashboardLinkListRoutes(links: links, renderer: renderer).add(to: signedIn)
        DashboardLinkExportRoutes(links: links).add(to: signedIn)
        DashboardLinkFormRoutes(links: links, renderer: renderer).add(to: signedIn)
        DashboardLinkRoutes(links: links, renderer: renderer, journeys: journeys).add(to: signedIn)
        DashboardLinkDeleteRoutes(links: links, renderer: renderer).add(to: signedIn)
        DashboardNumbersRoutes(links: links, renderer: renderer).add(to: signedIn)
        DashboardTagRoutes(links: links, renderer: renderer).add(to: signedIn)
        DashboardKeyRoutes(access: access, renderer: renderer, sessions: sessions).add(to: signedIn)
        DashboardHealthRoutes(links: links, health: health, renderer: renderer).add(to: signedIn)
        if let webhooks { DashboardWebhookRoutes(webhooks: webhooks, renderer: renderer).add(to: signedIn) }
    }

    /// A stylesheet or script, cached for an hour.
    static func asset(_ text: String, type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=3600"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
