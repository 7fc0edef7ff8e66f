import DeepLinkCore
import DeepLinkService
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// `/api/v1/webhooks` (issue 27): create, list, read, delete and turn on again webhook endpoints,
/// and read each one's deliveries. Every route needs the `webhooks` scope (or `admin`).
struct WebhookRoutes: Sendable {
    let webhooks: WebhookService
    let maximumBodySize: Int

    func add(to group: some RouterMethods<ServerRequestContext>) {
        group.post("/webhooks", use: requiring(.webhooks, to: "create webhook endpoints", create))
        group.get("/webhooks", use: requiring(.webhooks, to: "read webhook endpoints", list))
        group.get("/webhooks/{id}", use: requiring(.webhooks, to: "read webhook endpoints", read))
        group.delete("/webhooks/{id}", use: requiring(.webhooks, to: "delete webhook endpoints", delete))
        group.post("/webhooks/{id}/enable", use: requiring(.webhooks, to: "turn webhook endpoints on", enable))
        group.get("/webhooks/{id}/deliveries", use: requiring(.webhooks, to: "read webhook deliveries", deliveries))
    }

    /// `POST`: `{"url": …, "events": […]}`; the answer holds the secret, this once.
    @Sendable func create(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let body = try await request.jsonBody(upTo: maximumBodySize)
        let endpoint = try await webhooks.create(from: body, createdBy: context.apiKeyID.map { "key:\($0)" })
        context.logger.info("created a webhook endpoint", metadata: ["webhook.endpoint": "\(endpoint.id)", "webhook.url": "\(endpoint.url)"])
        var document = endpoint.json.objectValue ?? [:]
        document["secret"] = .string(endpoint.secret)
        return Response.json(.object(document), status: .created, location: "/api/v1/webhooks/\(endpoint.id)")
    }

    @Sendable func list(_ request: Request, context: ServerRequestContext) async throws -> Response {
        Response.json(["webhooks": .array(try await webhooks.list().map(\.json))])
    }

    @Sendable func read(_ request: Request, context: ServerRequestContext) async throws -> Response {
        Response.json(try await webhooks.endpoint(id: try id(context)).json)
    }

    @Sendable func delete(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let id = try self.id(context)
        try await webhooks.delete(id: id)
        context.logger.info("deleted a webhook endpoint", metadata: ["webhook.endpoint": "\(id)"])
        return Response(status: .noContent)
    }

    @Sendable func enable(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let endpoint = try await webhooks.enable(id: try id(context))
        context.logger.info("turned a webhook endpoint on", metadata: ["webhook.endpoint": "\(endpoint.id)"])
        return Response.json(endpoint.json)
    }

    /// `GET …/deliveries?limit=`: the latest deliveries, newest first (100 without `limit`).
    @Sendable func deliveries(_ request: Request, context: ServerRequestContext) async throws -> Response {
        var limit = 100
        if let text = request.uri.queryParameters["limit"] {
            guard let value = Int(String(text)) else {
                throw LinkServerError(
                    code: .invalidField, message: "limit must be a whole number from 1 to \(WebhookService.maximumDeliveriesListed)", field: "limit")
            }
            limit = value
        }
        let list = try await webhooks.deliveries(id: try id(context), limit: limit)
        return Response.json(["deliveries": .array(list.map(\.json))])
    }

    private func id(_ context: ServerRequestContext) throws -> String {
        guard let id = context.parameters.get("id") else { throw LinkServerError(code: .notFound, message: "name a webhook endpoint") }
        return id
    }
}
