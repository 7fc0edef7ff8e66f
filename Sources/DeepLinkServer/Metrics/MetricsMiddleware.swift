import DeepLinkService
import Hummingbird

/// Records every request's method, route, status and latency in ``ServerMetrics``.
struct MetricsMiddleware: RouterMiddleware {
    // Not Hummingbird's: it records into the process-wide MetricsSystem, not the application's registry (OperationsRoutesTests).
    typealias Context = ServerRequestContext

    let metrics: ServerMetrics

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            record(request, context: context, status: response.status.code, since: start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            record(request, context: context, status: status, since: start)
            throw error
        }
    }

    private func record(_ request: Request, context: Context, status: Int, since start: ContinuousClock.Instant) {
        metrics.recordRequest(
            method: request.method.rawValue, route: context.endpointPath ?? "unmatched", status: status,
            duration: ContinuousClock.now - start)
    }
}
