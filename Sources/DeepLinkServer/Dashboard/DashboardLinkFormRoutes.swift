import DeepLinkService
import HTTPTypes
import Hummingbird
import Logging

/// The link form: a new link, a duplicate of one (`?from=CODE`), and changes to one. The form's
/// values become the admin API's JSON, so a link made in the browser is checked as one made
/// through the API; a rejected form is shown again as typed, with the error beside its field.
/// `Sendable`.
struct DashboardLinkFormRoutes: Sendable {
    /// The links.
    let links: LinkService
    /// The pages' renderer.
    let renderer: DashboardRenderer

    /// Adds the routes to the dashboard's signed-in routes.
    func add(to signedIn: some RouterMethods<ServerRequestContext>) {
        signedIn.get("/new-link", use: renderer.requiring(.editor, to: "create links", newLink))
        signedIn.post("/new-link", use: renderer.requiring(.editor, to: "create links", create))
        signedIn.get("/links/{code}/edit", use: renderer.requiring(.editor, to: "change links", edit))
        signedIn.post("/links/{code}/edit", use: renderer.requiring(.editor, to: "change links", update))
    }

    /// `GET /dashboard/new-link`: an empty form, or with `from=CODE` one filled from that link
    /// but its code.
    @Sendable func newLink(_ request: Request, context: ServerRequestContext) async -> Response {
        var values: [String: String] = [:]
        var heading = "New link"
        if let from = request.formQuery["from"], !from.isEmpty {
            do {
                values = LinkForm.values(of: try await links.link(code: from))
                values["code"] = nil
                // A password is never copied: the new link has none until one is given.
                values["passwordProtected"] = nil
                heading = "Duplicate \(from)"
            } catch {
                return renderer.problem(error, session: context.dashboardSession)
            }
        }
        return form(heading: heading, action: "/dashboard/new-link", values: values, editing: false, session: context.dashboardSession)
    }

    /// `POST /dashboard/new-link`: creates the link and shows it.
    @Sendable func create(_ request: Request, context: ServerRequestContext) async -> Response {
        let values = context.dashboardForm
        do {
            let link = try await links.create(LinkForm.json(values, forUpdate: false))
            context.logger.info("created link", metadata: ["link.code": "\(link.code)"])
            return DashboardRenderer.seeOther("/dashboard/links/\(link.code)?done=created")
        } catch {
            guard error.field != nil || error.code == .codeTaken else { return renderer.problem(error, session: context.dashboardSession) }
            return form(
                heading: "New link", action: "/dashboard/new-link", values: values, editing: false, session: context.dashboardSession, error: error)
        }
    }

    /// `GET /dashboard/links/CODE/edit`: the form filled from the link.
    @Sendable func edit(_ request: Request, context: ServerRequestContext) async -> Response {
        let code = context.parameters.get("code") ?? ""
        do {
            let link = try await links.link(code: code)
            return form(
                heading: "Edit \(code)", action: "/dashboard/links/\(code)/edit", values: LinkForm.values(of: link), editing: true,
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
            _ = try await links.update(code: code, with: LinkForm.json(values, forUpdate: true))
            context.logger.info("updated link", metadata: ["link.code": "\(code)"])
            return DashboardRenderer.seeOther("/dashboard/links/\(code)?done=updated")
        } catch {
            guard error.field != nil else { return renderer.problem(error, session: context.dashboardSession) }
            values["code"] = code
            return form(
                heading: "Edit \(code)", action: "/dashboard/links/\(code)/edit", values: values, editing: true, session: context.dashboardSession,
                error: error)
        }
    }

    /// The form page; `422 Unprocessable Content` when it shows why the link was not saved.
    private func form(
        heading: String, action: String, values: [String: String], editing: Bool, session: DashboardSession?, error: LinkServerError? = nil
    ) -> Response {
        let view = DashboardLinkFormView(
            heading: heading, action: action, values: values, editing: editing, formToken: session?.formToken, error: error)
        return renderer.render(view, title: heading, session: session, section: .links, status: error == nil ? .ok : .unprocessableContent)
    }
}
