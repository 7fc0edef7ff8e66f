import DeepLinkService
import DeepLinkFirebase
import Foundation
import Hummingbird
import Logging

/// `GET /?link=…&apn=…&ibi=…`: Firebase Dynamic Links long links on the link host, resolved like
/// stored links: every field passes the admin API's checks (the deep link must route, fallbacks
/// and the preview image must be on allowed hosts), `apn`, `ibi` and `isi` must name the config's
/// apps, clients get the same redirects and landing page, and store buttons
/// go through the store hop (`&deeplink_store=apple|google`) so deferred deep linking works.
/// Long links are not stored and their clicks are not counted per link.
struct FirebaseLongLinkRoutes: Sendable {
    let editor: LinkEditor
    let resolution: LinkResolution

    func add(to router: some RouterMethods<ServerRequestContext>) {
        router.get("/") { request, context in await open(request, context: context, counts: true) }
        router.head("/") { request, context in await open(request, context: context, counts: false).createHeadResponse() }
    }

    /// The long link's answer; `counts` is false for `HEAD`, which records nothing.
    func open(_ request: Request, context: ServerRequestContext, counts: Bool) async -> Response {
        guard let query = request.uri.query, let items = try? FirebaseLongLink.queryItems(in: "/?" + query) else {
            return resolution.page(for: .notFound)
        }
        let link: Link
        do throws(LinkServerError) {
            let longLink: FirebaseLongLink
            do throws(FirebaseLinkError) {
                longLink = try FirebaseLongLink(query: items.filter { !AppStore.hopQueryNames.contains($0.name) })
            } catch {
                throw LinkServerError(error)
            }
            try editor.setup.checkApps(in: items)
            // The editor checks the preview image's host as it checks redirects, for stored links too.
            link = try editor.create(from: longLink.body(code: nil), now: Date())
        } catch {
            let parameter = error.field.map(FirebaseLongLink.parameter(for:)) ?? "link"
            context.logger.notice("refused a Firebase long link", metadata: ["link.problem": "\(parameter): \(error.message)"])
            return resolution.page(for: .invalidLink)
        }
        var longLink = link
        longLink.code = ""
        if request.formQuery[AppStore.longLinkQueryName] != nil {
            return await resolution.hop(longLink, request: request, context: context, counts: counts)
        }
        return await resolution.open(longLink, request: request, context: context, counts: counts)
    }
}
