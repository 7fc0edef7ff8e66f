import DeepLinkService
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// `GET /{code}`: resolves a short link for the requesting client and counts the click, by
/// platform, day, referring domain and UTM fields, never by address. Links come from a short-lived
/// ``LinkCache`` and clicks go to the ``ClickCounter``, so a popular link costs no database work.
/// `HEAD /{code}` answers as `GET` does, without a body and without counting a click.
struct ResolveRoutes: Sendable {
    let store: any LinkStorage
    let cache: LinkCache
    let clicks: ClickCounter
    let resolver: LinkResolver
    let pages: PageRenderer
    let metrics: ServerMetrics
    let storeHop: StoreHop

    func add(to router: some RouterMethods<ServerRequestContext>) {
        router.get("/{code}", use: resolve)
        router.head("/{code}", use: head)
        router.get("/{code}/install") { request, context in await install(request, context: context, records: true) }
        router.head("/{code}/install") { request, context in await install(request, context: context, records: false).createHeadResponse() }
    }

    /// A stored link that can be opened, or the problem page to answer instead.
    enum LinkLookup {
        case found(Link)
        case problem(Response)
    }

    /// The link with a code unless it is missing or expired, from the cache.
    func liveLink(code: String, context: ServerRequestContext) async -> LinkLookup {
        let link: Link?
        do {
            link = try await cache.link(code: code) { () throws(StoreError) in try await store.link(code: code) }
        } catch {
            context.logger.error("cannot read a link", metadata: ["link.code": "\(code)", "error": "\(error)"])
            return .problem(problem(.unavailable))
        }
        guard let link else {
            context.logger.debug("no link has this code", metadata: ["link.code": "\(code)"])
            return .problem(problem(.notFound))
        }
        guard !link.isExpired(at: Date()) else {
            context.logger.debug("the link expired", metadata: ["link.code": "\(code)"])
            return .problem(problem(.expired(link.expiresAt)))
        }
        return .found(link)
    }

    /// A problem page, with its status and, when the database failed, `Retry-After`.
    func problem(_ problem: PageProblem) -> Response {
        var response = Response.page(pages.render(problem), status: problem.status)
        if let retryAfter = problem.retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }

    /// `GET /{code}/install?store=apple|google`: the store hop of a stored link; `HEAD` records no click.
    func install(_ request: Request, context: ServerRequestContext, records: Bool) async -> Response {
        let code = context.parameters.get("code") ?? ""
        switch await liveLink(code: code, context: context) {
        case .found(let link):
            return await hop(link, opened: LinkRequest(request), context: context, storeParameter: AppStore.queryName, records: records)
        case .problem(let response): return response
        }
    }

    /// Sends the client to the store a query parameter names, or explains why it cannot.
    /// - Parameter records: Whether the click is recorded for deferred deep linking.
    func hop(_ link: Link, opened: LinkRequest, context: ServerRequestContext, storeParameter: String, records: Bool = true) async
        -> Response
    {
        // `store=Google` from a hand-written link still means Google Play.
        guard let store = opened.query[storeParameter].flatMap({ AppStore(rawValue: $0.lowercased()) }) else {
            context.logger.debug(
                "a store link names no store", metadata: ["link.code": "\(link.code)", "store": "\(opened.query[storeParameter] ?? "")"])
            return problem(.invalidLink)
        }
        guard
            let response = await storeHop.redirect(
                for: link, to: store, utm: opened.utm(for: link), opened: opened, context: context, records: records)
        else {
            context.logger.debug("the link has no app in this store", metadata: ["link.code": "\(link.code)", "store": "\(store)"])
            return problem(.notInStore)
        }
        return response
    }

    @Sendable func resolve(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let code = context.parameters.get("code") ?? ""
        let link: Link
        switch await liveLink(code: code, context: context) {
        case .found(let found): link = found
        case .problem(let response): return response
        }
        let now = Date()
        let opened = LinkRequest(request)
        let utm = opened.utm(for: link)
        let click = Click(
            code: link.code, day: now.utcDay, platform: opened.platform, referrerDomain: Self.referrerDomain(request.headers[.referer]),
            utmSource: utm.source ?? "", utmMedium: utm.medium ?? "", utmCampaign: utm.campaign ?? "")
        clicks.add(click)
        context.logger.debug("resolved link", metadata: ["link.code": "\(code)", "client.platform": "\(opened.platform.rawValue)"])
        return await respond(with: link, utm: utm, opened: opened, context: context)
    }

    /// `HEAD /{code}`: the status and headers `GET` would send, counting nothing: link checkers
    /// and previews ask this way, and must not show up as clicks.
    @Sendable func head(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let code = context.parameters.get("code") ?? ""
        switch await liveLink(code: code, context: context) {
        case .found(let link):
            let opened = LinkRequest(request)
            return await respond(with: link, utm: opened.utm(for: link), opened: opened, context: context, counts: false)
                .createHeadResponse()
        case .problem(let response): return response.createHeadResponse()
        }
    }

    /// The answer for a link that resolves: a redirect or a page for the client's platform.
    /// Shared with Firebase long links, which have no stored link.
    /// - Parameter counts: Whether this is a click: it is counted in the metrics and, for the
    ///   pasteboard flow, recorded for deferred deep linking. `HEAD` is not a click.
    func respond(with link: Link, utm: UTMFields, opened: LinkRequest, context: ServerRequestContext, counts: Bool = true) async -> Response {
        let appLinksOnly = opened.request.headers[.preferHTMLMetaTags].map { header in
            header.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "al" }
        } ?? false
        if counts { metrics.recordResolution(platform: opened.platform) }
        if counts, opened.platform == .ios, !appLinksOnly, resolver.setup.deferred.pasteboard, link.appStoreID != nil,
            link.iosFallbackURL == nil, let token = await storeHop.recordClick(of: link, utm: utm, opened: opened, context: context)
        {
            return .page(resolver.pasteboardLanding(link, utm: utm, token: token), status: .ok)
        }
        switch resolver.resolve(link, visitor: opened.visitor, appLinksOnly: appLinksOnly, utm: utm) {
        case .page(let html): return .page(html, status: .ok)
        case .redirect(let location): return .found(location)
        }
    }

    /// The referring page's host, lowercased, or `""` when there is none or it is not a host name.
    static func referrerDomain(_ referer: String?) -> String {
        guard let referer, let host = URLComponents(string: referer)?.host?.lowercased(), host.count <= 253,
            host.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-" })
        else { return "" }
        return host
    }
}

extension HTTPField.Name {
    /// `Referrer-Policy`.
    static let referrerPolicyHeader = HTTPField.Name("Referrer-Policy")!
    /// `X-Content-Type-Options`.
    static let contentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
    /// `Prefer-Html-Meta-Tags`, with which App Links resolvers ask for only the `al:*` tags.
    static let preferHTMLMetaTags = HTTPField.Name("Prefer-Html-Meta-Tags")!
}
