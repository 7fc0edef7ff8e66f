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

    /// Adds the route to the dashboard's signed-in routes.
    func add(to signedIn: some RouterMethods<ServerRequestContext>) {
        signedIn.get("/links/{code}", use: show)
    }

    /// `GET /dashboard/links/CODE?days=`: the link, and after the form (`done=created` or
    /// `done=updated`) a notice.
    @Sendable func show(_ request: Request, context: ServerRequestContext) async -> Response {
        let code = context.parameters.get("code") ?? ""
        let days = DashboardNumbersRoutes.days(request)
        do {
            let link = try await links.link(code: code)
            let numbers = DashboardNumbersView(
                try await links.numbers(code: code, days: days), heading: "Numbers", base: "/dashboard/links/\(code)", days: days)
            let view = DashboardLinkView(link: link, shortURL: links.shortURL(code: link.code) ?? "/\(link.code)", numbers: numbers, now: Date())
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
