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
    let resolution: LinkResolution
    let store: any DailyCountStorage
    /// The host short links live on.
    let linkHost: String?
    /// Where the client's address comes from.
    let clientAddress: ClientAddressReader
    let limiter: any RequestLimiter

    /// The most an open's body may hold.
    static let maximumBodySize = 4096

    func add(to router: some RouterMethods<ServerRequestContext>) {
        router.post("/api/v1/opens", use: open)
    }

    @Sendable func open(_ request: Request, context: ServerRequestContext) async throws -> Response {
        if let wait = await limiter.take(clientAddress.address(of: request, context: context) ?? "unknown") {
            throw LinkServerError(code: .rateLimited, message: "too many opens from this address; retry in \(wait) s", retryAfter: wait)
        }
        let body = try await request.jsonBody(upTo: Self.maximumBodySize)
        let asked: AppOpenRequest
        do {
            asked = try AppOpenRequest(json: body)
        } catch {
            throw LinkServerError(code: error.field == nil ? .invalidJSON : .invalidField, message: error.message, field: error.field)
        }
        let (code, query) = try shortLink(in: asked.url)
        let link: Link
        switch await resolution.liveLink(code: code, logger: context.logger) {
        case .found(let found):
            link = found
        case .expired(let expired):
            var error = LinkServerError(code: .linkExpired, message: "the link \(code) expired; open it in the browser instead")
            error.openInBrowser = expired.webURL.flatMap(resolution.resolver.setup.policy.redirectURL(for:)) ?? asked.url
            throw error
        case .problem(let problem):
            guard problem == .notFound else { throw StoreError(code: .unavailable, message: "the link could not be read").serverError }
            throw LinkServerError(code: .notFound, message: "no link has the code \(code)", field: "url")
        }
        guard let deepLink = URL(string: link.deepLink) else {
            throw LinkServerError(code: .notFound, message: "the link \(code) has no deep link the app can open", field: "url")
        }
        let platform: ClientPlatform = asked.platform == .ios ? .ios : .android
        do {
            try await store.recordAppOpen(code: link.code, day: Date().utcDay, platform: platform)
        } catch {
            // The app still gets its link; only the count is lost.
            context.logger.error("cannot count an app open", metadata: ["link.code": "\(link.code)", "error": "\(error)"])
        }
        context.logger.debug("app opened a link", metadata: ["link.code": "\(link.code)", "client.platform": "\(platform.rawValue)"])
        let utm = link.utm.overridden(by: query)
        let fields = [("source", utm.source), ("medium", utm.medium), ("campaign", utm.campaign), ("term", utm.term), ("content", utm.content)]
        let answer = ShortLinkResolution(
            code: link.code, deepLink: deepLink, utm: Dictionary(uniqueKeysWithValues: fields.compactMap { name, value in value.map { (name, $0) } }),
            campaign: link.campaign)
        return Response.json(answer.jsonValue)
    }

    /// The code and form-decoded query of a short link of this server.
    /// - Throws: ``LinkServerError``: `invalid-field` for text that is not an http(s) URL,
    ///   `not-a-short-link` for another host, the root, or a path the server answers itself.
    private func shortLink(in text: String) throws(LinkServerError) -> (code: String, query: [String: String]) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = components.host?.lowercased(), !host.isEmpty
        else {
            throw LinkServerError(code: .invalidField, message: "url must be the https short link the app was opened with", field: "url")
        }
        guard host == linkHost?.lowercased() else {
            throw LinkServerError(
                code: .notAShortLink, message: "\(host) is not this server's link domain (\(linkHost ?? "none")); open the URL in the browser",
                field: "url")
        }
        let segments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: true)
        guard segments.count == 1, let code = segments.first.flatMap({ String($0).removingPercentEncoding }),
            !ShortLinkPaths.serverNames.contains(code.lowercased())
        else {
            throw LinkServerError(
                code: .notAShortLink, message: "\(components.percentEncodedPath) is not a short link's path; open the URL in the browser",
                field: "url")
        }
        return (code, FormQuery.firstValues(percentEncoded: components.percentEncodedQuery ?? ""))
    }
}
