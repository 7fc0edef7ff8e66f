import DeepLinkService
import Foundation
import Hummingbird
import Logging

/// Deleting a link: a page that asks first, and its form. `Sendable`.
struct DashboardLinkDeleteRoutes: Sendable {
    /// The links.
    let links: LinkService
    /// The pages' renderer.
    let renderer: DashboardRenderer

    /// Adds the routes to the dashboard's signed-in routes.
    func add(to signedIn: some RouterMethods<ServerRequestContext>) {
        signedIn.get("/links/{code}/delete", use: renderer.requiring(.editor, to: "delete links", confirmDelete))
        signedIn.post("/links/{code}/delete", use: renderer.requiring(.editor, to: "delete links", delete))
    }

    /// `GET /dashboard/links/CODE/delete`: asks before deleting the link.
    @Sendable func confirmDelete(_ request: Request, context: ServerRequestContext) async -> Response {
        let code = context.parameters.get("code") ?? ""
        do {
            let link = try await links.link(code: code)
            let view = DashboardConfirmDeleteView(
                code: link.code, shortURL: links.shortURL(code: link.code) ?? "/\(link.code)", formToken: context.dashboardSession?.formToken)
            return renderer.render(view, title: "Delete \(code)", session: context.dashboardSession, section: .links)
        } catch {
            return renderer.problem(error, session: context.dashboardSession)
        }
    }

    /// `POST /dashboard/links/CODE/delete`: deletes the link and goes back to the list.
    @Sendable func delete(_ request: Request, context: ServerRequestContext) async -> Response {
        let code = context.parameters.get("code") ?? ""
        do {
            try await links.delete(code: code)
            context.logger.info("deleted link", metadata: ["link.code": "\(code)"])
            return DashboardRenderer.seeOther("/dashboard/links?deleted=\(code.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")")
        } catch {
            return renderer.problem(error, session: context.dashboardSession)
        }
    }
}
