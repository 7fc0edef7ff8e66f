import DeepLinkService
import Foundation
import Hummingbird

/// A tag's page: the numbers of the links that have it, summed, over a range of days, and
/// the same numbers as CSV. `Sendable`.
struct DashboardTagRoutes: Sendable {
    /// The links and their numbers.
    let links: LinkService
    /// The pages' renderer.
    let renderer: DashboardRenderer

    /// Adds the routes to the dashboard's signed-in routes.
    func add(to signedIn: some RouterMethods<ServerRequestContext>) {
        signedIn.get("/tags/{tag}", use: page)
        signedIn.get("/tags/{tag}/numbers.csv", use: csv)
    }

    /// `GET /dashboard/tags/TAG?days=` or `?from=&to=`: the tag's numbers.
    @Sendable func page(_ request: Request, context: ServerRequestContext) async -> Response {
        let tag = Self.tag(context)
        do {
            let period = try DashboardNumbersRoutes.period(request)
            let numbers = DashboardNumbersView(
                try await links.numbers(tag: tag, range: period.range), heading: "Links tagged “\(tag)”",
                base: DashboardLinksView.tagPage(tag), period: period)
            var search = LinkSearch(tag: tag)
            search.limit = 1
            let count = try await links.search(search).total
            return renderer.render(
                DashboardTagView(tag: tag, linkCount: count, numbers: numbers), title: "Tag \(tag)", session: context.dashboardSession,
                section: .numbers)
        } catch {
            return renderer.problem(error, session: context.dashboardSession)
        }
    }

    /// `GET /dashboard/tags/TAG/numbers.csv?days=`: the tag's numbers as CSV.
    @Sendable func csv(_ request: Request, context: ServerRequestContext) async -> Response {
        let tag = Self.tag(context)
        do {
            return DashboardNumbersRoutes.csv(
                try await links.numbers(tag: tag, range: try DashboardNumbersRoutes.period(request).range), name: "tag-\(Self.fileName(tag))")
        } catch {
            return renderer.problem(error, session: context.dashboardSession)
        }
    }

    /// The path's tag, percent-decoded: Hummingbird hands path parameters over as sent.
    private static func tag(_ context: ServerRequestContext) -> String {
        let raw = context.parameters.get("tag") ?? ""
        return raw.removingPercentEncoding ?? raw
    }

    /// A tag as part of a download's file name: letters, digits, `-` and `_`, others as `_`.
    static func fileName(_ tag: String) -> String {
        String(tag.unicodeScalars.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" ? Character($0) : "_" })
    }
}
