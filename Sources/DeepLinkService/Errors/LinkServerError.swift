/// A request the link server refuses: a stable code, a message that says what to fix, and the
/// offending field (a JSON path such as `fallbacks.webURL`) when there is one. A `Sendable` value.
package struct LinkServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable error code; new codes may be added.
    package struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable {
            case invalidJSON = "invalid-json"
            case invalidField = "invalid-field"
            case unroutableDeepLink = "unroutable-deep-link"
            case disallowedURL = "disallowed-url"
            case codeTaken = "code-taken"
            case notFound = "not-found"
            case unauthorized
            case insufficientScope = "insufficient-scope"
            case rateLimited = "rate-limited"
            case payloadTooLarge = "payload-too-large"
            case unsupportedMediaType = "unsupported-media-type"
            case storageUnavailable = "storage-unavailable"
            case methodNotAllowed = "method-not-allowed"
            case invalidBody = "invalid-body"
            case notAShortLink = "not-a-short-link"
            case linkExpired = "link-expired"
            case passwordRequired = "password-required"
        }

        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The body is not JSON, or not a JSON object.
        package static let invalidJSON = Code(.invalidJSON)
        /// A field is missing, of the wrong type, or out of range.
        package static let invalidField = Code(.invalidField)
        /// The deep link does not reach a route of the config.
        package static let unroutableDeepLink = Code(.unroutableDeepLink)
        /// A URL points somewhere the server never redirects to.
        package static let disallowedURL = Code(.disallowedURL)
        /// A link with the chosen code exists.
        package static let codeTaken = Code(.codeTaken)
        /// No such link.
        package static let notFound = Code(.notFound)
        /// No API key, an unknown key, or a revoked key.
        package static let unauthorized = Code(.unauthorized)
        /// The key is valid but its scopes do not allow the request; ``LinkServerError/scope`` names the one missing.
        package static let insufficientScope = Code(.insufficientScope)
        /// Too many writes from one key or address.
        package static let rateLimited = Code(.rateLimited)
        /// The body is larger than the limit.
        package static let payloadTooLarge = Code(.payloadTooLarge)
        /// The body is not `application/json`.
        package static let unsupportedMediaType = Code(.unsupportedMediaType)
        /// The database failed.
        package static let storageUnavailable = Code(.storageUnavailable)
        /// The path exists, but not for the request's method (HTTP 405, with `Allow`).
        package static let methodNotAllowed = Code(.methodNotAllowed)
        /// The body cannot be read: broken chunked framing or a transfer coding the server does not take.
        package static let invalidBody = Code(.invalidBody)

        /// A URL is not a short link of this server: another host, the root, or a path the server answers itself.
        package static let notAShortLink = Code(.notAShortLink)
        /// The link expired (HTTP 410).
        package static let linkExpired = Code(.linkExpired)
        /// The link asks for a password, which only its page in the browser takes (`POST /api/v1/opens`).
        package static let passwordRequired = Code(.passwordRequired)

        /// The code's stable name, e.g. `invalid-field`.
        package var description: String { value.rawValue }
    }

    /// The code.
    package let code: Code
    /// What is wrong and how to fix it.
    package let message: String
    /// The JSON path of the offending field, if any.
    package let field: String?
    /// Seconds until a rate-limited client may write again, or until the database may be back.
    package let retryAfter: Int?
    /// A URL for the client to open in the browser instead, such as an expired link's web fallback.
    package var openInBrowser: String?
    /// Every field error found in one request, this one first, when the request had several
    /// (``LinkEditor`` checks every field before refusing); empty otherwise.
    package var fieldErrors: [LinkServerError] = []
    /// For `insufficient-scope`: the scope the request needs.
    package var scope: APIKeyScope?

    /// The field errors to show: ``fieldErrors``, or this error alone when it names a field.
    package var allFieldErrors: [LinkServerError] {
        fieldErrors.isEmpty ? (field == nil ? [] : [self]) : fieldErrors
    }

    /// The `403` for a key whose scopes do not allow a request.
    /// - Parameters:
    ///   - scope: The scope the request needs.
    ///   - held: The key's scopes.
    ///   - what: What the request does, e.g. `change links`.
    package static func insufficientScope(_ scope: APIKeyScope, held: Set<APIKeyScope>, to what: String) -> LinkServerError {
        var error = LinkServerError(
            code: .insufficientScope,
            message: "this key may not \(what): that needs the scope \(scope.rawValue) (or admin), and the key holds \(APIKeyScope.list(held)); "
                + "create a key with that scope")
        error.scope = scope
        return error
    }

    /// The first of several field errors, carrying them all.
    /// - Parameter errors: The errors, at least one, in the order found.
    package static func fields(_ errors: [LinkServerError]) -> LinkServerError {
        var first = errors[0]
        if errors.count > 1 { first.fieldErrors = errors }
        return first
    }

    /// Creates an error.
    /// - Parameters:
    ///   - code: The code.
    ///   - message: What to fix.
    ///   - field: The offending field's JSON path.
    ///   - retryAfter: Seconds to wait, for `rate-limited` and `storage-unavailable`.
    package init(code: Code, message: String, field: String? = nil, retryAfter: Int? = nil) {
        self.code = code
        self.message = message
        self.field = field
        self.retryAfter = retryAfter
    }

    /// One line: `[code] field: message`.
    package var description: String {
        "[\(code)] " + (field.map { "\($0): " } ?? "") + message
    }
}
