import DeepLinkService
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The dashboard under `/dashboard`: sign-in, links (list, search, create, edit, duplicate,
/// delete, QR code), their numbers, API keys and the server's health, as HTML pages that work
/// without JavaScript. Links change through ``LinkService``, as in the admin API. `Sendable`.
struct DashboardRoutes: Sendable {
    let links: LinkService
    /// Where the API keys the dashboard lists, creates and revokes live, and the sessions a revoked key loses.
    let store: any APIKeyStorage & DashboardStorage
    let sessions: DashboardSessions
    let renderer: DashboardRenderer
    let health: DashboardHealth

    /// Links per page of the list.
    static let pageSize = 25

    func add(to router: some RouterMethods<ServerRequestContext>) {
        router.get("/dashboard/assets/dashboard.css") { _, _ in Self.asset(DashboardAssets.stylesheet, type: "text/css; charset=utf-8") }
        router.get("/dashboard/assets/dashboard.js") { _, _ in
            Self.asset(DashboardAssets.script, type: "text/javascript; charset=utf-8")
        }
        router.get("/dashboard", use: home)
        router.get("/dashboard/sign-in", use: signInPage)
        router.post("/dashboard/sign-in", use: signIn)
        let group = router.group("/dashboard").add(middleware: DashboardMiddleware(sessions: sessions, renderer: renderer))
        group.post("/sign-out", use: signOut)
        group.get("/links", use: list)
        group.get("/new-link", use: newLink)
        group.post("/new-link", use: create)
        group.get("/links/{code}", use: show)
        group.get("/links/{code}/edit", use: edit)
        group.post("/links/{code}/edit", use: update)
        group.get("/links/{code}/delete", use: confirmDelete)
        group.post("/links/{code}/delete", use: delete)
        group.get("/links/{code}/numbers.csv", use: linkCSV)
        group.get("/numbers", use: overall)
        group.get("/numbers.csv", use: overallCSV)
        group.get("/keys", use: keys)
        group.post("/keys", use: createKey)
        group.post("/keys/{id}/revoke", use: revokeKey)
        group.get("/health", use: healthPage)
    }

    // MARK: Signing in

    /// `GET /dashboard`: the links when signed in, else the sign-in page.
    @Sendable func home(_ request: Request, context: ServerRequestContext) async -> Response {
        let session = try? await sessions.session(of: request)
        return DashboardRenderer.seeOther(session == nil ? "/dashboard/sign-in" : "/dashboard/links")
    }

    /// `GET /dashboard/sign-in`: the form, which returns to the page in `next` once signed in.
    @Sendable func signInPage(_ request: Request, context: ServerRequestContext) async -> Response {
        signInForm(request: request, next: Self.safeNext(request.formQuery["next"]), status: .ok)
    }

    /// The sign-in page with a fresh form token, which its form carries and a cookie holds: before
    /// there is a session, the two must match (so another site cannot sign a browser in).
    private func signInForm(request: Request, next: String, name: String = "", error: String? = nil, status: HTTPResponse.Status) -> Response {
        let token = DashboardSessions.randomToken()
        var response = renderer.render(
            DashboardSignInView(signInToken: token, next: next, name: name, error: error), title: "Sign in", session: nil, status: status)
        response.setCookie(DashboardSessions.signInCookie(token: token, request: request))
        return response
    }

    /// `POST /dashboard/sign-in`: starts a session and goes to `next`, or shows the form again
    /// with what went wrong.
    @Sendable func signIn(_ request: Request, context: ServerRequestContext) async -> Response {
        guard DashboardSessions.isSameOrigin(request) else {
            return renderer.refused("This sign-in was sent from another site, so it was refused.", session: nil)
        }
        let form: [String: String]
        do {
            form = try await DashboardForm.read(request)
        } catch {
            return renderer.problem(error, session: nil)
        }
        let next = Self.safeNext(form["next"])
        func failed(_ message: String, status: HTTPResponse.Status, retryAfter: Int? = nil) -> Response {
            var response = signInForm(request: request, next: next, name: form["name"] ?? "", error: message, status: status)
            if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
            return response
        }
        guard DashboardSessions.hasValidSignInToken(form, request: request) else {
            return failed("The sign-in form had expired. Sign in again.", status: .forbidden)
        }
        do {
            let (secret, _) = try await sessions.signIn(
                key: form["key"] ?? "", name: form["name"] ?? "", password: form["password"] ?? "", request: request, context: context)
            var response = DashboardRenderer.seeOther(next)
            response.setCookie(DashboardSessions.cookie(secret: secret, request: request))
            response.setCookie(DashboardSessions.signInCookie(token: "", request: request))
            return response
        } catch DashboardSessions.SignInFailure.missing {
            return failed("Enter a user name and password, or an admin API key.", status: .badRequest)
        } catch DashboardSessions.SignInFailure.wrong {
            context.logger.notice("failed dashboard sign-in")
            return failed("That user name and password, or that key, is not valid (or the key was revoked).", status: .unauthorized)
        } catch DashboardSessions.SignInFailure.tooMany(let retryAfter) {
            return failed("Too many failed sign-ins from your network. Try again in \(retryAfter) seconds.", status: .tooManyRequests, retryAfter: retryAfter)
        } catch {
            return renderer.problem(error, session: nil)
        }
    }

    /// `POST /dashboard/sign-out`: ends the session and goes to the sign-in page.
    @Sendable func signOut(_ request: Request, context: ServerRequestContext) async -> Response {
        guard let session = context.dashboardSession else { return DashboardRenderer.seeOther("/dashboard/sign-in") }
        do {
            try await sessions.signOut(session)
        } catch {
            return renderer.problem(error, session: session)
        }
        var response = DashboardRenderer.seeOther("/dashboard/sign-in")
        response.setCookie(DashboardSessions.clearingCookie(request: request))
        return response
    }

    // MARK: Links

    /// `GET /dashboard/links?q=&filter=&sort=&page=`: a page of the links found, and after a
    /// deletion (`deleted=CODE`) a notice.
    @Sendable func list(_ request: Request, context: ServerRequestContext) async -> Response {
        let session = context.dashboardSession
        let query = request.formQuery
        let pageNumber = max(1, min(100_000, Int(query["page"] ?? "") ?? 1))
        let search = LinkSearch(
            text: String((query["q"] ?? "").prefix(200)), filter: query["filter"].flatMap(LinkFilter.init(rawValue:)) ?? .all,
            sort: query["sort"].flatMap(LinkSort.init(rawValue:)) ?? .newest, offset: (pageNumber - 1) * Self.pageSize, limit: Self.pageSize,
            now: Date())
        let page: LinkSearchPage
        do {
            page = try await links.search(search)
        } catch {
            return renderer.problem(error, session: session)
        }
        let deleted = query["deleted"].map { "Link \($0) deleted." }
        return renderer.render(DashboardLinksView(search: search, page: page), title: "Links", session: session, section: .links, notice: deleted)
    }

    /// `GET /dashboard/new-link`: an empty form, or with `from=CODE` one filled from that link
    /// but its code.
    @Sendable func newLink(_ request: Request, context: ServerRequestContext) async -> Response {
        var values: [String: String] = [:]
        var heading = "New link"
        if let from = request.formQuery["from"], !from.isEmpty {
            do {
                values = DashboardForm.values(of: try await links.link(code: from))
                values["code"] = nil
                heading = "Duplicate \(from)"
            } catch {
                return renderer.problem(error, session: context.dashboardSession)
            }
        }
        return linkForm(heading: heading, action: "/dashboard/new-link", values: values, editing: false, session: context.dashboardSession)
    }

    /// `POST /dashboard/new-link`: creates the link and shows it.
    @Sendable func create(_ request: Request, context: ServerRequestContext) async -> Response {
        let values = context.dashboardForm
        do {
            let link = try await links.create(DashboardForm.linkJSON(values, forUpdate: false))
            context.logger.info("created link", metadata: ["link.code": "\(link.code)"])
            return DashboardRenderer.seeOther("/dashboard/links/\(link.code)?done=created")
        } catch {
            guard error.field != nil || error.code == .codeTaken else { return renderer.problem(error, session: context.dashboardSession) }
            return linkForm(
                heading: "New link", action: "/dashboard/new-link", values: values, editing: false, session: context.dashboardSession, error: error)
        }
    }

    /// `GET /dashboard/links/CODE/edit`: the form filled from the link.
    @Sendable func edit(_ request: Request, context: ServerRequestContext) async -> Response {
        let code = context.parameters.get("code") ?? ""
        do {
            let link = try await links.link(code: code)
            return linkForm(
                heading: "Edit \(code)", action: "/dashboard/links/\(code)/edit", values: DashboardForm.values(of: link), editing: true,
                session: context.dashboardSession)
        } catch {
            return renderer.problem(error, session: context.dashboardSession)
        }
    }

    /// `POST /dashboard/links/CODE/edit`: changes the link and shows it; an emptied field clears it.
    @Sendable func update(_ request: Request, context: ServerRequestContext) async -> Response {
        let code = context.parameters.get("code") ?? ""
        var values = context.dashboardForm
        do {
            _ = try await links.update(code: code, with: DashboardForm.linkJSON(values, forUpdate: true))
            context.logger.info("updated link", metadata: ["link.code": "\(code)"])
            return DashboardRenderer.seeOther("/dashboard/links/\(code)?done=updated")
        } catch {
            guard error.field != nil else { return renderer.problem(error, session: context.dashboardSession) }
            values["code"] = code
            return linkForm(
                heading: "Edit \(code)", action: "/dashboard/links/\(code)/edit", values: values, editing: true, session: context.dashboardSession,
                error: error)
        }
    }

    /// `GET /dashboard/links/CODE/delete`: asks before deleting the link.
    @Sendable func confirmDelete(_ request: Request, context: ServerRequestContext) async -> Response {
        let code = context.parameters.get("code") ?? ""
        do {
            let link = try await links.link(code: code)
            let view = DashboardConfirmDeleteView(
                code: link.code, shortURL: links.shortURL(code: link.code) ?? "/\(link.code)", formToken: context.dashboardSession?.formToken)
            return renderer.render(view, title: "Delete \(code)", session: context.dashboardSession, section: .links)
        } catch {
            return renderer.problem(error, session: context.dashboardSession)
        }
    }

    /// `POST /dashboard/links/CODE/delete`: deletes the link and goes back to the list.
    @Sendable func delete(_ request: Request, context: ServerRequestContext) async -> Response {
        let code = context.parameters.get("code") ?? ""
        do {
            try await links.delete(code: code)
            context.logger.info("deleted link", metadata: ["link.code": "\(code)"])
            return DashboardRenderer.seeOther("/dashboard/links?deleted=\(code.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")")
        } catch {
            return renderer.problem(error, session: context.dashboardSession)
        }
    }

    /// `GET /dashboard/links/CODE?days=`: the link, and after the form (`done=created` or
    /// `done=updated`) a notice.
    @Sendable func show(_ request: Request, context: ServerRequestContext) async -> Response {
        let code = context.parameters.get("code") ?? ""
        let days = Self.days(request)
        do {
            let link = try await links.link(code: code)
            let numbers = DashboardNumbersView(
                try await links.numbers(code: code, days: days), heading: "Numbers", base: "/dashboard/links/\(code)", days: days)
            let view = DashboardLinkView(link: link, shortURL: links.shortURL(code: link.code) ?? "/\(link.code)", numbers: numbers, now: Date())
            let notice: String? =
                switch request.formQuery["done"] {
                case "created": "Link created."
                case "updated": "Changes saved."
                default: nil
                }
            return renderer.render(view, title: code, session: context.dashboardSession, section: .links, notice: notice)
        } catch {
            return renderer.problem(error, session: context.dashboardSession)
        }
    }

    /// `GET /dashboard/links/CODE/numbers.csv?days=`: a link's numbers as CSV.
    @Sendable func linkCSV(_ request: Request, context: ServerRequestContext) async -> Response {
        let code = context.parameters.get("code") ?? ""
        do {
            _ = try await links.link(code: code)
            return Self.csv(try await links.numbers(code: code, days: Self.days(request)), name: code)
        } catch {
            return renderer.problem(error, session: context.dashboardSession)
        }
    }

    /// `GET /dashboard/numbers?days=`: all links' numbers.
    @Sendable func overall(_ request: Request, context: ServerRequestContext) async -> Response {
        let days = Self.days(request)
        do {
            let numbers = DashboardNumbersView(try await links.numbers(code: nil, days: days), heading: "All links", base: "/dashboard/numbers", days: days)
            return renderer.render(DashboardAllNumbersView(numbers: numbers), title: "Numbers", session: context.dashboardSession, section: .numbers)
        } catch {
            return renderer.problem(error, session: context.dashboardSession)
        }
    }

    /// `GET /dashboard/numbers.csv?days=`: all links' numbers as CSV.
    @Sendable func overallCSV(_ request: Request, context: ServerRequestContext) async -> Response {
        do {
            return Self.csv(try await links.numbers(code: nil, days: Self.days(request)), name: "all-links")
        } catch {
            return renderer.problem(error, session: context.dashboardSession)
        }
    }

    // MARK: Keys

    /// `GET /dashboard/keys`: the keys, and after a revocation (`done=revoked`) a notice.
    @Sendable func keys(_ request: Request, context: ServerRequestContext) async -> Response {
        await keysPage(context: context, notice: request.formQuery["done"] == "revoked" ? "Key revoked." : nil)
    }

    /// `POST /dashboard/keys`: creates a key with the name given and shows its token.
    @Sendable func createKey(_ request: Request, context: ServerRequestContext) async -> Response {
        let name = (context.dashboardForm["name"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...100).contains(name.count) else {
            return await keysPage(context: context, error: "Give the key a name of 1 to 100 characters.", status: .unprocessableContent)
        }
        let key = APIKey.generate(name: name, at: Date())
        do {
            try await store.insert(key.record)
        } catch {
            return renderer.problem(error.serverError, session: context.dashboardSession)
        }
        context.logger.notice("created API key", metadata: ["key.id": "\(key.record.id)"])
        return await keysPage(context: context, newToken: key.token)
    }

    /// `POST /dashboard/keys/ID/revoke`: revokes the key and ends its sessions; when this session
    /// is one of them, goes to the sign-in page.
    @Sendable func revokeKey(_ request: Request, context: ServerRequestContext) async -> Response {
        let id = context.parameters.get("id") ?? ""
        do {
            guard try await store.revokeAPIKey(id: id, at: Date()) else {
                return renderer.problem(LinkServerError(code: .notFound, message: "there is no key with the id \(id)"), session: context.dashboardSession)
            }
            try await store.deleteDashboardSessions(of: .apiKey(id: id))
        } catch {
            return renderer.problem(error.serverError, session: context.dashboardSession)
        }
        context.logger.notice("revoked API key", metadata: ["key.id": "\(id)"])
        // Revoking the key this session signed in with ends the session too.
        if context.dashboardSession?.principal == .apiKey(id: id) {
            var response = DashboardRenderer.seeOther("/dashboard/sign-in")
            response.setCookie(DashboardSessions.clearingCookie(request: request))
            return response
        }
        return DashboardRenderer.seeOther("/dashboard/keys?done=revoked")
    }

    /// The keys page, newest key first.
    /// - Parameters:
    ///   - context: The request's context, with the session.
    ///   - newToken: The token of a key just created.
    ///   - error: Why a new key was refused.
    ///   - notice: A message shown at the top.
    ///   - status: The HTTP status.
    private func keysPage(
        context: ServerRequestContext, newToken: String? = nil, error: String? = nil, notice: String? = nil, status: HTTPResponse.Status = .ok
    ) async -> Response {
        let records: [APIKeyRecord]
        do {
            records = try await store.apiKeys()
        } catch {
            return renderer.problem(error.serverError, session: context.dashboardSession)
        }
        let session = context.dashboardSession
        let keys = records.reversed().map { record in
            DashboardKeysView.Key(
                name: record.name, id: record.id, created: DashboardText.date(record.createdAt), current: session?.principal == .apiKey(id: record.id),
                revoked: record.revokedAt.map(DashboardText.date))
        }
        return renderer.render(
            DashboardKeysView(keys: keys, newToken: newToken, error: error, formToken: session?.formToken), title: "API keys", session: session,
            section: .keys, notice: notice, status: status)
    }

    // MARK: Health

    /// `GET /dashboard/health?check=1`: the page, with the doctor's findings when asked for.
    @Sendable func healthPage(_ request: Request, context: ServerRequestContext) async -> Response {
        let linkCount: String
        do {
            linkCount = String(try await links.search(LinkSearch(limit: 0)).total)
        } catch {
            linkCount = "unknown: the database does not answer"
        }
        let doctor = request.formQuery["check"] == "1" ? await health.doctor() : nil
        return renderer.render(
            health.view(linkCount: linkCount, doctor: doctor), title: "Health", session: context.dashboardSession, section: .health)
    }

    // MARK: Pieces

    /// The form page; `422 Unprocessable Content` when it shows why the link was not saved.
    private func linkForm(
        heading: String, action: String, values: [String: String], editing: Bool, session: DashboardSession?, error: LinkServerError? = nil
    ) -> Response {
        let view = DashboardLinkFormView(
            heading: heading, action: action, values: values, editing: editing, formToken: session?.formToken, error: error)
        return renderer.render(view, title: heading, session: session, section: .links, status: error == nil ? .ok : .unprocessableContent)
    }

    /// The `days` query: 7, 30 or 90 (any 1 to 366 works); 30 when absent or unreadable.
    static func days(_ request: Request) -> Int {
        guard let text = request.formQuery["days"], let days = Int(text), (1...366).contains(days) else { return 30 }
        return days
    }

    /// Only a path inside the dashboard, so the sign-in page cannot send anyone elsewhere.
    static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/dashboard/"), !next.hasPrefix("//"), !next.contains("\\"),
            !next.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F })
        else { return "/dashboard/links" }
        return next
    }

    /// A stylesheet or script, cached for an hour.
    static func asset(_ text: String, type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=3600"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// Numbers as a CSV download named after what they count and their first and last day.
    static func csv(_ numbers: LinkNumbers, name: String) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "text/csv; charset=utf-8", .cacheControl: "no-store",
                .contentDisposition: "attachment; filename=\"\(name)-\(numbers.days.first ?? "")-\(numbers.days.last ?? "").csv\"",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: numbers.csv)))
    }
}
