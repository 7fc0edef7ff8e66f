import DeepLinkService
import HTTPTypes
import Hummingbird

/// Adds the headers that keep browsers from misreading or framing the server's answers, on every
/// response, errors included: `X-Content-Type-Options: nosniff` everywhere; on HTML pages
/// `frame-ancestors 'none'` added to their Content-Security-Policy and `X-Frame-Options: DENY`,
/// so no site can frame a landing page to trick a click; and, when configured behind a TLS proxy,
/// `Strict-Transport-Security`.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    /// The `Strict-Transport-Security` value sent with ``ServerConfiguration/strictTransportSecurity``.
    static let strictTransportSecurity = "max-age=31536000; includeSubDomains"

    /// Whether every response gets `Strict-Transport-Security`.
    let sendsStrictTransportSecurity: Bool

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            // Errors become responses only after every middleware has run, so they are answered here to get the headers too.
            response = try error.response(from: request, context: context)
        }
        response.headers[.contentTypeOptions] = "nosniff"
        if response.headers[.contentType]?.lowercased().hasPrefix("text/html") == true {
            let policy = response.headers[.contentSecurityPolicy]
            if policy?.contains("frame-ancestors") != true {
                response.headers[.contentSecurityPolicy] = (policy.map { $0 + "; " } ?? "") + "frame-ancestors 'none'"
            }
            response.headers[.frameOptions] = "DENY"
        }
        if sendsStrictTransportSecurity { response.headers[.strictTransportSecurity] = Self.strictTransportSecurity }
        return response
    }
}

extension HTTPField.Name {
    /// `X-Frame-Options`, for browsers that predate `frame-ancestors`.
    static let frameOptions = HTTPField.Name("X-Frame-Options")!
}
