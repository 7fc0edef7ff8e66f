import DeepLinkCore
import DeepLinkService
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Opening a link, for every route that opens one (`GET /{code}`, the store hop, the QR codes,
/// Firebase long links): the live link from the cache, the answer for the client (a redirect or
/// a page, the pasteboard flow), and the store hop with its deferred click. `Sendable`.
///
/// The store hop, `GET /{code}/install?store=apple|google`, is where a landing page's store
/// buttons and Android's `intent://` fallback lead: it records a click for deferred deep linking
/// when the browser is on the store's platform, then redirects to the store; Google Play gets the
/// click's token in its install referrer.
struct LinkResolution: Sendable {
    /// Where links are read when the cache does not hold them, and store hops without a click are counted.
    let store: any LinkStorage & DailyCountStorage
    /// The short-lived copies of links.
    let cache: LinkCache
    /// The answer for each kind of client, and the pages.
    let resolver: LinkResolver
    /// Where store hops record their clicks.
    let deferred: DeferredLinks
    /// Where resolutions are counted.
    let metrics: ServerMetrics
    /// Where the client's address comes from.
    let clientAddress: ClientAddressReader
    /// Where `link.store_visited` webhook events go.
    var webhooks: WebhookEvents? = nil

    /// A stored link that can be opened, or why not.
    enum Lookup: Sendable {
        case found(Link)
        /// The link exists but expired.
        case expired(Link)
        /// No link has the code (``PageProblem/notFound``), or the database failed (``PageProblem/unavailable``).
        case problem(PageProblem)

        /// The problem page a visitor gets instead of the link, `nil` when it was found.
        var problem: PageProblem? {
            switch self {
            case .found: nil
            case .expired(let link): .expired(link.expiresAt)
            case .problem(let problem): problem
            }
        }
    }

    /// The link with a code unless it is missing or expired, from the cache.
    /// - Parameters:
    ///   - code: The code.
    ///   - logger: Where a database failure is logged.
    func liveLink(code: String, logger: Logger) async -> Lookup {
        let link: Link?
        do {
            link = try await cache.link(code: code) { () throws(StoreError) in try await store.link(code: code) }
        } catch {
            logger.error("cannot read a link", metadata: ["link.code": "\(code)", "error": "\(error)"])
            return .problem(.unavailable)
        }
        guard let link else {
            logger.debug("no link has this code", metadata: ["link.code": "\(code)"])
            return .problem(.notFound)
        }
        guard !link.isExpired(at: Date()) else {
            logger.debug("the link expired", metadata: ["link.code": "\(code)"])
            return .expired(link)
        }
        return .found(link)
    }

    /// A problem page, with its status and, when the database failed, `Retry-After`.
    func page(for problem: PageProblem) -> Response {
        var response = Response.page(resolver.pages.render(problem), status: problem.status)
        if let retryAfter = problem.retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }

    /// The answer for a link that resolves: a redirect or a page for the client's platform.
    /// Shared with Firebase long links, which have no stored link.
    /// - Parameter counts: Whether this is a click: it is counted in the metrics and, for the
    ///   pasteboard flow, recorded for deferred deep linking. `HEAD` is not a click.
    func respond(with link: Link, utm: UTMFields, opened: LinkRequest, context: ServerRequestContext, counts: Bool = true) async -> Response {
        let appLinksOnly = opened.request.headers.value(.preferHTMLMetaTags).map { header in
            header.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "al" }
        } ?? false
        if counts { metrics.recordResolution(platform: opened.platform) }
        if counts, opened.platform == .ios, !appLinksOnly, resolver.setup.deferred.pasteboard, link.appStoreID != nil,
            link.iosFallbackURL == nil, let token = await recordClick(of: link, utm: utm, opened: opened, context: context)
        {
            return .page(resolver.pasteboardLanding(link, utm: utm, token: token), status: .ok)
        }
        switch resolver.resolve(link, visitor: opened.visitor, appLinksOnly: appLinksOnly, utm: utm) {
        case .page(let html): return .page(html, status: .ok)
        case .redirect(let location): return .found(location)
        }
    }

    /// Sends the client to the store a query parameter names, or explains why it cannot.
    /// - Parameters:
    ///   - link: The link.
    ///   - opened: The request.
    ///   - context: The request's context.
    ///   - storeParameter: The query parameter that names the store.
    ///   - records: Whether the click is recorded for deferred deep linking; `HEAD` records none.
    func hop(_ link: Link, opened: LinkRequest, context: ServerRequestContext, storeParameter: String, records: Bool = true) async -> Response {
        // `store=Google` from a hand-written link still means Google Play.
        guard let store = opened.query[storeParameter].flatMap({ AppStore(rawValue: $0.lowercased()) }) else {
            context.logger.debug(
                "a store link names no store", metadata: ["link.code": "\(link.code)", "store": "\(opened.query[storeParameter] ?? "")"])
            return page(for: .invalidLink)
        }
        guard let response = await storeRedirect(for: link, to: store, utm: opened.utm(for: link), opened: opened, context: context, records: records)
        else {
            context.logger.debug("the link has no app in this store", metadata: ["link.code": "\(link.code)", "store": "\(store)"])
            return page(for: .notInStore)
        }
        if records, let webhooks, await webhooks.isTaken(.linkStoreVisited) {
            // Written before the redirect, so a visit answered is a message stored; only when an endpoint takes it.
            await webhooks.recordLoggingFailure([
                WebhookEvent(
                    .linkStoreVisited,
                    data: ["code": .string(link.code), "platform": .string(opened.platform.rawValue), "store": .string(store.rawValue)])
            ])
        }
        return response
    }

    /// The redirect to a store, or `nil` when the link has nothing in that store.
    private func storeRedirect(
        for link: Link, to store: AppStore, utm: UTMFields, opened: LinkRequest, context: ServerRequestContext, records: Bool
    ) async -> Response? {
        let policy = resolver.setup.policy
        switch store {
        case .apple:
            if let url = link.iosFallbackURL.flatMap(policy.redirectURL(for:)) { return Response.found(url) }
            guard let appStoreID = link.appStoreID else { return nil }
            let recorded = opened.query[DeferredLinkToken.queryItemName].flatMap(DeferredLinkToken.init(rawValue:))
            // A page shown for the pasteboard flow recorded its click, and so its hop, already.
            if records, recorded == nil {
                if deferred.recordsAppStoreClicks {
                    _ = await recordClick(of: link, utm: utm, opened: opened, context: context)
                } else {
                    await countStoreHop(of: link, opened: opened, context: context)
                }
            }
            return Response.found("https://apps.apple.com/app/id\(appStoreID)")
        case .google:
            if let url = link.androidFallbackURL.flatMap(policy.redirectURL(for:)) { return Response.found(url) }
            guard let package = link.playPackage else { return nil }
            let token = records && opened.platform == .android ? await recordClick(of: link, utm: utm, opened: opened, context: context) : nil
            return Response.found(resolver.playStoreURL(package: package, utm: utm, token: token))
        }
    }

    /// Counts a phone's visit to a store through the hop that records no click for deferred deep
    /// linking: an App Store visit that neither the pasteboard flow nor probabilistic matching
    /// could claim still counts in "went to a store". A failure is logged, never the visitor's.
    private func countStoreHop(of link: Link, opened: LinkRequest, context: ServerRequestContext) async {
        guard !link.code.isEmpty, opened.platform == .ios || opened.platform == .android else { return }
        do {
            try await store.recordStoreHop(code: link.code, day: Date().utcDay, platform: opened.platform)
        } catch {
            context.logger.error("cannot count a store hop", metadata: ["link.code": "\(link.code)", "error": "\(error)"])
        }
    }

    /// Records a click from an iOS or Android browser and returns its token; `nil` for other
    /// platforms, past the address's limit (``DeferredLinks/recordWithinLimit(code:deepLink:campaign:utm:device:clientAddress:)``),
    /// or when the database fails (logged: the user still gets to the store, only without
    /// deferred deep linking).
    private func recordClick(of link: Link, utm: UTMFields, opened: LinkRequest, context: ServerRequestContext) async -> String? {
        let headers = opened.request.headers
        guard
            let device = DeviceSignals(
                userAgent: headers[.userAgent], platform: opened.platform, acceptLanguage: headers[.acceptLanguage], timeZone: opened.query["tz"],
                screen: opened.query["screen"])
        else { return nil }
        let address = clientAddress.address(of: opened.request, context: context)
        do {
            let click = try await deferred.recordWithinLimit(
                code: link.code.isEmpty ? nil : link.code, deepLink: link.deepLink, campaign: utm.campaign, utm: utm, device: device,
                clientAddress: address)
            return click?.token
        } catch {
            context.logger.error("cannot record a deferred click", metadata: ["link.code": "\(link.code)", "error": "\(error)"])
            return nil
        }
    }
}
