import DeepLinkService
import DeepLinkCore
import Foundation
import Hummingbird
import Logging

/// `POST /api/v1/deferred/claim`: the app's first launch asks which link was clicked before the
/// install. Public (an app holds no API key) and rate-limited per address; each click is answered
/// once. `openapi.yaml` documents the body and the answer.
struct DeferredClaimRoutes: Sendable {
    let deferred: DeferredLinks
    /// Where the client's address comes from.
    let clientAddress: ClientAddressReader
    let limiter: any RequestLimiter
    /// Where `install.claimed` webhook events go.
    var webhooks: WebhookEvents? = nil

    /// The most a claim body may hold.
    static let maximumBodySize = 4096

    func add(to router: some RouterMethods<ServerRequestContext>) {
        router.post("/api/v1/deferred/claim", use: claim)
    }

    @Sendable func claim(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let address = clientAddress.address(of: request, context: context)
        if let wait = await limiter.take(clientAddress.limitKey(of: request, context: context)) {
            throw LinkServerError(code: .rateLimited, message: "too many claims from this address; retry in \(wait) s", retryAfter: wait)
        }
        let body = try await request.jsonBody(upTo: Self.maximumBodySize)
        let asked: DeferredLinkClaimRequest
        do {
            asked = try DeferredLinkClaimRequest(json: body)
        } catch {
            throw error.serverError
        }
        let claimed: (click: DeferredClick, match: DeferredLinkClaim.Match)?
        do {
            claimed = try await deferred.claim(
                token: asked.token?.rawValue, device: asked.signals.map(DeviceSignals.init), clientAddress: address)
        } catch {
            context.logger.error("cannot answer a deferred claim", metadata: ["error": "\(error)"])
            throw error.serverError
        }
        guard let (click, match) = claimed else { return Response.json(DeferredLinkClaim.noMatchAnswer) }
        context.logger.info("deferred click claimed", metadata: ["link.code": "\(click.code ?? "")", "match": "\(match.rawValue)"])
        await webhooks?.recordLoggingFailure([.visit(.installClaimed, code: click.code, platform: click.platform, deepLink: click.deepLink)])
        return Response.json(click.answer(match: match))
    }
}
