import DeepLinkService
import Hummingbird

/// What every request passes through before its route, as one middleware: the ``HostHeaderRule``
/// first, the ``NotFoundAnswer`` for a request no route matched, errors turned into their
/// responses, the ``SecurityHeaders`` on whatever is answered, and the ``RequestMetrics`` last.
///
/// One layer with four rules rather than four layers: each middleware is an asynchronous call
/// that every request makes, and four of them cost the cached landing page a few percent of
/// its throughput. Each rule is still its own type, tested on its own terms.
struct FrontDoorMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    let host: HostHeaderRule
    let notFound: NotFoundAnswer
    let security: SecurityHeaders
    let metrics: RequestMetrics

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        var response: Response
        do {
            do {
                try host.check(request)
                response = try await next(request, context)
            } catch let error as HTTPError where error.status == .notFound {
                response = try notFound.response(to: request, context: context)
            }
        } catch let error as any HTTPResponseError {
            // Errors become responses only after every middleware has run, so they are answered
            // here to get the security headers and be counted with their status.
            do {
                response = try error.response(from: request, context: context)
            } catch {
                metrics.record(request, context: context, status: 500, since: start)
                throw error
            }
        } catch {
            metrics.record(request, context: context, status: 500, since: start)
            throw error
        }
        security.apply(to: &response)
        metrics.record(request, context: context, status: response.status.code, since: start)
        return response
    }
}
