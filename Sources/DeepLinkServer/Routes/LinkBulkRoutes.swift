import DeepLinkCore
import DeepLinkService
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// `/api/v1/links/bulk` (issue 27): up to ``LinkService/maximumBulkItems`` links created, changed
/// or deleted in one request, each item on its own: the answer is a result per item, in order,
/// and one item's error never undoes another's success.
///
/// The key's write limit counts items, not requests: the write limit took one write for the
/// request, and a request of N items takes N - 1 more from the key's bucket, all or none.
struct LinkBulkRoutes: Sendable {
    let links: LinkService
    /// The largest body a bulk request may send.
    let maximumBodySize: Int
    /// The key's write limit, which the items are counted against.
    let perKey: any RequestLimiter
    /// That limit's writes a minute, the most items one request can hold within it.
    let writesPerMinutePerKey: Int

    /// The largest body of a bulk request for a server whose other bodies are `maximumBodySize`:
    /// 64 times as large, and at least 1 MiB, room for 1,000 links of 1 KiB.
    static func maximumBodySize(for maximumBodySize: Int) -> Int { max(maximumBodySize * 64, 1 << 20) }

    func add(to group: some RouterMethods<ServerRequestContext>) {
        group.post("/links/bulk", use: requiring(.linksWrite, to: "create links", create))
        group.patch("/links/bulk", use: requiring(.linksWrite, to: "change links", update))
        group.delete("/links/bulk", use: requiring(.linksWrite, to: "delete links", delete))
    }

    /// `POST`: `{"links": [...]}`, each as `POST /api/v1/links` takes it.
    @Sendable func create(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let body = try await request.jsonBody(upTo: maximumBodySize)
        try Self.checkKeys(body, allowed: ["links"])
        let items = try Self.array(body, field: "links")
        // An item that is not an object is a malformed request, refused whole; an object with
        // bad fields is an item that fails on its own.
        if let index = items.firstIndex(where: { $0.objectValue == nil }) {
            throw LinkServerError(code: .invalidField, message: "links[\(index)] must be an object, a link as POST /api/v1/links takes it", field: "links[\(index)]")
        }
        try await countItems(items.count, field: "links", context: context)
        let results = try await links.createMany(items)
        context.logger.info("created links in bulk", metadata: ["items": "\(items.count)"])
        return Response.json(
            Self.document(
                results.map { result in
                    switch result {
                    case .success(let link): ["status": "created", "link": link.json(origin: links.linkOrigin)]
                    case .failure(let error): Self.failure(error)
                    }
                }, counting: "created"))
    }

    /// `PATCH`: `{"codes": [...], "changes": {...}}` or `{"tag": "...", "changes": {...}}`, the
    /// changes as `PATCH /api/v1/links/{code}` takes them.
    @Sendable func update(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let body = try await request.jsonBody(upTo: maximumBodySize)
        try Self.checkKeys(body, allowed: ["codes", "tag", "changes"])
        let codes = try await self.codes(body)
        guard case .object? = body.objectValue?["changes"] else {
            throw LinkServerError(code: .invalidField, message: "changes must be an object of the fields to change, as PATCH /api/v1/links/{code} takes", field: "changes")
        }
        try await countItems(codes.count, field: "codes", context: context)
        let results = try await links.updateMany(codes: codes, with: body.objectValue?["changes"] ?? .null)
        context.logger.info("changed links in bulk", metadata: ["items": "\(codes.count)"])
        return Response.json(
            Self.document(
                zip(codes, results).map { code, result in
                    switch result {
                    case .success(let link): ["status": "updated", "link": link.json(origin: links.linkOrigin)]
                    case .failure(let error): Self.failure(error, code: code)
                    }
                }, counting: "updated"))
    }

    /// `DELETE`: `{"codes": [...]}` or `{"tag": "..."}`.
    @Sendable func delete(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let body = try await request.jsonBody(upTo: maximumBodySize)
        try Self.checkKeys(body, allowed: ["codes", "tag"])
        let codes = try await self.codes(body)
        try await countItems(codes.count, field: "codes", context: context)
        let results = try await links.deleteMany(codes: codes)
        context.logger.info("deleted links in bulk", metadata: ["items": "\(codes.count)"])
        return Response.json(
            Self.document(
                zip(codes, results).map { code, error in
                    error.map { Self.failure($0, code: code) } ?? ["status": "deleted", "code": .string(code)]
                }, counting: "deleted"))
    }

