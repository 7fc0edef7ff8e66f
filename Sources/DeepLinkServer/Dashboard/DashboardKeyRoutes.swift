import DeepLinkService
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// The admin API keys: the list, a new key (its token shown once) and revoking one, which also
/// ends the sessions signed in with it. `Sendable`.
struct DashboardKeyRoutes: Sendable {
    /// The keys: created, listed and revoked as the command line does.
    let access: AccessService
    /// The pages' renderer.
    let renderer: DashboardRenderer
    /// Where the password or key is checked again before a key is created.
    let sessions: DashboardSessions

    /// Adds the routes to the dashboard's signed-in routes.
    func add(to signedIn: some RouterMethods<ServerRequestContext>) {
        signedIn.get("/keys", use: keys)
        signedIn.post("/keys", use: createKey)
        signedIn.get("/keys/{id}/revoke", use: confirmRevoke)
        signedIn.post("/keys/{id}/revoke", use: revokeKey)
    }

    /// `GET /dashboard/keys`: the keys, revoked ones with `revoked=1`, and after a revocation
    /// (`done=revoked`) a notice.
    @Sendable func keys(_ request: Request, context: ServerRequestContext) async -> Response {
        let query = request.formQuery
        return await keysPage(
            context: context, notice: query["done"] == "revoked" ? Self.revokedNotice(alsoRevoked: query["with"].flatMap { Int($0) } ?? 0) : nil,
            showsRevoked: query["revoked"] == "1")
    }

    /// Whether a session may revoke a key: an admin any key, anyone else the keys they created.
    static func mayRevoke(_ record: APIKeyRecord, session: DashboardSession?) -> Bool {
        session.map { AccessService.may(.session($0), revoke: record) } ?? false
    }

    /// `GET /dashboard/keys/ID/revoke`: asks before revoking, and says so when this session
    /// signed in with the key.
    @Sendable func confirmRevoke(_ request: Request, context: ServerRequestContext) async -> Response {
        let id = context.parameters.get("id") ?? ""
        let session = context.dashboardSession
        let record: APIKeyRecord?
        do {
            record = try await access.key(id: id)
        } catch {
            return renderer.problem(error.serverError, session: session)
        }
        guard let record, record.revokedAt == nil else {
            return renderer.problem(LinkServerError(code: .notFound, message: "there is no active key with the id \(id)"), session: session)
        }
        guard Self.mayRevoke(record, session: session) else {
            return renderer.refused("Only an admin may revoke a key someone else created.", session: session)
        }
        return renderer.render(
            DashboardConfirmRevokeView(
                name: record.name, id: record.id, created: DashboardText.date(record.createdAt),
                lastUsed: record.lastUsedAt.map(DashboardText.dateTime), current: session?.principal == .apiKey(id: id),
                formToken: session?.formToken),
            title: "Revoke \(record.name)", session: session, section: .keys)
    }

    /// `POST /dashboard/keys`: creates a key with the name given and shows its token.
    @Sendable func createKey(_ request: Request, context: ServerRequestContext) async -> Response {
        guard let session = context.dashboardSession else { return renderer.refused("Sign in first.", session: nil) }
        let form = context.dashboardForm
        let name = form["name"] ?? ""
        let scopes = Set(APIKeyScope.allCases.filter { form[Self.field(of: $0)] == "on" })
        // The name and scopes are checked before the password is asked for again, so a mistake
        // in them costs no try of the sign-in limit.
        do {
            _ = try APIKey.validated(name: name)
        } catch {
            return await keysPage(context: context, error: DashboardText.sentence(error.message), status: .unprocessableContent)
        }
        guard !scopes.isEmpty else {
            return await keysPage(context: context, error: "Choose what the key may do: at least one scope.", status: .unprocessableContent)
        }
        let beyond = scopes.subtracting(session.role.grantableScopes)
        guard beyond.isEmpty else {
            return await keysPage(
                context: context,
                error: "Signed in as \(session.role.withArticle), you may create keys with \(APIKeyScope.list(session.role.grantableScopes)) only, "
                    + "not \(APIKeyScope.list(beyond)).",
                status: .forbidden)
        }
        do {
            try await sessions.confirm(form["confirm"] ?? "", session: session, request: request, context: context)
        } catch DashboardSessions.ConfirmationFailure.wrong {
            let what = Self.signedInWithPassword(session) ? "That is not your password" : "That is not the key you signed in with"
            return await keysPage(context: context, error: "\(what); no key was created.", status: .unprocessableContent)
        } catch DashboardSessions.ConfirmationFailure.tooMany(let retryAfter) {
            return await keysPage(context: context, error: "Too many wrong tries. Try again in \(retryAfter) seconds.", status: .tooManyRequests)
        } catch DashboardSessions.ConfirmationFailure.busy {
            return await keysPage(
                context: context, error: "The server is checking too many passwords at once. Try again in a moment.", status: .serviceUnavailable)
        } catch {
            return renderer.problem(error, session: session)
        }
        let key: APIKey
        do {
            key = try await access.createKey(
                name: name, scopes: scopes, createdBy: APIKeyCreator(session.principal), grantable: session.role.grantableScopes)
        } catch let error as StoreError {
            return renderer.problem(error.serverError, session: session)
        } catch {
            return renderer.problem(error, session: session)
        }
        context.logger.notice("created API key", metadata: ["key.id": "\(key.record.id)", "key.scopes": "\(APIKeyScope.stored(scopes))"])
        return await keysPage(context: context, newToken: key.token)
    }

