import DeepLinkService
import DeepLinkCore
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The admin API under `/api/v1`: create, read, update, list and delete links, and read their
/// stats. `openapi.yaml` documents every route; `OpenAPIDocumentTests` keeps the two in step.
struct LinkAPIRoutes: Sendable {
    let links: LinkService
    let maximumBodySize: Int
    let maximumPageSize: Int

    func add(to group: some RouterMethods<ServerRequestContext>) {
        group.post("/links", use: create)
        group.get("/links", use: list)
        group.get("/links/{code}", use: read)
        group.patch("/links/{code}", use: update)
        group.delete("/links/{code}", use: delete)
        group.get("/links/{code}/stats", use: stats)
    }

    @Sendable func create(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let body = try await request.jsonBody(upTo: maximumBodySize)
        let link = try await links.create(body)
        context.logger.info("created link", metadata: ["link.code": "\(link.code)", "link.deep_link": "\(link.deepLink)"])
        return Response.json(link.json(linkHost: links.linkHost), status: .created, location: "/api/v1/links/\(link.code)")
    }

    @Sendable func read(_ request: Request, context: ServerRequestContext) async throws -> Response {
        Response.json(try await links.link(code: try code(context)).json(linkHost: links.linkHost))
    }

    @Sendable func update(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let body = try await request.jsonBody(upTo: maximumBodySize)
        let link = try await links.update(code: try code(context), with: body)
        context.logger.info("updated link", metadata: ["link.code": "\(link.code)"])
        return Response.json(link.json(linkHost: links.linkHost))
    }

    @Sendable func delete(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let code = try self.code(context)
        try await links.delete(code: code)
        context.logger.info("deleted link", metadata: ["link.code": "\(code)"])
        return Response(status: .noContent)
    }

    @Sendable func list(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        var limit = 50
        if let text = query["limit"] {
            guard let value = Int(String(text)), (1...maximumPageSize).contains(value) else {
                throw LinkServerError(code: .invalidField, message: "limit must be a whole number from 1 to \(maximumPageSize)", field: "limit")
            }
            limit = value
        }
        let cursor = query["cursor"].map(String.init)
        let page = try await links.links(after: cursor, limit: limit + 1)
        let shown = page.prefix(limit)
        let next: JSONValue = page.count > limit ? shown.last.map { .string($0.code) } ?? .null : .null
        return Response.json(["links": .array(shown.map { $0.json(linkHost: links.linkHost) }), "nextCursor": next])
    }

    /// A link's stats; with `series=false`, only the sums, read from the link's daily totals
    /// instead of every bucket (a few dozen rows a day, however many clicks).
    @Sendable func stats(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let series: Bool
        switch request.uri.queryParameters["series"].map(String.init) {
        case nil, "true": series = true
        case "false": series = false
        case let other?:
            throw LinkServerError(code: .invalidField, message: "series must be true or false, not \(other)", field: "series")
        }
        let link = try await links.link(code: try code(context))
        let stats =
            series
            ? LinkStats(counts: try await links.allClickCounts(code: link.code)).json(code: link.code)
            : LinkStats.json(code: link.code, summary: try await links.clickTotals(code: link.code))
        var members = stats.objectValue ?? [:]
        members["opens"] = try await links.appOpens(code: link.code).jsonValue
        return Response.json(.object(members))
    }

    private func code(_ context: ServerRequestContext) throws -> String {
        guard let code = context.parameters.get("code") else { throw LinkService.notFound("") }
        return code
    }
}
