import DeepLinkService
import Foundation
import Hummingbird
import NIOCore

/// The numbers: the numbers page of all links, and the numbers of all links or of one as CSV,
/// over a range of days. `Sendable`.
struct DashboardNumbersRoutes: Sendable {
    /// The links and their numbers.
    let links: LinkService
    /// The pages' renderer.
    let renderer: DashboardRenderer

    /// Adds the routes to the dashboard's signed-in routes.
    func add(to signedIn: some RouterMethods<ServerRequestContext>) {
        signedIn.get("/numbers", use: overall)
        signedIn.get("/numbers.csv", use: overallCSV)
        signedIn.get("/links/{code}/numbers.csv", use: linkCSV)
    }

    /// `GET /dashboard/numbers?days=` or `?from=&to=`: all links' numbers.
    @Sendable func overall(_ request: Request, context: ServerRequestContext) async -> Response {
        do {
            let period = try Self.period(request)
            let numbers = DashboardNumbersView(
                try await links.numbers(code: nil, range: period.range), heading: "All links", base: "/dashboard/numbers", period: period)
            let top = try await links.topLinks(range: period.range).enumerated().map { index, share in
                DashboardAllNumbersView.TopLink(rank: index + 1, code: share.name, clicks: share.count)
            }
            return renderer.render(
                DashboardAllNumbersView(numbers: numbers, topLinks: top), title: "Numbers", session: context.dashboardSession, section: .numbers)
        } catch {
            return renderer.problem(error, session: context.dashboardSession)
        }
    }

    /// `GET /dashboard/numbers.csv?days=`: all links' numbers as CSV.
    @Sendable func overallCSV(_ request: Request, context: ServerRequestContext) async -> Response {
        do {
            return Self.csv(try await links.numbers(code: nil, range: try Self.period(request).range), name: "all-links")
        } catch {
            return renderer.problem(error, session: context.dashboardSession)
        }
    }

    /// `GET /dashboard/links/CODE/numbers.csv?days=`: a link's numbers as CSV.
    @Sendable func linkCSV(_ request: Request, context: ServerRequestContext) async -> Response {
        let code = context.parameters.get("code") ?? ""
        do {
            _ = try await links.link(code: code)
            return Self.csv(try await links.numbers(code: code, range: try Self.period(request).range), name: code)
        } catch {
            return renderer.problem(error, session: context.dashboardSession)
        }
    }

    /// The days a numbers page shows, and the query that asks for them again.
    struct Period: Sendable {
        /// The days.
        let range: DayRange
        /// `days=N`, or `from=…&to=…`.
        let query: String
        /// The N of `days=N`, or `nil` for a range given by its ends.
        let lastDays: Int?
    }

    /// The query's period: `from` and `to` (UTC days, both needed), else `days`, 7, 30 or 90
    /// (any 1 to 366 works), 30 when absent or unreadable.
    /// - Throws: ``LinkServerError`` `invalid-field` for a `from` or `to` that is missing, not a
    ///   day, reversed, in the future or more than 366 days apart.
    static func period(_ request: Request, now: Date = Date()) throws(LinkServerError) -> Period {
        let query = request.formQuery
        if [query["from"], query["to"]].contains(where: { !($0 ?? "").trimmingCharacters(in: .whitespaces).isEmpty }) {
            let range = try DayRange(optionalFrom: query["from"], to: query["to"], now: now)
            return Period(range: range, query: "from=\(range.first)&to=\(range.last)", lastDays: nil)
        }
        let days = query["days"].flatMap { Int($0) }.flatMap { (1...DayRange.maximumDays).contains($0) ? $0 : nil } ?? 30
        return Period(range: .last(days, endingAt: now), query: "days=\(days)", lastDays: days)
    }

    /// Numbers as a CSV download named after what they count and their first and last day.
    static func csv(_ numbers: LinkNumbers, name: String) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "text/csv; charset=utf-8", .cacheControl: "no-store",
                .contentDisposition: "attachment; filename=\"\(name)-\(numbers.days.first ?? "")-\(numbers.days.last ?? "").csv\"",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: numbers.csv)))
    }
}