    /// Takes a write per item beyond the first from the key's bucket, all or none.
    private func countItems(_ count: Int, field: String, context: ServerRequestContext) async throws {
        guard count > writesPerMinutePerKey else {
            if count > 1, let wait = await perKey.take(context.apiKeyID ?? "", count: count - 1) {
                // Refused whole: the write the request itself took goes back too.
                await perKey.giveBack(context.apiKeyID ?? "")
                context.logger.notice("rate-limited a bulk write", metadata: ["items": "\(count)", "retry.after": "\(wait)"])
                throw LinkServerError(code: .rateLimited, message: "too many writes: this request's \(count) items need as many; try again in \(wait) s", retryAfter: wait)
            }
            return
        }
        await perKey.giveBack(context.apiKeyID ?? "")
        throw LinkServerError(
            code: .invalidField,
            message: "\(count) items are more than this server lets a key write in a minute (writesPerMinutePerKey, \(writesPerMinutePerKey)); "
                + "send them in requests of at most \(writesPerMinutePerKey)",
            field: field)
    }

    /// Refuses a body that is not an object, or has a key other than `allowed`, naming it.
    private static func checkKeys(_ body: JSONValue, allowed: Set<String>) throws(LinkServerError) {
        guard let object = body.objectValue else {
            throw LinkServerError(code: .invalidJSON, message: "the body must be a JSON object with \(allowed.sorted().joined(separator: " and "))")
        }
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw LinkServerError(
                code: .invalidField, message: "unknown field \(unknown); a bulk request has \(allowed.sorted().joined(separator: ", "))", field: unknown)
        }
    }

    /// The items of a body's array field: 1 to ``LinkService/maximumBulkItems`` of them.
    private static func array(_ body: JSONValue, field: String) throws(LinkServerError) -> [JSONValue] {
        guard case .array(let items)? = body.objectValue?[field] else {
            throw LinkServerError(code: .invalidField, message: "\(field) must be an array of items", field: field)
        }
        guard (1...LinkService.maximumBulkItems).contains(items.count) else {
            throw LinkServerError(
                code: .invalidField, message: "\(field) holds \(items.count) items; a bulk request holds 1 to \(LinkService.maximumBulkItems)", field: field)
        }
        return items
    }

    /// The codes a body names: its `codes`, or those of the links with its `tag`, one or the other.
    private func codes(_ body: JSONValue) async throws(LinkServerError) -> [String] {
        switch (body.objectValue?["codes"], body.objectValue?["tag"]) {
        case (.some, .some):
            throw LinkServerError(code: .invalidField, message: "give codes or tag, not both", field: "tag")
        case (nil, .string(let tag)?):
            return try await links.codes(tag: tag)
        case (nil, .some):
            throw LinkServerError(code: .invalidField, message: "tag must be a string, the tag whose links to change", field: "tag")
        default:
            return try Self.codes(body)
        }
    }

    /// The codes of a body: strings, each once.
    private static func codes(_ body: JSONValue) throws(LinkServerError) -> [String] {
        let items = try array(body, field: "codes")
        var codes: [String] = []
        var seen: Set<String> = []
        for (index, item) in items.enumerated() {
            guard case .string(let code) = item else {
                throw LinkServerError(code: .invalidField, message: "codes[\(index)] must be a link's code, a string", field: "codes[\(index)]")
            }
            guard seen.insert(code).inserted else {
                throw LinkServerError(code: .invalidField, message: "codes[\(index)] repeats the code \(code)", field: "codes[\(index)]")
            }
            codes.append(code)
        }
        return codes
    }

    /// An item that failed: its error as the single requests answer it.
    private static func failure(_ error: LinkServerError, code: String? = nil) -> JSONValue {
        var item: [String: JSONValue] = ["status": "error", "error": error.json.objectValue?["error"] ?? .null]
        if let code { item["code"] = .string(code) }
        return .object(item)
    }

    /// The answer: every result in order, and how many succeeded and failed.
    private static func document(_ results: [JSONValue], counting succeeded: String) -> JSONValue {
        let failed = results.count { $0.objectValue?["status"] == "error" }
        return ["results": .array(results), .init(stringLiteral: succeeded): .number(Double(results.count - failed)), "failed": .number(Double(failed))]
    }
}
