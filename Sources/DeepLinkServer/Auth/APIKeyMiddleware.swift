import DeepLinkService
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Lets a request through only with `Authorization: Bearer TOKEN` for a stored, unrevoked key,
/// before anything is read or written; records the key's id in the context.
struct APIKeyMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    let store: any APIKeyStorage
    /// Records when each key was last used.
    let uses: APIKeyUses

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let header = request.headers[.authorization], header.count > 7, header.prefix(7).lowercased() == "bearer " else {
            throw LinkServerError(code: .unauthorized, message: "send an API key: Authorization: Bearer dlk_…; create one with deeplink keys create")
        }
        let token = header.dropFirst(7).trimmingCharacters(in: .whitespaces)
        var record: APIKeyRecord?
        if let id = APIKey.id(of: token) {
            do {
                record = try await store.apiKey(id: id)
            } catch {
                throw error.serverError
            }
        }
        guard let record, APIKey.verify(token, against: record) else {
            context.logger.notice("rejected an unknown API key")
            throw LinkServerError(code: .unauthorized, message: "the API key is not valid")
        }
        guard record.revokedAt == nil else {
            context.logger.notice("rejected a revoked API key", metadata: ["key.id": "\(record.id)"])
            throw LinkServerError(code: .unauthorized, message: "the API key was revoked")
        }
        await uses.record(id: record.id)
        var context = context
        context.apiKeyID = record.id
        context.apiKeyScopes = APIKeyScope.mask(record.scopes)
        context.logger[metadataKey: "key.id"] = "\(record.id)"
        return try await next(request, context)
    }
}
