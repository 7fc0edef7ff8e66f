import Foundation
import Hummingbird

/// `GET /?link=…&apn=…&ibi=…`: Firebase Dynamic Links long links on the link host, resolved like
/// stored links: every field passes the admin API's checks (the deep link must route, fallbacks
/// and the preview image must be on allowed hosts), clients get the same redirects and landing page, and store buttons
/// go through the store hop (`&deeplink_store=apple|google`) so deferred deep linking works.
/// Long links are not stored and their clicks are not counted per link.
struct FirebaseLongLinkRoutes: Sendable {
    let editor: LinkEditor
    let resolve: ResolveRoutes

    func add(to router: some RouterMethods<ServerRequestContext>) {
        router.get("/", use: open)
    }

    @Sendable func open(_ request: Request, context: ServerRequestContext) async throws -> Response {
        guard let query = request.uri.query, let items = try? FirebaseLongLink.queryItems(in: "/?" + query) else {
            return problem(title: "Link not found", message: "There is no link at this address.", status: .notFound)
        }
        let link: Link
        do {
            let longLink = try FirebaseLongLink(query: items.filter { !AppStore.hopQueryNames.contains($0.name) })
            link = try editor.create(from: longLink.body(code: nil), now: Date())
            // Anyone can write a long link, so its preview image must come from a host the server
            // trusts, as its redirects do; stored links are written with an API key.
            if let image = link.preview.imageURL { _ = try editor.setup.policy.redirectTarget(image, field: "preview.imageURL") }
        } catch {
            let parameter = error.field.map(FirebaseLongLink.parameter(for:)) ?? "link"
            return problem(title: "This link is not valid", message: "\(parameter): \(error.message)", status: .badRequest)
        }
        var longLink = link
        longLink.code = ""
        let opened = LinkRequest(request)
        if opened.query[AppStore.longLinkQueryName] != nil {
            return await resolve.hop(longLink, opened: opened, context: context, storeParameter: AppStore.longLinkQueryName)
        }
        return await resolve.respond(with: longLink, utm: opened.utm(for: longLink), opened: opened, context: context)
    }

    private func problem(title: String, message: String, status: HTTPResponse.Status) -> Response {
        resolve.page(resolve.pages.renderProblem(title: title, message: message, homeHost: resolve.homeHost), status: status)
    }
}
