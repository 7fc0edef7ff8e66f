import DeepLinkCore
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The admin API under `/api/v1`: create, read, update, list and delete links, and read their
/// stats. `openapi.yaml` documents every route; `OpenAPIDocumentTests` keeps the two in step.
struct LinkAPIRoutes: Sendable {
    let store: any LinkStorage & ClickStorage
    let editor: LinkEditor
    let cache: LinkCache
    /// Tells the other servers sharing the database about changes, when the store can.
    let changes: (any LinkChangeFeed)?
    let clicks: ClickCounter
    let linkHost: String?
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
        let link = try editor.create(from: body, now: Date())
        try await storing { () throws(StoreError) in try await store.insert(link) }
        context.logger.info("created link", metadata: ["link.code": "\(link.code)", "link.deep_link": "\(link.deepLink)"])
        return Response.json(link.json(linkHost: linkHost), status: .created, location: "/api/v1/links/\(link.code)")
    }

    @Sendable func read(_ request: Request, context: ServerRequestContext) async throws -> Response {
        Response.json(try await existingLink(context).json(linkHost: linkHost))
    }

    @Sendable func update(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let body = try await request.jsonBody(upTo: maximumBodySize)
        let link = try editor.update(try await existingLink(context), with: body, now: Date())
        guard try await storing({ () throws(StoreError) in try await store.update(link) }) else { throw notFound(link.code) }
        await changed(link.code, context: context)
        context.logger.info("updated link", metadata: ["link.code": "\(link.code)"])
        return Response.json(link.json(linkHost: linkHost))
    }

    @Sendable func delete(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let code = try self.code(context)
        await clicks.flush()
        guard try await storing({ () throws(StoreError) in try await store.deleteLink(code: code) }) else { throw notFound(code) }
        await changed(code, context: context)
        context.logger.info("deleted link", metadata: ["link.code": "\(code)"])
        return Response(status: .noContent)
    }

    /// Drops the link from this server's cache and announces the change to the others.
    private func changed(_ code: String, context: ServerRequestContext) async {
        cache.invalidate(code)
        guard let changes else { return }
        do {
            try await changes.announceLinkChange(code: code)
        } catch {
            context.logger.warning(
                "cannot tell the other servers about a link change; they show it when their cached copy expires",
                metadata: ["link.code": "\(code)", "error": "\(error.message)"])
        }
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
        let page = try await storing { () throws(StoreError) in try await store.links(after: cursor, limit: limit + 1) }
        let links = page.prefix(limit)
        let next: JSONValue = page.count > limit ? links.last.map { .string($0.code) } ?? .null : .null
        return Response.json(["links": .array(links.map { $0.json(linkHost: linkHost) }), "nextCursor": next])
    }

    @Sendable func stats(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let link = try await existingLink(context)
        await clicks.flush()
        let counts = try await storing { () throws(StoreError) in try await store.clickCounts(code: link.code) }
        return Response.json(LinkStats(counts: counts).json(code: link.code))
    }

    private func code(_ context: ServerRequestContext) throws -> String {
        guard let code = context.parameters.get("code") else { throw notFound("") }
        return code
    }

    private func existingLink(_ context: ServerRequestContext) async throws -> Link {
        let code = try self.code(context)
        guard let link = try await storing({ () throws(StoreError) in try await store.link(code: code) }) else { throw notFound(code) }
        return link
    }

    private func notFound(_ code: String) -> LinkServerError {
        LinkServerError(code: .notFound, message: "there is no link with the code \(code)")
    }

    private func storing<T>(_ body: () async throws(StoreError) -> T) async throws(LinkServerError) -> T {
        do {
            return try await body()
        } catch {
            throw error.serverError
        }
    }

}
