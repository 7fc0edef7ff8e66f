import DeepLinkService
import Foundation
import HTTPTypes
import Hummingbird

/// Serves `/.well-known/apple-app-site-association`, `/apple-app-site-association` and
/// `/.well-known/assetlinks.json` for the requested host: 200 (or 304) with exactly
/// `Content-Type: application/json`, never a redirect, an ETag, a short `Cache-Control`, `HEAD`
/// as well as `GET`, and no authentication. A host that is neither one of the config's
/// `apps.hosts` nor the link domain gets `404`.
struct AssociationRoutes: Sendable {
    let files: AssociationFiles

    func add(to router: some RouterMethods<ServerRequestContext>) {
        for path in ["/.well-known/apple-app-site-association", "/apple-app-site-association"] {
            router.get(RouterPath(path)) { request, _ in try respond(request, entry: files.appleAppSiteAssociation(for: request.head.authority)) }
            router.head(RouterPath(path)) { request, _ in try respond(request, entry: files.appleAppSiteAssociation(for: request.head.authority)) }
        }
        router.get("/.well-known/assetlinks.json") { request, _ in try respond(request, entry: files.assetLinks(for: request.head.authority)) }
        router.head("/.well-known/assetlinks.json") { request, _ in try respond(request, entry: files.assetLinks(for: request.head.authority)) }
    }

    private func respond(_ request: Request, entry: AssociationFiles.Entry?) throws -> Response {
        guard let entry else {
            throw LinkServerError(
                code: .notFound,
                message: "there is no such file for this host: it is neither one of the config's apps.hosts with an app for the file "
                    + "nor the link domain (server.publicHost); send the request with Host: one of \(files.hosts.joined(separator: ", "))")
        }
        if Self.matches(request.headers.value(.ifNoneMatch), etag: entry.etag) {
            return Response(status: .notModified, headers: entry.notModifiedHeaders)
        }
        let body: ResponseBody = request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: entry.body)
        return Response(status: .ok, headers: entry.headers, body: body)
    }

    /// Whether an `If-None-Match` header names the ETag (weak comparison, as RFC 9110 asks).
    static func matches(_ header: String?, etag: String) -> Bool {
        guard let header else { return false }
        return header.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }
}
