import DeepLinkService
import Hummingbird
import Logging

extension DashboardRenderer {
    /// A dashboard route's handler that first checks the session's role is at least `role`, and
    /// otherwise answers `403` with a page that says what the role may not do.
    /// - Parameters:
    ///   - role: The least role the route needs.
    ///   - what: What the route does, for the page: `create links`.
    ///   - handler: The route's handler.
    func requiring(
        _ role: DashboardRole, to what: String, _ handler: @escaping @Sendable (Request, ServerRequestContext) async throws -> Response
    ) -> @Sendable (Request, ServerRequestContext) async throws -> Response {
        { request, context in
            guard let session = context.dashboardSession, session.role >= role else {
                let held = context.dashboardSession?.role
                context.logger.notice("refused a dashboard page outside the session's role", metadata: ["role": "\(held?.rawValue ?? "none")"])
                return refused(
                    "Signed in as \(held?.withArticle ?? "nobody"), you may not \(what): that needs the \(role.rawValue) role. Ask an admin for it.",
                    session: context.dashboardSession)
            }
            return try await handler(request, context)
        }
    }
}
