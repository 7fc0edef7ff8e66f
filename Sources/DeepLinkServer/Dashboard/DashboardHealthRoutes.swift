import DeepLinkService
import Hummingbird

/// The health page: the config in use, the number of links, the association files as served,
/// and on request (`?check=1`) what `deeplink doctor` finds at the public host. `Sendable`.
struct DashboardHealthRoutes: Sendable {
    /// The links, which the page counts.
    let links: LinkService
    /// What the page shows of the server.
    let health: DashboardHealth
    /// The pages' renderer.
    let renderer: DashboardRenderer

    /// Adds the route to the dashboard's signed-in routes.
    func add(to signedIn: some RouterMethods<ServerRequestContext>) {
        signedIn.get("/health", use: healthPage)
    }

    /// `GET /dashboard/health?check=1`: the page, with the doctor's findings when asked for.
    @Sendable func healthPage(_ request: Request, context: ServerRequestContext) async -> Response {
        let linkCount: String
        do {
            linkCount = String(try await links.search(LinkSearch(limit: 0)).total)
        } catch {
            linkCount = "unknown: the database does not answer"
        }
        let doctor = request.formQuery["check"] == "1" ? await health.sharedDoctor() : nil
        return renderer.render(
            health.view(linkCount: linkCount, doctor: doctor), title: "Health", session: context.dashboardSession, section: .health)
    }
}
