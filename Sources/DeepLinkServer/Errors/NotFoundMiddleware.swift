import Hummingbird

/// Answers requests under `/api/` that match no admin route with the API's JSON error shape
/// instead of Hummingbird's empty 404.
struct APINotFoundMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound && request.uri.path.hasPrefix("/api/") {
            throw LinkServerError(
                code: .notFound, message: "there is no admin API route \(request.method) \(request.uri.path); see /openapi.yaml")
        }
    }
}
