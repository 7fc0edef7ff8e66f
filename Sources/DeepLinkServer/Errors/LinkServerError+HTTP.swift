import DeepLinkService
import DeepLinkCore
import HTTPTypes
import Hummingbird
import NIOCore

extension LinkServerError: HTTPResponseError {
    /// The HTTP status for the code: the one mapping from an error's meaning to a status, for
    /// the admin API's JSON errors and the dashboard's problem pages alike.
    package var status: HTTPResponse.Status {
        switch code {
        case .storageUnavailable: .serviceUnavailable
        case .invalidJSON, .invalidField, .unroutableDeepLink, .disallowedURL, .invalidBody: .badRequest
        case .codeTaken: .conflict
        case .notFound, .notAShortLink: .notFound
        case .linkExpired: .gone
        case .unauthorized: .unauthorized
        case .insufficientScope, .passwordRequired: .forbidden
        case .rateLimited: .tooManyRequests
        case .payloadTooLarge: .contentTooLarge
        case .unsupportedMediaType: .unsupportedMediaType
        case .methodNotAllowed: .methodNotAllowed
        // A code this switch does not know yet is a server's mistake, not the client's.
        default: .internalServerError
        }
    }

    /// Whether the rest of the request's body may still be on its way, unread, so the connection
    /// cannot carry another request and closes after the response.
    var leavesBodyUnread: Bool { code == .payloadTooLarge || code == .invalidBody }

    /// The JSON error response, never cached, with `WWW-Authenticate` for 401, `Retry-After` for
    /// 429 and a database that is out,
    /// and `Connection: close` when the body was left unread (413, `invalid-body`).
    package func response(from request: Request, context: some RequestContext) throws -> Response {
        // An error answers this request only: no cache may keep it for the next.
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        if leavesBodyUnread { headers[.connection] = "close" }
        if code == .unauthorized { headers[.wwwAuthenticate] = #"Bearer realm="deeplink""# }
        // RFC 6750, section 3.1: the scope a request needs, for clients that read it.
        if code == .insufficientScope, let scope { headers[.wwwAuthenticate] = #"Bearer realm="deeplink", error="insufficient_scope", scope=""# + scope.rawValue + "\"" }
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        let response = Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: JSONWriter.write(json) + "\n")))
        // HEAD gets GET's headers, Content-Length included, and no body.
        return request.method == .head ? response.createHeadResponse() : response
    }
}
