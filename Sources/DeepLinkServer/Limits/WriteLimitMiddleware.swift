import DeepLinkService
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Limits admin writes (`POST`, `PUT`, `PATCH`, `DELETE`) per API key and per client address,
/// and refuses bodies over the size limit, and transfer codings other than `chunked` alone (the
/// server decompresses nothing), before reading them.
struct WriteLimitMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    let perKey: any RequestLimiter
    let perAddress: any RequestLimiter
    let clientAddress: ClientAddressReader
    let maximumBodySize: Int
    /// The largest body of `/api/v1/links/bulk`.
    let maximumBulkBodySize: Int

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let coding = request.headers[.transferEncoding], coding.trimmingCharacters(in: .whitespaces).lowercased() != "chunked" {
            throw LinkServerError(
                code: .invalidBody, message: "Transfer-Encoding: \(coding) is not a framing the server reads; send the body as is or chunked")
        }
        let path = request.uri.path
        let limit = path.hasSuffix("/links/bulk") || path.hasSuffix("/links/bulk/") ? maximumBulkBodySize : maximumBodySize
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw LinkServerError(code: .payloadTooLarge, message: "the body is \(length) bytes; the limit is \(limit)")
        }
        guard [.post, .put, .patch, .delete].contains(request.method) else { return try await next(request, context) }
        // A key that may only read is refused by the route (403) and spends no one's writes,
        // not even those of the address it shares with others.
        guard APIKeyScope.scopes(inMask: context.apiKeyScopes).contains(where: { $0 != .linksRead }) else { return try await next(request, context) }
        var wait = await perAddress.take(clientAddress.limitKey(of: request, context: context))
        if wait == nil { wait = await perKey.take(context.apiKeyID ?? "") }
        if let wait {
            context.logger.notice("rate-limited a write", metadata: ["retry.after": "\(wait)"])
            throw LinkServerError(code: .rateLimited, message: "too many writes; try again in \(wait) s", retryAfter: wait)
        }
        return try await next(request, context)
    }
}
