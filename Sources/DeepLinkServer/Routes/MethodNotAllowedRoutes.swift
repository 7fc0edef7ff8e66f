import DeepLinkService
import HTTPTypes
import Hummingbird

/// Answers the methods a path does not take: `405 Method Not Allowed` with `Allow` naming those it
/// does (and the admin API's JSON error), and `OPTIONS` with `204` and the same `Allow`, instead of
/// the `404` a path that exists would otherwise give. Added last, from the routes the router holds,
/// so the list is never out of step with them.
enum MethodNotAllowedRoutes {
    /// The methods a path may be asked for that this answers when the path lacks them.
    /// `QUERY` is the safe method with a body that the HTTP working group is standardizing.
    static let answered: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .trace, .options, query]

    private static let query = HTTPRequest.Method("QUERY")!

    /// Adds the answers to every path `router` routes.
    static func add(to router: Router<ServerRequestContext>) {
        var methodsByPath: [String: (path: RouterPath, methods: Set<HTTPRequest.Method>)] = [:]
        for route in router.routes {
            methodsByPath[route.path.description, default: (route.path, [])].methods.insert(route.method)
        }
        for (path, methods) in methodsByPath.values {
            let allow = answered.filter { methods.contains($0) || $0 == .options }.map(\.rawValue).joined(separator: ", ")
            for method in answered where !methods.contains(method) {
                router.on(path, method: method) { request, context in
                    try response(to: request, context: context, allow: allow)
                }
            }
        }
    }

    private static func response(to request: Request, context: ServerRequestContext, allow: String) throws -> Response {
        if request.method == .options {
            return Response(status: .noContent, headers: [.allow: allow])
        }
        let error = LinkServerError(
            code: .methodNotAllowed, message: "\(request.uri.path) does not take \(request.method); it takes \(allow)")
        var response = try error.response(from: request, context: context)
        response.headers[.allow] = allow
        return request.method == .head ? response.createHeadResponse() : response
    }
}
