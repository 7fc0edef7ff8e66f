import DeepLinkCore
import DeepLinkService
import Foundation
import Hummingbird
import Logging

/// `POST /api/v1/opens`: an app that a tap on a short link opened asks which deep link the link
/// opens. Public (an app holds no API key; the answer reveals nothing the landing page does not)
/// and rate-limited per address. The answer is the deep link with the UTM fields in effect (the
/// short link's own `utm_*` override the link's, as for `GET /{code}`), and the open is counted by
/// UTC day and platform. `openapi.yaml` documents the body and the answers.
struct AppOpenRoutes: Sendable {
    /// The links' lookup and the open's count.
    let visits: LinkVisits
    /// The host short links live on.
    let linkHost: String?
    /// Where short links are addressed, which may be a development origin.
    let origin: ShortLinkOrigin?
    /// Where the client's address comes from.
    let clientAddress: ClientAddressReader
    let limiter: any RequestLimiter

    /// The most an open's body may hold.
    static let maximumBodySize = 4096

    func add(to router: some RouterMethods<ServerRequestContext>) {
        router.post("/api/v1/opens", use: open)
    }

    @Sendable func open(_ request: Request, context: ServerRequestContext) async throws -> Response {
        if let wait = await limiter.take(clientAddress.limitKey(of: request, context: context)) {
            throw LinkServerError(code: .rateLimited, message: "too many opens from this address; retry in \(wait) s", retryAfter: wait)
        }
        let body = try await request.jsonBody(upTo: Self.maximumBodySize)
        let asked: AppOpenRequest
        do {
            asked = try AppOpenRequest(json: body)
        } catch {
            guard error.field != nil else { throw LinkServerError(code: .invalidJSON, message: error.message) }
            // Every bad field at once, as the links API answers.
            throw LinkServerError.fields(
                (error.all.isEmpty ? [error] : error.all).map { LinkServerError(code: .invalidField, message: $0.message, field: $0.field) })
        }
        let (code, query) = try ShortLinkAnswer.shortLink(in: asked.url, linkHost: linkHost, origin: origin)
        let link: Link
        let variant: String?
        switch await visits.lookup(code: code, logger: context.logger) {
        case .found(let found) where found.isPasswordProtected, .locked(let found):
            // The app cannot ask for the password: the browser's page does, and hides the destination until then.
            var error = LinkServerError(
                code: .passwordRequired, message: "the link \(code) asks for a password; open it in the browser, which asks for it")
            error.openInBrowser = origin.map { $0.url("/\(found.code)") } ?? asked.url
            throw error
        case .found(let found):
            // The app's visitor is decided as the browser's would be: its platform, language and
            // country, and its visitorId for the link's A/B variant.
            let decision = visits.decision(
                for: found, platform: asked.platform == .ios ? .ios : .android, acceptLanguage: request.headers[.acceptLanguage],
                clientAddress: clientAddress.address(of: request, context: context), visitorID: asked.visitorID.flatMap(VisitorID.init(rawValue:)))
            link = decision.link
            variant = decision.rule.variant
        case .expired(let expired):
            var error = LinkServerError(code: .linkExpired, message: "the link \(code) expired; open it in the browser instead")
            error.openInBrowser = visits.browserURL(forExpired: expired) ?? asked.url
            throw error
        case .unavailable:
            throw StoreError(code: .unavailable, message: "the link could not be read").serverError
        case .missing:
            throw LinkServerError(code: .notFound, message: "no link has the code \(code)", field: "url")
        }
        let answer = try ShortLinkAnswer.resolution(of: link, query: query) { utm in
            visits.appRequirement(of: link, platform: asked.platform, utm: utm)
        }
        let platform: ClientPlatform = asked.platform == .ios ? .ios : .android
        // The app still gets its link when the count fails; only the count is lost.
        await visits.countAppOpen(of: link, platform: platform, variant: variant, logger: context.logger)
        context.logger.debug("app opened a link", metadata: ["link.code": "\(link.code)", "client.platform": "\(platform.rawValue)"])
        return Response.json(answer.jsonValue)
    }
}
