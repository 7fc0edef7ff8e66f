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
        // Each route names the scope its key needs, checked before anything is read.
        group.post("/links", use: requiring(.linksWrite, to: "create links", create))
        group.get("/links", use: requiring(.linksRead, to: "read links", list))
        group.get("/links/{code}", use: requiring(.linksRead, to: "read links", read))
        group.patch("/links/{code}", use: requiring(.linksWrite, to: "change links", update))
        group.delete("/links/{code}", use: requiring(.linksWrite, to: "delete links", delete))
        group.get("/links/{code}/stats", use: requiring(.linksRead, to: "read links' numbers", stats))
        group.get("/stats", use: requiring(.linksRead, to: "read links' numbers", allStats))
        group.get("/tags", use: requiring(.linksRead, to: "read links", tags))
        group.get("/tags/{tag}/stats", use: requiring(.linksRead, to: "read links' numbers", tagStats))
    }

    @Sendable func create(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let body = try await request.jsonBody(upTo: maximumBodySize)
        let link = try await links.create(body)
        context.logger.info("created link", metadata: ["link.code": "\(link.code)", "link.deep_link": "\(link.deepLink)"])
        return Response.json(link.json(origin: links.linkOrigin), status: .created, location: "/api/v1/links/\(link.code)")
    }

    @Sendable func read(_ request: Request, context: ServerRequestContext) async throws -> Response {
        Response.json(try await links.link(code: try code(context)).json(origin: links.linkOrigin))
    }

    @Sendable func update(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let body = try await request.jsonBody(upTo: maximumBodySize)
        let link = try await links.update(code: try code(context), with: body)
        context.logger.info("updated link", metadata: ["link.code": "\(link.code)"])
        return Response.json(link.json(origin: links.linkOrigin))
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
        let tag = try query["tag"].map { (tag) throws(LinkServerError) in try LinkTags.checked(String(tag), field: "tag") }
        let page = try await links.links(after: cursor, limit: limit + 1, tag: tag)
        let shown = page.prefix(limit)
        let next: JSONValue = page.count > limit ? shown.last.map { .string($0.code) } ?? .null : .null
        return Response.json(["links": .array(shown.map { $0.json(origin: links.linkOrigin) }), "nextCursor": next])
    }

    /// A link's stats document over a range of days (the last 30 without `days`, `from` or
    /// `to`); with `series=true`, every click bucket of the range too.
    @Sendable func stats(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let range = try Self.range(query)
        let series: Bool
        switch query["series"].map(String.init) {
        case nil, "false": series = false
        case "true": series = true
        case let other?:
            throw LinkServerError(code: .invalidField, message: "series must be true or false, not \(other)", field: "series")
        }
        let link = try await links.link(code: try code(context))
        let numbers = try await links.numbers(code: link.code, range: range)
        let buckets = series ? try await links.allClickCounts(code: link.code, in: range) : nil
        return Response.json(numbers.jsonValue(series: buckets))
    }

    /// Every link's stats document over a range of days, with the links that had the most clicks.
    @Sendable func allStats(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let range = try Self.range(query)
        let top: Int
        if let text = query["top"] {
            guard let value = Int(String(text)), (0...100).contains(value) else {
                throw LinkServerError(code: .invalidField, message: "top must be a whole number from 0 to 100, not \(String(text).debugDescription)", field: "top")
            }
            top = value
        } else {
            top = 10
        }
        let numbers = try await links.numbers(code: nil, range: range)
        let topLinks = top > 0 ? try await links.topLinks(range: range, limit: top) : []
        return Response.json(numbers.jsonValue(topLinks: topLinks))
    }

    /// Every tag of the links, with how many links have it and their clicks of all time.
    @Sendable func tags(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let tags = try await links.tags()
        return Response.json([
            "tags": .array(tags.map { ["tag": .string($0.tag), "links": .number(Double($0.links)), "clicks": .number(Double($0.clicks))] })
        ])
    }

    /// A tag's stats document: its links' numbers summed, over a range of days as a link's.
    @Sendable func tagStats(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let range = try Self.range(request.uri.queryParameters)
        guard let tag = context.parameters.get("tag") else { throw LinkServerError(code: .notFound, message: "name a tag") }
        // Hummingbird hands path parameters over as sent; a tag with a space arrives as %20.
        let numbers = try await links.numbers(tag: tag.removingPercentEncoding ?? tag, range: range)
        return Response.json(numbers.jsonValue())
    }

    /// The days a stats request asks for: `days`, or `from` and `to`.
    private static func range(_ query: Parameters) throws(LinkServerError) -> DayRange {
        try DayRange(days: query["days"].map(String.init), from: query["from"].map(String.init), to: query["to"].map(String.init))
    }

    private func code(_ context: ServerRequestContext) throws -> String {
        guard let code = context.parameters.get("code") else { throw LinkService.notFound("") }
        return code
    }
}
