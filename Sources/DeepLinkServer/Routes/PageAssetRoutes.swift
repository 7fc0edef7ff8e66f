import DeepLinkService
import HTTPTypes
import Hummingbird

/// `GET` and `HEAD /assets/pages.css`: the public pages' stylesheet. Pages link to it with a `v` query that
/// changes with its content, so that URL is cached for a year; any other is revalidated by ETag.
struct PageAssetRoutes: Sendable {
    let stylesheet: PageStylesheet

    func add(to router: some RouterMethods<ServerRequestContext>) {
        router.get("/assets/pages.css") { request, _ in stylesheetResponse(request) }
        router.head("/assets/pages.css") { request, _ in stylesheetResponse(request).createHeadResponse() }
    }

    private func stylesheetResponse(_ request: Request) -> Response {
            let current = request.uri.queryParameters["v"].map { String($0) } == stylesheet.version
            var headers: HTTPFields = [
                .eTag: stylesheet.etag, .contentTypeOptions: "nosniff",
                .cacheControl: current ? "public, max-age=31536000, immutable" : "public, max-age=300",
            ]
            if AssociationRoutes.matches(request.headers[.ifNoneMatch], etag: stylesheet.etag) {
                return Response(status: .notModified, headers: headers)
            }
            headers[.contentType] = "text/css; charset=utf-8"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: stylesheet.text)))
    }
}
