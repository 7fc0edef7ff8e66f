import Foundation

/// A deferred deep link that could not be claimed, with what went wrong and whether to retry.
///
/// Every error leaves the claim open: the next call to
/// ``DeferredLinkClaimer/claimOnFirstLaunch(from:signals:)`` asks the server again. Only an
/// answer from the server (a match or no match) closes it.
public struct DeferredLinkError: Error, Sendable, CustomStringConvertible {
    /// A stable, machine-readable kind of error. New codes may be added in minor releases.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name, e.g. `rate-limited`.
        public let name: String
        private init(_ name: String) { self.name = name }

        /// The endpoint is neither `https` nor plain `http` to this device (`127.0.0.1`,
        /// `localhost`, `::1`).
        public static let invalidEndpoint = Code("invalid-endpoint")
        /// No response arrived: no network, DNS, TLS, timeout. ``DeferredLinkError/cause`` says which.
        public static let unreachable = Code("unreachable")
        /// The server asks to slow down (`429`); ``DeferredLinkError/retryAfter`` says for how long.
        public static let rateLimited = Code("rate-limited")
        /// The server failed (`5xx`); retry on a later launch.
        public static let serverError = Code("server-error")
        /// The server refused the request (`4xx`), e.g. a field it does not accept;
        /// ``DeferredLinkError/serverCode`` and ``DeferredLinkError/field`` say why.
        public static let requestRejected = Code("request-rejected")
        /// The server answered with something that is not a claim answer: another status, or
        /// a body that is not the expected JSON.
        public static let badResponse = Code("bad-response")

        /// The code's name.
        public var description: String { name }
    }

    /// What kind of error this is.
    public let code: Code
    /// What is wrong and, where it helps, what to do instead.
    public let message: String
    /// The claim endpoint the request went to.
    public let endpoint: URL
    /// The HTTP status the server answered with, if it answered.
    public let statusCode: Int?
    /// The server's own error code, e.g. `invalid-field`, when its error body had one.
    public let serverCode: String?
    /// The request field the server refused, e.g. `token`, when its error body named one.
    public let field: String?
    /// How long the server asks to wait before the next claim, from `Retry-After`.
    public let retryAfter: Duration?
    /// The underlying error, e.g. the transport's.
    public let cause: (any Error)?

    /// Creates an error.
    /// - Parameters:
    ///   - code: What kind of error this is.
    ///   - message: What is wrong and what to do instead.
    ///   - endpoint: The claim endpoint.
    ///   - statusCode: The HTTP status, if the server answered.
    ///   - serverCode: The server's own error code.
    ///   - field: The request field the server refused.
    ///   - retryAfter: How long the server asks to wait.
    ///   - cause: The underlying error.
    public init(
        code: Code, message: String, endpoint: URL, statusCode: Int? = nil, serverCode: String? = nil,
        field: String? = nil, retryAfter: Duration? = nil, cause: (any Error)? = nil
    ) {
        self.code = code
        self.message = message
        self.endpoint = endpoint
        self.statusCode = statusCode
        self.serverCode = serverCode
        self.field = field
        self.retryAfter = retryAfter
        self.cause = cause
    }

    /// `claim at ENDPOINT: message`.
    public var description: String { "claim at \(endpoint.absoluteString): \(message)" }
}
