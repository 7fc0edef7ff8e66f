import DeepLinkService
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Lets a request through only with `Authorization: Bearer TOKEN` for a stored, unrevoked key,
/// before anything is read or written; records the key's id in the context. The key is checked
/// by the ``AccessService``, as the dashboard's sign-in checks it.
struct APIKeyMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    let access: AccessService

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let header = request.headers[.authorization], header.count > 7, header.prefix(7).lowercased() == "bearer " else {
            throw LinkServerError(code: .unauthorized, message: "send an API key: Authorization: Bearer dlk_…; create one with deeplink keys create")
        }
        let record: APIKeyRecord
        do {
            switch try await access.check(token: header.dropFirst(7).trimmingCharacters(in: .whitespaces)) {
            case .valid(let valid):
                record = valid
            case .revoked(let revoked):
                context.logger.notice("rejected a revoked API key", metadata: ["key.id": "\(revoked.id)"])
                throw LinkServerError(code: .unauthorized, message: "the API key was revoked")
            case .invalid:
                context.logger.notice("rejected an unknown API key")
                throw LinkServerError(code: .unauthorized, message: "the API key is not valid")
            }
        } catch let error as StoreError {
            throw error.serverError
        }
        await access.recordUse(ofKey: record.id)
        var context = context
        context.apiKeyID = record.id
        context.apiKeyScopes = APIKeyScope.mask(record.scopes)
        context.logger[metadataKey: "key.id"] = "\(record.id)"
        return try await next(request, context)
    }
}
