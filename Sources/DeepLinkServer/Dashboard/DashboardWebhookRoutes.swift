import DeepLinkService
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// The webhook endpoints (issue 27): the list, a new endpoint (its secret shown once), deleting
/// one, turning one on again, and each one's delivery log. Admins only, as the `webhooks` scope
/// is theirs to give. `Sendable`.
struct DashboardWebhookRoutes: Sendable {
    /// The endpoints, as the admin API manages them.
    let webhooks: WebhookService
    /// The pages' renderer.
    let renderer: DashboardRenderer

    /// Adds the routes to the dashboard's signed-in routes.
    func add(to signedIn: some RouterMethods<ServerRequestContext>) {
        signedIn.get("/webhooks", use: renderer.requiring(.admin, to: "manage webhooks", list))
        signedIn.post("/webhooks", use: renderer.requiring(.admin, to: "manage webhooks", create))
        signedIn.get("/webhooks/{id}", use: renderer.requiring(.admin, to: "manage webhooks", deliveries))
        signedIn.post("/webhooks/{id}/delete", use: renderer.requiring(.admin, to: "manage webhooks", delete))
        signedIn.post("/webhooks/{id}/enable", use: renderer.requiring(.admin, to: "manage webhooks", enable))
    }

    /// `GET /dashboard/webhooks`, with a notice after a change (`done=deleted|enabled`).
    @Sendable func list(_ request: Request, context: ServerRequestContext) async -> Response {
        let notice: String? =
            switch request.formQuery["done"] {
            case "deleted": "Endpoint deleted, with its deliveries."
            case "enabled": "Endpoint turned on; its pending deliveries go out now."
            default: nil
            }
        return await page(context: context, notice: notice)
    }

    /// `POST /dashboard/webhooks`: creates an endpoint and shows its secret.
    @Sendable func create(_ request: Request, context: ServerRequestContext) async -> Response {
        let form = context.dashboardForm
        let names = WebhookEventType.allCases.filter { form[DashboardWebhooksView.field(of: $0)] == "on" }.map(\.rawValue)
        guard !names.isEmpty else { return await page(context: context, error: "Choose at least one event.", status: .unprocessableContent) }
        let creator = context.dashboardSession.map { APIKeyCreator($0.principal).description }
        do {
            let endpoint = try await webhooks.create(url: (form["url"] ?? "").trimmingCharacters(in: .whitespaces), events: names, createdBy: creator)
            context.logger.notice("created a webhook endpoint", metadata: ["webhook.endpoint": "\(endpoint.id)"])
            return await page(context: context, newSecret: endpoint.secret)
        } catch where error.code == .invalidField {
            return await page(context: context, error: DashboardText.sentence(error.message), status: .unprocessableContent)
        } catch {
            return renderer.problem(error, session: context.dashboardSession)
        }
    }

    /// `GET /dashboard/webhooks/ID`: the endpoint's latest 100 deliveries.
    @Sendable func deliveries(_ request: Request, context: ServerRequestContext) async -> Response {
        let id = context.parameters.get("id") ?? ""
        do {
            let endpoint = try await webhooks.endpoint(id: id)
            let deliveries = try await webhooks.deliveries(id: id, limit: 100)
            return renderer.render(
                DashboardWebhookDeliveriesView(endpoint: endpoint, deliveries: deliveries), title: "Webhook deliveries",
                session: context.dashboardSession, section: .webhooks)
        } catch {
            return renderer.problem(error, session: context.dashboardSession)
        }
    }

    /// `POST /dashboard/webhooks/ID/delete`.
    @Sendable func delete(_ request: Request, context: ServerRequestContext) async -> Response {
        let id = context.parameters.get("id") ?? ""
        do {
            try await webhooks.delete(id: id)
        } catch {
            return renderer.problem(error, session: context.dashboardSession)
        }
        context.logger.notice("deleted a webhook endpoint", metadata: ["webhook.endpoint": "\(id)"])
        return DashboardRenderer.seeOther("/dashboard/webhooks?done=deleted")
    }

    /// `POST /dashboard/webhooks/ID/enable`.
    @Sendable func enable(_ request: Request, context: ServerRequestContext) async -> Response {
        let id = context.parameters.get("id") ?? ""
        do {
            _ = try await webhooks.enable(id: id)
        } catch {
            return renderer.problem(error, session: context.dashboardSession)
        }
        return DashboardRenderer.seeOther("/dashboard/webhooks?done=enabled")
    }

    private func page(
        context: ServerRequestContext, newSecret: String? = nil, error: String? = nil, notice: String? = nil, status: HTTPResponse.Status = .ok
    ) async -> Response {
        let endpoints: [WebhookEndpoint]
        do {
            endpoints = try await webhooks.list()
        } catch {
            return renderer.problem(error, session: context.dashboardSession)
        }
        let session = context.dashboardSession
        return renderer.render(
            DashboardWebhooksView(endpoints: endpoints, form: context.dashboardForm, newSecret: newSecret, error: error, formToken: session?.formToken),
            title: "Webhooks", session: session, section: .webhooks, notice: notice, status: status)
    }
}
