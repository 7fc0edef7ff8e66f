import DeepLinkService
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// `GET /dashboard/links.csv`: every link as the CSV `deeplink links export` writes
/// (``LinkCSV``), a page of links at a time, so a large table is never held whole. `Sendable`.
struct DashboardLinkExportRoutes: Sendable {
    /// Where the links are read.
    let links: LinkService

    /// Adds the route to the dashboard's signed-in routes.
    func add(to signedIn: some RouterMethods<ServerRequestContext>) {
        signedIn.get("/links.csv", use: export)
    }

    /// The download: a header row, then the links by code, 1,000 a page.
    @Sendable func export(_ request: Request, context: ServerRequestContext) async -> Response {
        let links = self.links
        let logger = context.logger
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/csv; charset=utf-8", .cacheControl: "no-store",
                .contentDisposition: "attachment; filename=\"links.csv\"",
            ],
            body: ResponseBody { writer in
                do {
                    _ = try await links.exportCSV { text in try await writer.write(ByteBuffer(string: text)) }
                } catch {
                    // The status is sent already; a cut-off file is all that can tell the browser.
                    logger.error("cannot write the links' CSV download", metadata: ["error": "\(error)"])
                    throw error
                }
                try await writer.finish(nil)
            })
    }
}
