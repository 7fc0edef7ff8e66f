/// A request the link server refuses: a stable code, a message that says what to fix, and the
/// offending field (a JSON path such as `fallbacks.webURL`) when there is one. A `Sendable` value.
public struct LinkServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable error code; new codes may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable {
            case invalidJSON = "invalid-json"
            case invalidField = "invalid-field"
            case unroutableDeepLink = "unroutable-deep-link"
            case disallowedURL = "disallowed-url"
            case codeTaken = "code-taken"
            case notFound = "not-found"
            case unauthorized
            case rateLimited = "rate-limited"
            case payloadTooLarge = "payload-too-large"
            case unsupportedMediaType = "unsupported-media-type"
            case storageUnavailable = "storage-unavailable"
            case methodNotAllowed = "method-not-allowed"
            case invalidBody = "invalid-body"
        }

        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The body is not JSON, or not a JSON object.
        public static let invalidJSON = Code(.invalidJSON)
        /// A field is missing, of the wrong type, or out of range.
        public static let invalidField = Code(.invalidField)
        /// The deep link does not reach a route of the config.
        public static let unroutableDeepLink = Code(.unroutableDeepLink)
        /// A URL points somewhere the server never redirects to.
        public static let disallowedURL = Code(.disallowedURL)
        /// A link with the chosen code exists.
        public static let codeTaken = Code(.codeTaken)
        /// No such link.
        public static let notFound = Code(.notFound)
        /// No API key, an unknown key, or a revoked key.
        public static let unauthorized = Code(.unauthorized)
        /// Too many writes from one key or address.
        public static let rateLimited = Code(.rateLimited)
        /// The body is larger than the limit.
        public static let payloadTooLarge = Code(.payloadTooLarge)
        /// The body is not `application/json`.
        public static let unsupportedMediaType = Code(.unsupportedMediaType)
        /// The database failed.
        public static let storageUnavailable = Code(.storageUnavailable)
        /// The path exists, but not for the request's method (HTTP 405, with `Allow`).
        public static let methodNotAllowed = Code(.methodNotAllowed)
        /// The body cannot be read: broken chunked framing or a transfer coding the server does not take.
        public static let invalidBody = Code(.invalidBody)

        /// The code's stable name, e.g. `invalid-field`.
        public var description: String { value.rawValue }
    }

    /// The code.
    public let code: Code
    /// What is wrong and how to fix it.
    public let message: String
    /// The JSON path of the offending field, if any.
    public let field: String?
    /// Seconds until a rate-limited client may write again, or until the database may be back.
    public let retryAfter: Int?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The code.
    ///   - message: What to fix.
    ///   - field: The offending field's JSON path.
    ///   - retryAfter: Seconds to wait, for `rate-limited` and `storage-unavailable`.
    public init(code: Code, message: String, field: String? = nil, retryAfter: Int? = nil) {
        self.code = code
        self.message = message
        self.field = field
        self.retryAfter = retryAfter
    }

    /// One line: `[code] field: message`.
    public var description: String {
        "[\(code)] " + (field.map { "\($0): " } ?? "") + message
    }
}