    /// `POST /dashboard/keys/ID/revoke`: revokes the key and ends its sessions; when this session
    /// is one of them, goes to the sign-in page.
    @Sendable func revokeKey(_ request: Request, context: ServerRequestContext) async -> Response {
        let id = context.parameters.get("id") ?? ""
        guard let session = context.dashboardSession else { return renderer.refused("Sign in first.", session: nil) }
        let revoked: [String]
        do {
            switch try await access.revokeKey(id: id, by: .session(session)) {
            case .revoked(let alsoRevoked):
                // Keys made in sessions signed in with this key went with it.
                revoked = [id] + alsoRevoked
            case .notAllowed:
                return renderer.refused("Only an admin may revoke a key someone else created.", session: session)
            case .unknown, .alreadyRevoked:
                return renderer.problem(LinkServerError(code: .notFound, message: "there is no active key with the id \(id)"), session: session)
            }
        } catch {
            return renderer.problem(error.serverError, session: session)
        }
        context.logger.notice("revoked API key", metadata: ["key.id": "\(id)", "keys.revoked": "\(revoked.count)"])
        // Revoking the key this session signed in with (or the key it was made with) ends the session too.
        if case .apiKey(let current)? = context.dashboardSession?.principal, revoked.contains(current) {
            var response = DashboardRenderer.seeOther("/dashboard/sign-in")
            response.setCookie(DashboardSessions.clearingCookie())
            return response
        }
        return DashboardRenderer.seeOther("/dashboard/keys?done=revoked" + (revoked.count > 1 ? "&with=\(revoked.count - 1)" : ""))
    }

    /// The keys page, newest key first.
    /// - Parameters:
    ///   - context: The request's context, with the session.
    ///   - newToken: The token of a key just created.
    ///   - error: Why a new key was refused.
    ///   - notice: A message shown at the top.
    ///   - showsRevoked: Whether revoked keys are listed.
    ///   - status: The HTTP status.
    private func keysPage(
        context: ServerRequestContext, newToken: String? = nil, error: String? = nil, notice: String? = nil, showsRevoked: Bool = false,
        status: HTTPResponse.Status = .ok
    ) async -> Response {
        let records: [APIKeyRecord]
        do {
            records = try await access.keys()
        } catch {
            return renderer.problem(error.serverError, session: context.dashboardSession)
        }
        let session = context.dashboardSession
        let shown = showsRevoked ? records : records.filter { $0.revokedAt == nil }
        let keys = shown.reversed().map { record in
            DashboardKeysView.Key(
                name: record.name, id: record.id, created: DashboardText.date(record.createdAt), current: session?.principal == .apiKey(id: record.id),
                revoked: record.revokedAt.map(DashboardText.date), lastUsed: record.lastUsedAt.map(DashboardText.dateTime),
                scopes: APIKeyScope.list(record.scopes), createdBy: record.createdBy.map { Self.creatorText($0, keys: records) },
                revocable: Self.mayRevoke(record, session: session))
        }
        let grantable = session?.role.grantableScopes ?? []
        let scopes = APIKeyScope.allCases.filter(grantable.contains).map { scope in
            DashboardKeysView.Scope(
                name: scope.rawValue, field: Self.field(of: scope), description: Self.describe(scope),
                checked: context.dashboardForm[Self.field(of: scope)] == "on" || (context.dashboardForm.isEmpty && scope == .linksRead))
        }
        return renderer.render(
            DashboardKeysView(
                keys: keys, hiddenRevoked: records.count - shown.count, showsRevoked: showsRevoked, newToken: newToken, error: error,
                formToken: session?.formToken, scopes: scopes, signedInWithPassword: session.map(Self.signedInWithPassword) ?? true),
            title: "API keys", session: session, section: .keys, notice: notice, status: status)
    }

    /// The checkbox of a scope: `scope_links_read`.
    static func field(of scope: APIKeyScope) -> String {
        "scope_" + scope.rawValue.replacingOccurrences(of: ":", with: "_")
    }

    /// What a scope allows, for the form.
    static func describe(_ scope: APIKeyScope) -> String {
        switch scope {
        case .linksRead: "read links and their numbers"
        case .linksWrite: "create, change and delete links"
        case .webhooks: "manage webhook endpoints and read their deliveries"
        case .admin: "everything, keys included"
        }
    }

    /// Whether a session signed in with a password rather than a key.
    static func signedInWithPassword(_ session: DashboardSession) -> Bool {
        if case .user = session.principal { return true }
        return false
    }

    /// Who created a key, naming a creating key by its name when it is in the list.
    static func creatorText(_ creator: APIKeyCreator, keys: [APIKeyRecord]) -> String {
        if case .apiKey(let id) = creator, let key = keys.first(where: { $0.id == id }) { return "key \(key.name) (\(id))" }
        return creator.description
    }

    /// What a revocation did: the key, and the keys made with it.
    static func revokedNotice(alsoRevoked count: Int) -> String {
        count > 0 ? "Key revoked, and the \(count) key\(count == 1 ? "" : "s") made with it." : "Key revoked."
    }
}
