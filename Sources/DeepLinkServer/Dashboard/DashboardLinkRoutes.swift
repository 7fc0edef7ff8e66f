import DeepLinkService
import Foundation
import Hummingbird

/// A link's page: its short URL and QR code, its settings and its numbers over a range of days.
/// `Sendable`.
struct DashboardLinkRoutes: Sendable {
    /// The links.
    let links: LinkService
    /// The pages' renderer.
    let renderer: DashboardRenderer
    /// What happens on each device when someone taps the link.
    let journeys: DeviceJourneys

    /// Adds the route to the dashboard's signed-in routes.
    func add(to signedIn: some RouterMethods<ServerRequestContext>) {
        signedIn.get("/links/{code}", use: show)
    }

    /// `GET /dashboard/links/CODE?days=`: the link, and after the form (`done=created` or
    /// `done=updated`) a notice.
    @Sendable func show(_ request: Request, context: ServerRequestContext) async -> Response {
        let code = context.parameters.get("code") ?? ""
        do {
            let period = try DashboardNumbersRoutes.period(request)
            let link = try await links.link(code: code)
            let numbers = DashboardNumbersView(
                try await links.numbers(code: code, range: period.range), heading: "Numbers", base: "/dashboard/links/\(code)", period: period)
            let now = Date()
            let shortURL = links.shortURL(code: link.code) ?? "/\(link.code)"
            let state: DeviceJourneys.LinkState = link.isExpired(at: now) ? .expired(link) : .live(link)
            let view = DashboardLinkView(
                link: link, shortURL: shortURL, numbers: numbers, journeys: journeys.everyDevice(url: shortURL, link: state), now: now)
            let notice: String? =
                switch request.formQuery["done"] {
                case "created": "Link created."
                case "updated": "Changes saved."
                default: nil
                }
            return renderer.render(view, title: code, session: context.dashboardSession, section: .links, notice: notice)
        } catch {
            return renderer.problem(error, session: context.dashboardSession)
        }
    }
}
