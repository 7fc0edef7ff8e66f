import DeepLinkService
import Foundation
import Hummingbird

/// The list of links: search, filter, order and pages of ``pageSize``. `Sendable`.
struct DashboardLinkListRoutes: Sendable {
    /// The links.
    let links: LinkService
    /// The pages' renderer.
    let renderer: DashboardRenderer

    /// Links per page of the list.
    static let pageSize = 25

    /// Adds the route to the dashboard's signed-in routes.
    func add(to signedIn: some RouterMethods<ServerRequestContext>) {
        signedIn.get("/links", use: list)
    }

    /// `GET /dashboard/links?q=&filter=&tag=&sort=&page=`: a page of the links found, and after a
    /// deletion (`deleted=CODE`) a notice.
    @Sendable func list(_ request: Request, context: ServerRequestContext) async -> Response {
        let session = context.dashboardSession
        let query = request.formQuery
        let pageNumber = max(1, min(100_000, Int(query["page"] ?? "") ?? 1))
        let tag = (query["tag"] ?? "").isEmpty ? nil : try? LinkTags.checked(query["tag"] ?? "", field: "tag")
        let search = LinkSearch(
            text: String((query["q"] ?? "").prefix(200)), filter: query["filter"].flatMap(LinkFilter.init(rawValue:)) ?? .all, tag: tag,
            sort: query["sort"].flatMap(LinkSort.init(rawValue:)) ?? .newest, offset: (pageNumber - 1) * Self.pageSize, limit: Self.pageSize,
            now: Date())
        let page: LinkSearchPage
        let tags: [String]
        do {
            page = try await links.search(search)
            tags = try await links.tagNames()
        } catch {
            return renderer.problem(error, session: session)
        }
        let deleted = query["deleted"].map { "Link \($0) deleted." }
        return renderer.render(
            DashboardLinksView(search: search, page: page, tags: tags), title: "Links", session: session, section: .links, notice: deleted)
    }
}
