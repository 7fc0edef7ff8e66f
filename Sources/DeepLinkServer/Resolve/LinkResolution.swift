import DeepLinkCore
import DeepLinkService
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// The answers of the routes that open a link (`GET /{code}`, the store hop, the QR codes,
/// Firebase long links): ``LinkVisits`` decides, with values (the link, the click's token, the
/// store to go to); this reads the request into a ``LinkVisit`` once and turns those values into
/// the redirect or the page for the client's platform. `Sendable`.
struct LinkResolution: Sendable {
    /// Opening links: the lookup through the cache, the click, the store hop, the app open.
    let visits: LinkVisits
    /// The answer for each kind of client, and the pages.
    let resolver: LinkResolver
    /// Where resolutions are counted.
    let metrics: ServerMetrics
    /// Where the client's address comes from, for a deferred click.
    let clientAddress: ClientAddressReader
    /// Wrong passwords of password links, per address.
    var passwordAttempts: any RequestLimiter = RateLimiter(perMinute: LinkPassword.failedAttemptsPerMinute)
    /// Where link passwords are checked: their own bcrypt thread, so visitors cannot hold up dashboard sign-ins.
    var passwordChecks = PasswordChecks()

    /// The visit a request makes, read once.
    /// - Parameter counts: Whether it is a click; `HEAD` is not.
    func visit(_ request: Request, context: ServerRequestContext, counts: Bool = true) -> LinkVisit {
        let headers = request.headers
        let appLinksOnly = headers.value(.preferHTMLMetaTags).map { header in
            header.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "al" }
        } ?? false
        let clientAddress = self.clientAddress
        return LinkVisit(
            visitor: Visitor(userAgent: headers.value(.userAgent)), query: request.formQuery, referrer: counts ? headers.value(.referer) : nil,
            appLinksOnly: appLinksOnly, counts: counts, acceptLanguage: headers[.acceptLanguage],
            cookies: headers[.cookie]
        ) {
            DeferredClickSignals(
                userAgent: headers[.userAgent], acceptLanguage: headers[.acceptLanguage], clientAddress: clientAddress.address(of: request, context: context))
        }
    }

    /// Opens a stored link for a request: the one call to the service `GET /{code}` makes.
    func open(code: String, request: Request, context: ServerRequestContext, counts: Bool) async -> Response {
        let visit = visit(request, context: context, counts: counts)
        let opening = await visits.open(code: code, visit: visit, logger: context.logger)
        if counts, case .open = opening {
            context.logger.debug("resolved link", metadata: ["link.code": "\(code)", "client.platform": "\(visit.platform.rawValue)"])
        }
        return answer(opening, visit: visit)
    }

    /// Opens a link that is not stored (a Firebase long link).
    func open(_ link: Link, request: Request, context: ServerRequestContext, counts: Bool) async -> Response {
        let visit = visit(request, context: context, counts: counts)
        return answer(await visits.open(link, visit: visit, logger: context.logger), visit: visit)
    }

    /// The link with a code, and whether it can be opened: for the pages that show a link without opening it.
    func lookup(code: String, context: ServerRequestContext) async -> LinkLookup {
        await visits.lookup(code: code, logger: context.logger)
    }

    /// The store hop of a stored link, `GET /{code}/install?store=apple|google`.
    func hop(code: String, request: Request, context: ServerRequestContext, counts: Bool) async -> Response {
        answer(
            await visits.hop(
                code: code, storeParameter: AppStore.queryName, visit: visit(request, context: context, counts: counts), logger: context.logger),
            acceptLanguage: request.headers[.acceptLanguage])
    }

    /// The store hop of a Firebase long link, `/?link=…&store=apple|google`.
    func hop(_ link: Link, request: Request, context: ServerRequestContext, counts: Bool) async -> Response {
        answer(
            await visits.hop(
                link, storeParameter: AppStore.longLinkQueryName, visit: visit(request, context: context, counts: counts), logger: context.logger),
            acceptLanguage: request.headers[.acceptLanguage])
    }

    /// The answer for an opening: a redirect or a page for the client's platform, the pasteboard
    /// page for a click it recorded, or the problem page.
    func answer(_ opening: LinkOpening, visit: LinkVisit) -> Response {
        switch opening {
        case .notOpened(let lookup):
            return notOpened(lookup, acceptLanguage: visit.acceptLanguage)
        case .open(let link, let utm, let pasteboardToken, let rule):
            if visit.counts { metrics.recordResolution(platform: visit.platform) }
            let language = resolver.pages.language(for: visit.acceptLanguage)
            var response: Response
            if let pasteboardToken {
                response = .page(resolver.pasteboardLanding(link, utm: utm, token: pasteboardToken, language: language), status: .ok)
            } else {
                switch resolver.resolve(link, visitor: visit.visitor, appLinksOnly: visit.appLinksOnly, utm: utm, language: language, rule: rule.pageKey) {
                case .page(let html): response = .page(html, status: .ok)
                case .redirect(let location): response = .found(location)
                }
            }
            // A first visit to a link with variants: the browser keeps the value that assigned its variant.
            if let id = rule.newVisitorID { response.headers[.setCookie] = id.setCookie }
            return response
        }
    }

    /// The store hop's answer: the redirect, or the page that says why there is none.
    func answer(_ hop: StoreHop, acceptLanguage: String? = nil) -> Response {
        switch hop {
        case .redirect(let location): .found(location)
        case .noStoreNamed: page(for: .invalidLink, acceptLanguage: acceptLanguage)
        case .notInStore: page(for: .notInStore, acceptLanguage: acceptLanguage)
        case .notOpened(let lookup): notOpened(lookup, acceptLanguage: acceptLanguage)
        }
    }

    /// The answer for a link that cannot be opened: an expired link's `expiredURL`, or the problem page.
    func notOpened(_ lookup: LinkLookup, acceptLanguage: String? = nil) -> Response {
        if case .expired(let link) = lookup, let location = visits.expiredRedirect(for: link) { return .found(location) }
        if case .locked = lookup { return passwordPage(acceptLanguage: acceptLanguage, problem: nil, status: .ok) }
        return page(for: PageProblem(lookup) ?? .notFound, acceptLanguage: acceptLanguage)
    }

    /// A password link's page in the visitor's language; `problem` says why the last try failed.
    func passwordPage(acceptLanguage: String?, problem: String?, status: HTTPResponse.Status) -> Response {
        .passwordPage(resolver.pages.renderPassword(language: resolver.pages.language(for: acceptLanguage), error: problem), status: status)
    }

    /// `POST /{code}` from a password link's page: the password checked (off the request threads,
    /// a bounded number at a time), wrong ones limited per address; the right one gets the unlock
    /// cookie and a redirect to the link, query kept, which now opens as any link does.
    func unlock(code: String, request: Request, context: ServerRequestContext) async -> Response {
        let acceptLanguage = request.headers[.acceptLanguage]
        let link: Link
        switch await visits.lookup(code: code, logger: context.logger) {
        case .found(let found), .locked(let found): link = found
        case let other: return notOpened(other, acceptLanguage: acceptLanguage)
        }
        var location = "/\(link.code)"
        if let query = request.uri.query, !query.isEmpty { location += "?" + query }
        guard link.isPasswordProtected else { return Response(status: .seeOther, headers: [.location: location]) }
        let strings = resolver.pages.language(for: acceptLanguage).strings
        let form: [String: String]
        do {
            form = try await DashboardForm.read(request)
        } catch {
            return passwordPage(acceptLanguage: acceptLanguage, problem: strings.passwordWrong, status: error.status)
        }
        let client = clientAddress.limitKey(of: request, context: context)
        if let wait = await passwordAttempts.take(client) {
            var response = passwordPage(acceptLanguage: acceptLanguage, problem: strings.passwordTooMany(wait), status: .tooManyRequests)
            response.headers[.retryAfter] = String(wait)
            return response
        }
        let matches: Bool
        do {
            matches = try await passwordChecks.verify(form["password"] ?? "", hash: link.passwordHash ?? PasswordChecks.unknownNameHash)
        } catch {
            await passwordAttempts.giveBack(client)
            var response = passwordPage(acceptLanguage: acceptLanguage, problem: strings.passwordTooMany(1), status: .serviceUnavailable)
            response.headers[.retryAfter] = "1"
            return response
        }
        guard matches, let cookie = LinkPassword.unlockCookie(for: link) else {
            context.logger.debug("a wrong password for a link", metadata: ["link.code": "\(link.code)"])
            return passwordPage(acceptLanguage: acceptLanguage, problem: strings.passwordWrong, status: .forbidden)
        }
        // Only wrong passwords count against the address.
        await passwordAttempts.giveBack(client)
        // A page that goes on by a refresh: a redirect here would make the link's own redirect part
        // of the form's, which the page's form-action policy would stop.
        var response = Response.passwordPage(
            resolver.pages.renderUnlocked(next: location, language: resolver.pages.language(for: acceptLanguage)), status: .ok)
        response.headers[.setCookie] = cookie
        return response
    }

    /// A problem page in the visitor's language, with its status and, when the database failed, `Retry-After`.
    func page(for problem: PageProblem, acceptLanguage: String? = nil) -> Response {
        var response = Response.page(
            resolver.pages.render(problem, language: resolver.pages.language(for: acceptLanguage)), status: problem.status)
        if let retryAfter = problem.retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }
}

extension PageProblem {
    /// The page a lookup that found no live link shows; `nil` for a live link.
    init?(_ lookup: LinkLookup) {
        switch lookup {
        case .found, .locked: return nil
        case .expired(let link): self = .expired(link.expiresAt)
        case .missing: self = .notFound
        case .unavailable: self = .unavailable
        }
    }
}
