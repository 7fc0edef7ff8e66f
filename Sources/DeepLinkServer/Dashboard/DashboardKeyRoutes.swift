import DeepLinkService
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// The admin API keys: the list, a new key (its token shown once) and revoking one, which also
/// ends the sessions signed in with it. `Sendable`.
struct DashboardKeyRoutes: Sendable {
    /// Where the keys live, and the sessions a revoked key loses.
    let store: any APIKeyStorage & DashboardStorage
    /// The pages' renderer.
    let renderer: DashboardRenderer

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
            context: context, notice: query["done"] == "revoked" ? "Key revoked." : nil, showsRevoked: query["revoked"] == "1")
    }

    /// `GET /dashboard/keys/ID/revoke`: asks before revoking, and says so when this session
    /// signed in with the key.
    @Sendable func confirmRevoke(_ request: Request, context: ServerRequestContext) async -> Response {
        let id = context.parameters.get("id") ?? ""
        let session = context.dashboardSession
        let record: APIKeyRecord?
        do {
            record = try await store.apiKey(id: id)
        } catch {
            return renderer.problem(error.serverError, session: session)
        }
        guard let record, record.revokedAt == nil else {
            return renderer.problem(LinkServerError(code: .notFound, message: "there is no active key with the id \(id)"), session: session)
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
        let name: String
        do {
            name = try APIKey.validated(name: context.dashboardForm["name"] ?? "")
        } catch {
            return await keysPage(context: context, error: DashboardText.sentence(error.message), status: .unprocessableContent)
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
            response.setCookie(DashboardSessions.clearingCookie())
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
    ///   - showsRevoked: Whether revoked keys are listed.
    ///   - status: The HTTP status.
    private func keysPage(
        context: ServerRequestContext, newToken: String? = nil, error: String? = nil, notice: String? = nil, showsRevoked: Bool = false,
        status: HTTPResponse.Status = .ok
    ) async -> Response {
        let records: [APIKeyRecord]
        do {
            records = try await store.apiKeys()
        } catch {
            return renderer.problem(error.serverError, session: context.dashboardSession)
        }
        let session = context.dashboardSession
        let shown = showsRevoked ? records : records.filter { $0.revokedAt == nil }
        let keys = shown.reversed().map { record in
            DashboardKeysView.Key(
                name: record.name, id: record.id, created: DashboardText.date(record.createdAt), current: session?.principal == .apiKey(id: record.id),
                revoked: record.revokedAt.map(DashboardText.date), lastUsed: record.lastUsedAt.map(DashboardText.dateTime))
        }
        return renderer.render(
            DashboardKeysView(
                keys: keys, hiddenRevoked: records.count - shown.count, showsRevoked: showsRevoked, newToken: newToken, error: error,
                formToken: session?.formToken),
            title: "API keys", session: session, section: .keys, notice: notice, status: status)
    }
}
