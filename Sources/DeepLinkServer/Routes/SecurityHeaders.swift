import DeepLinkService
import HTTPTypes
import Hummingbird

/// Adds the headers that keep browsers from misreading or framing the server's answers, on every
/// response, errors included: `X-Content-Type-Options: nosniff` everywhere; on HTML pages
/// `frame-ancestors 'none'` added to their Content-Security-Policy and `X-Frame-Options: DENY`,
/// so no site can frame a landing page to trick a click; and, when configured behind a TLS proxy,
/// `Strict-Transport-Security`. One of the rules of ``FrontDoorMiddleware``.
///
/// A response that already says `X-Frame-Options` has decided how it may be framed (the pages of
/// ``Response/page(_:status:)`` carry both headers from the start), and is left as it is: this
/// runs on every request, and reading a long policy for `frame-ancestors` cost a tenth of a
/// landing page's time.
struct SecurityHeaders: Sendable {
    /// The `Strict-Transport-Security` value sent with ``ServerConfiguration/strictTransportSecurity``.
    static let strictTransportSecurity = "max-age=31536000; includeSubDomains"
    /// The policy directive that forbids framing.
    static let noFraming = "frame-ancestors 'none'"

    /// Whether every response gets `Strict-Transport-Security`.
    let sendsStrictTransportSecurity: Bool

    /// Adds the headers a response lacks.
    func apply(to response: inout Response) {
        // `contains`, not the subscript, which joins every value of the name into a new string.
        if !response.headers.contains(.contentTypeOptions) { response.headers[.contentTypeOptions] = "nosniff" }
        if !response.headers.contains(.frameOptions), Self.isHTML(response.headers.value(.contentType)) {
            let policy = response.headers[.contentSecurityPolicy]
            if policy.map(Self.forbidsFraming) != true {
                response.headers[.contentSecurityPolicy] = (policy.map { $0 + "; " } ?? "") + Self.noFraming
            }
            response.headers[.frameOptions] = "DENY"
        }
        if sendsStrictTransportSecurity { response.headers[.strictTransportSecurity] = Self.strictTransportSecurity }
    }

    /// Whether a `Content-Type` is HTML, in any letter case.
    static func isHTML(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        return contentType.utf8.starts(with: "text/html".utf8) { $0 | 0x20 == $1 | 0x20 }
    }

    /// Whether a policy names `frame-ancestors`, in any letter case (directive names are
    /// case-insensitive, CSP 3 section 2.2).
    static func forbidsFraming(_ policy: String) -> Bool {
        policy.lowercased().contains("frame-ancestors")
    }
}

extension HTTPField.Name {
    /// `X-Frame-Options`, for browsers that predate `frame-ancestors`.
    static let frameOptions = HTTPField.Name("X-Frame-Options")!
}
