import DeepLinkService
import Hummingbird
import Logging

/// Answers requests that match no route with something better than Hummingbird's empty 404:
/// under `/api/` the admin API's JSON error shape, anywhere else the public "link not found"
/// page, since a visitor there has mistyped or half-copied a link. One of the rules of
/// ``FrontDoorMiddleware``.
struct NotFoundAnswer: Sendable {
    let pages: PageRenderer

    /// The answer to a request no route matched: the page, or the admin API's error, thrown.
    func response(to request: Request, context: ServerRequestContext) throws(LinkServerError) -> Response {
        if request.uri.path.hasPrefix("/api/") {
            // HEAD names GET, so that its headers (Content-Length included) are GET's.
            let method = request.method == .head ? .get : request.method
            throw LinkServerError(code: .notFound, message: "there is no admin API route \(method) \(request.uri.path); see /openapi.yaml")
        }
        context.logger.debug("no route for the path", metadata: ["path": "\(request.uri.path)"])
        let page = Response.page(pages.render(.notFound, language: pages.language(for: request.headers[.acceptLanguage])), status: .notFound)
        return request.method == .head ? page.createHeadResponse() : page
    }
}
