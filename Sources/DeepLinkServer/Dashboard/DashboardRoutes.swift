import DeepLinkService
import DeepLinkCore
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

    @Sendable func home(_ request: Request, context: ServerRequestContext) async -> Response {
        let session = try? await sessions.session(of: request)
        return DashboardRenderer.seeOther(session == nil ? "/dashboard/sign-in" : "/dashboard/links")
    }

    @Sendable func signInPage(_ request: Request, context: ServerRequestContext) async -> Response {
        signInForm(request: request, values: ["next": Self.safeNext(request.formQuery["next"])], status: .ok)
    }

    /// The sign-in page with a fresh form token, which its form carries and a cookie holds: before
    /// there is a session, the two must match (so another site cannot sign a browser in).
    private func signInForm(request: Request, values: [String: Any], status: HTTPResponse.Status) -> Response {
        let token = DashboardSessions.randomToken()
        var values = values
        values["signInToken"] = token
        var response = renderer.render(.signIn, title: "Sign in", values, session: nil, status: status)
        response.setCookie(DashboardSessions.signInCookie(token: token, request: request))
        return response
    }

    @Sendable func signIn(_ request: Request, context: ServerRequestContext) async -> Response {
        guard DashboardSessions.isSameOrigin(request) else {
            return renderer.render(
                .problem, title: "Refused",
                ["heading": "Refused", "message": "This sign-in was sent from another site, so it was refused.", "back": "/dashboard/sign-in",
                 "backLabel": "Sign in"], session: nil, status: .forbidden)
        }
        let form: [String: String]
        do {
            form = try await DashboardForm.read(request)
        } catch {
            return Self.problem(renderer, error, session: nil)
        }
        let next = Self.safeNext(form["next"])
        func failed(_ message: String, status: HTTPResponse.Status, retryAfter: Int? = nil) -> Response {
            var response = signInForm(request: request, values: ["error": message, "name": form["name"] ?? "", "next": next], status: status)
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
            return Self.problem(renderer, error, session: nil)
        }
    }

    @Sendable func signOut(_ request: Request, context: ServerRequestContext) async -> Response {
        guard let session = context.dashboardSession else { return DashboardRenderer.seeOther("/dashboard/sign-in") }
        do {
            try await sessions.signOut(session)
        } catch {
            return Self.problem(renderer, error, session: session)
        }
        var response = DashboardRenderer.seeOther("/dashboard/sign-in")
        response.setCookie(DashboardSessions.clearingCookie(request: request))
        return response
    }

    // MARK: Links

    @Sendable func list(_ request: Request, context: ServerRequestContext) async -> Response {
        let session = context.dashboardSession
        let query = request.formQuery
        let text = String((query["q"] ?? "").prefix(200))
        let filter = query["filter"].flatMap(LinkFilter.init(rawValue:)) ?? .all
        let sort = query["sort"].flatMap(LinkSort.init(rawValue:)) ?? .newest
        let pageNumber = max(1, min(100_000, Int(query["page"] ?? "") ?? 1))
        let now = Date()
        let page: LinkSearchPage
        do {
            page = try await links.search(
                LinkSearch(text: text, filter: filter, sort: sort, offset: (pageNumber - 1) * Self.pageSize, limit: Self.pageSize, now: now))
        } catch {
            return Self.problem(renderer, error, session: session)
        }
        func href(_ number: Int) -> String {
            var items = [URLQueryItem(name: "page", value: String(number))]
            if !text.isEmpty { items.append(URLQueryItem(name: "q", value: text)) }
            if filter != .all { items.append(URLQueryItem(name: "filter", value: filter.rawValue)) }
            if sort != .newest { items.append(URLQueryItem(name: "sort", value: sort.rawValue)) }
            var components = URLComponents()
            components.path = "/dashboard/links"
            components.queryItems = items
            return components.string ?? "/dashboard/links"
        }
        let first = (pageNumber - 1) * Self.pageSize
        let summary =
            page.total == 0
            ? "No links\(text.isEmpty ? "" : " match “\(text)”")."
            : "\(first + 1)–\(first + page.links.count) of \(page.total) link\(page.total == 1 ? "" : "s")\(text.isEmpty ? "" : " matching “\(text)”")"
        let filterLabels: [LinkFilter: String] = [
            .all: "All links", .active: "Active", .expired: "Expired", .iosFallback: "With an iPhone page",
            .androidFallback: "With an Android page", .noFallback: "Without any fallback",
        ]
        let sortLabels: [LinkSort: String] = [
            .newest: "Newest first", .oldest: "Oldest first", .code: "By code", .updated: "Recently changed", .expiring: "Expiring soonest",
        ]
        let listing: [String: Any] = [
            "q": text, "summary": summary, "hasLinks": !page.links.isEmpty,
            "filters": LinkFilter.allCases.map { ["value": $0.rawValue, "label": filterLabels[$0] ?? $0.rawValue, "selected": $0 == filter] },
            "sorts": LinkSort.allCases.map { ["value": $0.rawValue, "label": sortLabels[$0] ?? $0.rawValue, "selected": $0 == sort] },
            "links": page.links.map { link -> [String: Any] in
                [
                    "code": link.code, "deepLink": link.deepLink, "campaign": link.campaign ?? "", "created": Self.date(link.createdAt),
                    "expired": link.expiresAt.map { $0 <= now } ?? false,
                ]
            },
        ]
        var values = listing
        if pageNumber > 1 { values["previous"] = href(pageNumber - 1) }
        if first + page.links.count < page.total { values["next"] = href(pageNumber + 1) }
        let deleted = query["deleted"].map { "Link \($0) deleted." }
        return renderer.render(.links, title: "Links", values, session: session, section: .links, notice: deleted)
    }

    @Sendable func newLink(_ request: Request, context: ServerRequestContext) async -> Response {
        var values: [String: String] = [:]
        var heading = "New link"
        if let from = request.formQuery["from"], !from.isEmpty {
            do {
                values = DashboardForm.values(of: try await links.link(code: from))
                values["code"] = nil
                heading = "Duplicate \(from)"
            } catch {
                return Self.problem(renderer, error, session: context.dashboardSession)
            }
        }
        return linkForm(heading: heading, action: "/dashboard/new-link", values: values, editing: false, session: context.dashboardSession)
    }

    @Sendable func create(_ request: Request, context: ServerRequestContext) async -> Response {
        let form = context.dashboardForm
        do {
            let link = try await links.create(DashboardForm.linkJSON(form, forUpdate: false))
            context.logger.info("created link", metadata: ["link.code": "\(link.code)"])
            return DashboardRenderer.seeOther("/dashboard/links/\(link.code)?done=created")
        } catch {
            guard error.field != nil || error.code == .codeTaken else { return Self.problem(renderer, error, session: context.dashboardSession) }
            return linkForm(
                heading: "New link", action: "/dashboard/new-link", values: form, editing: false, session: context.dashboardSession, error: error)
        }
    }

    @Sendable func edit(_ request: Request, context: ServerRequestContext) async -> Response {
        let code = context.parameters.get("code") ?? ""
        do {
            let link = try await links.link(code: code)
            return linkForm(
                heading: "Edit \(code)", action: "/dashboard/links/\(code)/edit", values: DashboardForm.values(of: link), editing: true,
                session: context.dashboardSession)
        } catch {
            return Self.problem(renderer, error, session: context.dashboardSession)
        }
    }

    @Sendable func update(_ request: Request, context: ServerRequestContext) async -> Response {
        let code = context.parameters.get("code") ?? ""
        var form = context.dashboardForm
        do {
            _ = try await links.update(code: code, with: DashboardForm.linkJSON(form, forUpdate: true))
            context.logger.info("updated link", metadata: ["link.code": "\(code)"])
            return DashboardRenderer.seeOther("/dashboard/links/\(code)?done=updated")
        } catch {
            guard error.field != nil else { return Self.problem(renderer, error, session: context.dashboardSession) }
            form["code"] = code
            return linkForm(
                heading: "Edit \(code)", action: "/dashboard/links/\(code)/edit", values: form, editing: true, session: context.dashboardSession,
                error: error)
        }
    }

    @Sendable func confirmDelete(_ request: Request, context: ServerRequestContext) async -> Response {
        let code = context.parameters.get("code") ?? ""
        do {
            let link = try await links.link(code: code)
            return renderer.render(
                .confirmDelete, title: "Delete \(code)", ["code": link.code, "shortURL": links.shortURL(code: link.code) ?? "/\(link.code)"],
                session: context.dashboardSession, section: .links)
        } catch {
            return Self.problem(renderer, error, session: context.dashboardSession)
        }
    }

    @Sendable func delete(_ request: Request, context: ServerRequestContext) async -> Response {
        let code = context.parameters.get("code") ?? ""
        do {
            try await links.delete(code: code)
            context.logger.info("deleted link", metadata: ["link.code": "\(code)"])
            return DashboardRenderer.seeOther("/dashboard/links?deleted=\(code.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")")
        } catch {
            return Self.problem(renderer, error, session: context.dashboardSession)
        }
    }

    @Sendable func show(_ request: Request, context: ServerRequestContext) async -> Response {
        let code = context.parameters.get("code") ?? ""
        let days = Self.days(request)
        do {
            let link = try await links.link(code: code)
            let numbers = try await links.numbers(code: code, days: days)
            let now = Date()
            var settings: [[String: Any]] = [["name": "Deep link", "value": link.deepLink, "mono": true]]
            func add(_ name: String, _ value: String?, mono: Bool = false) {
                if let value, !value.isEmpty { settings.append(["name": name, "value": value, "mono": mono]) }
            }
            add("Campaign", link.campaign)
            add("Created", Self.dateTime(link.createdAt))
            if link.updatedAt != link.createdAt { add("Changed", Self.dateTime(link.updatedAt)) }
            add("Expires", link.expiresAt.map(Self.dateTime))
            add("Web page", link.webURL, mono: true)
            add("iPhone page", link.iosFallbackURL, mono: true)
            add("Android page", link.androidFallbackURL, mono: true)
            add("App Store ID", link.appStoreID, mono: true)
            add("Google Play", link.playPackage, mono: true)
            add("UTM source", link.utm.source)
            add("UTM medium", link.utm.medium)
            add("UTM campaign", link.utm.campaign)
            add("UTM term", link.utm.term)
            add("UTM content", link.utm.content)
            add("Preview title", link.preview.title)
            add("Preview text", link.preview.description)
            add("Preview image", link.preview.imageURL, mono: true)
            let expired = link.expiresAt.map { $0 <= now } ?? false
            let numbersHTML = renderer.fragment(
                .numbers, numbersContext(numbers, heading: "Numbers", base: "/dashboard/links/\(code)", days: days))
            let notice: String? =
                switch request.formQuery["done"] {
                case "created": "Link created."
                case "updated": "Changes saved."
                default: nil
                }
            return renderer.render(
                .link, title: code,
                [
                    "code": link.code, "shortURL": links.shortURL(code: link.code) ?? "/\(link.code)", "settings": settings,
                    "expired": expired, "expires": link.expiresAt.map(Self.dateTime) ?? "", "numbers": numbersHTML,
                ], session: context.dashboardSession, section: .links, notice: notice)
        } catch {
            return Self.problem(renderer, error, session: context.dashboardSession)
        }
    }

    @Sendable func linkCSV(_ request: Request, context: ServerRequestContext) async -> Response {
        let code = context.parameters.get("code") ?? ""
        do {
            _ = try await links.link(code: code)
            return Self.csv(try await links.numbers(code: code, days: Self.days(request)), name: code)
        } catch {
            return Self.problem(renderer, error, session: context.dashboardSession)
        }
    }

    @Sendable func overall(_ request: Request, context: ServerRequestContext) async -> Response {
        let days = Self.days(request)
        do {
            let numbers = try await links.numbers(code: nil, days: days)
            let body = renderer.fragment(.numbers, numbersContext(numbers, heading: "All links", base: "/dashboard/numbers", days: days))
            return renderer.render(html: "<h1>Numbers</h1>\n" + body, title: "Numbers", session: context.dashboardSession, section: .numbers)
        } catch {
            return Self.problem(renderer, error, session: context.dashboardSession)
        }
    }

    @Sendable func overallCSV(_ request: Request, context: ServerRequestContext) async -> Response {
        do {
            return Self.csv(try await links.numbers(code: nil, days: Self.days(request)), name: "all-links")
        } catch {
            return Self.problem(renderer, error, session: context.dashboardSession)
        }
    }

    // MARK: Keys

    @Sendable func keys(_ request: Request, context: ServerRequestContext) async -> Response {
        await keysPage(context: context, newToken: nil, error: nil, notice: request.formQuery["done"] == "revoked" ? "Key revoked." : nil)
    }

    @Sendable func createKey(_ request: Request, context: ServerRequestContext) async -> Response {
        let form = context.dashboardForm
        let name = (form["name"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...100).contains(name.count) else {
            return await keysPage(context: context, newToken: nil, error: "Give the key a name of 1 to 100 characters.", status: .unprocessableContent)
        }
        let key = APIKey.generate(name: name, at: Date())
        do {
            try await store.insert(key.record)
        } catch {
            return Self.problem(renderer, error.serverError, session: context.dashboardSession)
        }
        context.logger.notice("created API key", metadata: ["key.id": "\(key.record.id)"])
        return await keysPage(context: context, newToken: key.token, error: nil)
    }

    @Sendable func revokeKey(_ request: Request, context: ServerRequestContext) async -> Response {
        let id = context.parameters.get("id") ?? ""
        do {
            guard try await store.revokeAPIKey(id: id, at: Date()) else {
                return Self.problem(renderer, LinkServerError(code: .notFound, message: "there is no key with the id \(id)"), session: context.dashboardSession)
            }
            try await store.deleteDashboardSessions(of: .apiKey(id: id))
        } catch {
            return Self.problem(renderer, error.serverError, session: context.dashboardSession)
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

    private func keysPage(
        context: ServerRequestContext, newToken: String?, error: String?, notice: String? = nil, status: HTTPResponse.Status = .ok
    ) async -> Response {
        let records: [APIKeyRecord]
        do {
            records = try await store.apiKeys()
        } catch {
            return Self.problem(renderer, error.serverError, session: context.dashboardSession)
        }
        let current = context.dashboardSession?.principal
        var values: [String: Any] = [
            "keys": records.reversed().map { record -> [String: Any] in
                var row: [String: Any] = [
                    "name": record.name, "id": record.id, "created": Self.date(record.createdAt), "current": current == .apiKey(id: record.id),
                ]
                row["revoked"] = record.revokedAt.map(Self.date)
                return row
            }
        ]
        values["newToken"] = newToken
        values["error"] = error
        return renderer.render(
            .keys, title: "API keys", values, session: context.dashboardSession, section: .keys, notice: notice, status: status)
    }

    // MARK: Health

    @Sendable func healthPage(_ request: Request, context: ServerRequestContext) async -> Response {
        var values = health.values
        do {
            values["linkCount"] = String(try await links.search(LinkSearch(limit: 0)).total)
        } catch {
            values["linkCount"] = "unknown: the database does not answer"
        }
        if request.formQuery["check"] == "1", let result = await health.doctor() {
            values["doctor"] = ["site": result.site, "passed": result.passed, "files": result.files]
        }
        return renderer.render(.health, title: "Health", values, session: context.dashboardSession, section: .health)
    }

    // MARK: Pieces

    private func linkForm(
        heading: String, action: String, values: [String: String], editing: Bool, session: DashboardSession?, error: LinkServerError? = nil
    ) -> Response {
        var fieldMatched = false
        let sections = DashboardForm.linkSections.map { section -> [String: Any] in
            [
                "title": section.title,
                "fields": section.fields.map { field -> [String: Any] in
                    var entry: [String: Any] = [
                        "id": "field-" + field.path.replacingOccurrences(of: ".", with: "-"), "name": field.path, "label": field.label,
                        "hint": field.hint, "type": field.input, "value": values[field.path] ?? "", "required": field.isRequired,
                        "readonly": editing && field.kind == .code,
                    ]
                    if let error, error.field == field.path {
                        entry["fieldError"] = Self.sentence(error.message)
                        fieldMatched = true
                    }
                    return entry
                },
            ]
        }
        var context: [String: Any] = [
            "heading": heading, "action": action, "sections": sections, "submit": editing ? "Save changes" : "Create link",
            "cancel": editing ? "/dashboard/links/\(values["code"] ?? "")" : "/dashboard/links",
        ]
        if let error {
            context["formError"] =
                fieldMatched ? "The link was not saved: fix the field marked below." : "The link was not saved: \(Self.sentence(error.message))"
        }
        return renderer.render(
            .linkForm, title: heading, context, session: session, section: .links, status: error == nil ? .ok : .unprocessableContent)
    }

    private func numbersContext(_ numbers: LinkNumbers, heading: String, base: String, days: Int) -> [String: Any] {
        func percent(_ rate: Double?) -> String? { rate.map { "\(Int(($0 * 100).rounded()))%" } }
        func rows(_ shares: [LinkNumbers.Share]) -> [[String: Any]] {
            shares.prefix(10).map { ["name": $0.name, "count": $0.count] }
        }
        var values: [String: Any] = [
            "heading": "\(heading): last \(days) days",
            "ranges": [7, 30, 90].map { ["href": "\(base)?days=\($0)", "label": "\($0) days", "current": $0 == days] },
            "totalClicks": numbers.totalClicks, "phoneClicks": numbers.funnel.phoneClicks, "storeHops": numbers.funnel.storeHops,
            "claimedInstalls": numbers.funnel.claimedInstalls,
            "chart": DashboardChart.svg(days: numbers.days, counts: numbers.clicksPerDay, title: "Clicks per day, last \(days) days"),
            "perDay": zip(numbers.days, numbers.clicksPerDay).reversed().map { ["day": $0.0, "count": $0.1] },
            "breakdowns": [
                [
                    "id": "platform", "title": "By platform", "column": "Platform",
                    "rows": numbers.byPlatform.map { ["name": Self.platformNames[$0.name] ?? $0.name, "count": $0.count] },
                ],
                ["id": "referrer", "title": "By referrer", "column": "Referrer", "rows": rows(numbers.byReferrer)],
                ["id": "utm-source", "title": "By UTM source", "column": "Source", "rows": rows(numbers.byUTMSource)],
                ["id": "utm-medium", "title": "By UTM medium", "column": "Medium", "rows": rows(numbers.byUTMMedium)],
                ["id": "utm-campaign", "title": "By UTM campaign", "column": "Campaign", "rows": rows(numbers.byUTMCampaign)],
            ],
            "csv": "\(base == "/dashboard/numbers" ? "/dashboard/numbers.csv" : base + "/numbers.csv")?days=\(days)",
        ]
        values["hopRate"] = percent(numbers.funnel.hopRate)
        values["installRate"] = percent(numbers.funnel.installRate)
        return values
    }

    /// The platforms as people call them.
    static let platformNames = ["ios": "iPhone and iPad", "android": "Android", "desktop": "Desktop", "crawler": "Link previews (bots)"]

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

    /// A problem page for an error: not found, refused or unavailable.
    static func problem(_ renderer: DashboardRenderer, _ error: any Error, session: DashboardSession?) -> Response {
        let serverError = error as? LinkServerError
        let status: HTTPResponse.Status
        let heading: String
        switch serverError?.code {
        case .notFound?: (status, heading) = (.notFound, "Not found")
        case .storageUnavailable?: (status, heading) = (.serviceUnavailable, "The database is not answering")
        case .payloadTooLarge?: (status, heading) = (.contentTooLarge, "Too large")
        case .unsupportedMediaType?, .invalidBody?: (status, heading) = (.badRequest, "The form could not be read")
        default: (status, heading) = (.internalServerError, "Something went wrong")
        }
        var response = renderer.render(
            .problem, title: heading,
            ["heading": heading, "message": sentence(serverError?.message ?? "the server could not finish this; try again"),
             "back": session == nil ? "/dashboard/sign-in" : "/dashboard/links", "backLabel": session == nil ? "Sign in" : "Back to links"],
            session: session, status: status)
        if let retryAfter = serverError?.retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }

    /// An error message as a sentence: capitalised, with a full stop.
    static func sentence(_ message: String) -> String {
        guard let first = message.first else { return message }
        let text = first.uppercased() + message.dropFirst()
        return text.hasSuffix(".") ? text : text + "."
    }

    static func date(_ date: Date) -> String { String(dateTime(date).prefix(10)) }

    static func dateTime(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate, .withSpaceBetweenDateAndTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return String(formatter.string(from: date).prefix(16)) + " UTC"
    }

    static func asset(_ text: String, type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=3600"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

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
