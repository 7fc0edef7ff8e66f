import DeepLinkService
import Hummingbird

/// Records every request's method, route, status and latency in ``ServerMetrics``; one of the
/// rules of ``FrontDoorMiddleware``.
// Not Hummingbird's MetricsMiddleware: it records into the process-wide MetricsSystem, not the application's registry (OperationsRoutesTests).
struct RequestMetrics: Sendable {
    let metrics: ServerMetrics

    /// Counts a request that was answered with `status`, `start` being when it arrived.
    func record(_ request: Request, context: ServerRequestContext, status: Int, since start: ContinuousClock.Instant) {
        metrics.recordRequest(
            method: request.method.rawValue, route: context.endpointPath ?? "unmatched", status: status,
            duration: ContinuousClock.now - start)
    }
}
