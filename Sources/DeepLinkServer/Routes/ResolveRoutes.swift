import DeepLinkCore
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
    let resolution: LinkResolution
    /// What happens on each device, for `?d=1`.
    let journeys: DeviceJourneys

    func add(to router: some RouterMethods<ServerRequestContext>) {
        router.get("/{code}", use: resolve)
        router.head("/{code}", use: head)
        // A password link's page posts its password here.
        router.post("/{code}") { request, context in
            await resolution.unlock(code: context.parameters.get("code") ?? "", request: request, context: context)
        }
        router.get("/{code}/install") { request, context in await install(request, context: context, records: true) }
        router.head("/{code}/install") { request, context in await install(request, context: context, records: false).createHeadResponse() }
    }

    /// `GET /{code}/install?store=apple|google`: the store hop of a stored link; `HEAD` records no click.
    func install(_ request: Request, context: ServerRequestContext, records: Bool) async -> Response {
        await resolution.hop(code: context.parameters.get("code") ?? "", request: request, context: context, counts: records)
    }

    @Sendable func resolve(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let code = context.parameters.get("code") ?? ""
        if request.uri.queryParameters["d"] == "1" {
            let lookup = await resolution.lookup(code: code, context: context)
            // The page shows every destination: a password link's only to a visitor who gave its password.
            if case .found(let link) = lookup, !LinkPassword.isUnlocked(link, cookieHeader: request.headers[.cookie]) {
                return resolution.passwordPage(acceptLanguage: request.headers[.acceptLanguage], problem: nil, status: .ok)
            }
            return debugPage(code: code, request: request, context: context, lookup: lookup)
        }
        return await resolution.open(code: code, request: request, context: context, counts: true)
    }

    /// `HEAD /{code}`: the status and headers `GET` would send, counting nothing: link checkers
    /// and previews ask this way, and must not show up as clicks.
    @Sendable func head(_ request: Request, context: ServerRequestContext) async throws -> Response {
        await resolution.open(code: context.parameters.get("code") ?? "", request: request, context: context, counts: false).createHeadResponse()
    }

    /// `GET /{code}?d=1` (Firebase's debug parameter): what happens on each device when someone
    /// taps the link, as a page; no click is counted. `noindex`, never cached.
    private func debugPage(code: String, request: Request, context: ServerRequestContext, lookup: LinkLookup) -> Response {
        var components = URLComponents(string: resolution.resolver.setup.linkOrigin?.description ?? "https://localhost") ?? URLComponents()
        components.path = "/\(code)"
        let items = FormQuery.items(percentEncoded: request.uri.query ?? "").filter { $0.name != "d" }
        components.queryItems = items.isEmpty ? nil : items
        let url = components.string ?? "/\(code)"
        // Each device is shown for the reader of the page: their language and country decide the link's targets.
        let visit = resolution.visit(request, context: context, counts: false)
        let signals = visit.signals()
        let reader = resolution.visits.traits(platform: visit.platform, acceptLanguage: signals.acceptLanguage, clientAddress: signals.clientAddress)
        let html = resolution.resolver.pages.render(
            journeys: journeys.everyDevice(
                url: url, link: DeviceJourneys.state(lookup), language: reader.language, country: reader.country,
                variant: visit.visitorID.map(DeviceJourneys.VariantChoice.visitor) ?? .first),
            url: url)
        var response = Response.page(html, status: .ok)
        response.headers[HTTPField.Name("X-Robots-Tag")!] = "noindex"
        return response
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
