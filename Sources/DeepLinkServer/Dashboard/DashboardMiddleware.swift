import DeepLinkService
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Guards every dashboard page but sign-in: a request needs a valid session, or a page is sent
/// to sign-in and a form is refused. A form (any `POST`) must also come from a page of this
/// server (`Origin`, `Sec-Fetch-Site`) and carry the session's form token. The form is read
/// here, once, and handed on with the request.
struct DashboardMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    let sessions: DashboardSessions
    let renderer: DashboardRenderer

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let session: DashboardSession?
        do {
            session = try await sessions.session(of: request)
        } catch {
            return renderer.problem(error, session: nil)
        }
        guard let session else {
            if request.method == .get || request.method == .head {
                let next = request.uri.path + (request.uri.query.map { "?\($0)" } ?? "")
                return DashboardRenderer.seeOther("/dashboard/sign-in?next=\(next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")")
            }
            return renderer.refused("Your session has ended or was not recognised. Sign in again, then repeat what you were doing.", session: nil)
        }
        var form: [String: String] = [:]
        if request.method == .post {
            guard DashboardSessions.isSameOrigin(request) else {
                context.logger.notice("refused a dashboard form from another site", metadata: ["principal": "\(session.principal)"])
                return renderer.refused("This form was sent from another site, so it was refused.", session: session)
            }
            // The body is read here and only here: a request's body can be iterated once, and a
            // second read after a refused one (too large) is an assertion failure in HummingbirdCore.
            do {
                form = try await DashboardForm.read(request)
            } catch {
                return renderer.problem(error, session: session)
            }
            guard DashboardSessions.hasValidFormToken(form, session: session) else {
                context.logger.notice("refused a dashboard form without its token", metadata: ["principal": "\(session.principal)"])
                return renderer.refused("This form's security token is missing or out of date. Reload the page and try again.", session: session)
            }
        }
        var context = context
        context.dashboardForm = form
        context.dashboardSession = session
        context.logger[metadataKey: "dashboard.principal"] = "\(session.principal)"
        return try await next(request, context)
    }
}
