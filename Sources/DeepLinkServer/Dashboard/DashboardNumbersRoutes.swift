import DeepLinkService
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

    /// `GET /dashboard/numbers?days=`: all links' numbers.
    @Sendable func overall(_ request: Request, context: ServerRequestContext) async -> Response {
        let days = Self.days(request)
        do {
            let numbers = DashboardNumbersView(try await links.numbers(code: nil, days: days), heading: "All links", base: "/dashboard/numbers", days: days)
            return renderer.render(DashboardAllNumbersView(numbers: numbers), title: "Numbers", session: context.dashboardSession, section: .numbers)
        } catch {
            return renderer.problem(error, session: context.dashboardSession)
        }
    }

    /// `GET /dashboard/numbers.csv?days=`: all links' numbers as CSV.
    @Sendable func overallCSV(_ request: Request, context: ServerRequestContext) async -> Response {
        do {
            return Self.csv(try await links.numbers(code: nil, days: Self.days(request)), name: "all-links")
        } catch {
            return renderer.problem(error, session: context.dashboardSession)
        }
    }

    /// `GET /dashboard/links/CODE/numbers.csv?days=`: a link's numbers as CSV.
    @Sendable func linkCSV(_ request: Request, context: ServerRequestContext) async -> Response {
        let code = context.parameters.get("code") ?? ""
        do {
            _ = try await links.link(code: code)
            return Self.csv(try await links.numbers(code: code, days: Self.days(request)), name: code)
        } catch {
            return renderer.problem(error, session: context.dashboardSession)
        }
    }

    /// The `days` query: 7, 30 or 90 (any 1 to 366 works); 30 when absent or unreadable.
    static func days(_ request: Request) -> Int {
        guard let text = request.formQuery["days"], let days = Int(text), (1...366).contains(days) else { return 30 }
        return days
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
