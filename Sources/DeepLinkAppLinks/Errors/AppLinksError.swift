import DeepLinkCore
import Foundation

/// Why an App Links operation failed: link data that cannot be read, a navigation that has
/// nowhere to go, or a page that cannot be fetched.
///
/// `description` is one line, e.g.
/// `al_applink_data.target_url: expected an http or https URL, found "ftp://example.com"`.
/// Errors are equal when their code, message, URL and path are equal; the cause is not compared.
public struct AppLinksError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable kind of error. New codes may be added in minor releases.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name, e.g. `invalid-json`.
        public let name: String
        private init(_ name: String) { self.name = name }

        /// A URL has no `al_applink_data` query parameter.
        public static let missingAppLinkData = Code("missing-applink-data")
        /// `al_applink_data` is not valid JSON.
        public static let invalidJSON = Code("invalid-json")
        /// A value in `al_applink_data` has the wrong JSON type.
        public static let wrongType = Code("wrong-type")
        /// A required value in `al_applink_data` is missing.
        public static let missingValue = Code("missing-value")
        /// `al_applink_data` names a protocol version this library does not read.
        public static let unsupportedVersion = Code("unsupported-version")
        /// A URL is malformed or has a scheme that is not allowed where it appears.
        public static let invalidURL = Code("invalid-url")
        /// No app target can be opened and the page forbids falling back to the web.
        public static let noOpenableTarget = Code("no-openable-target")
        /// The server answered with a status other than 2xx.
        public static let httpStatus = Code("http-status")
        /// The server answered with something other than an HTML page.
        public static let unsupportedContentType = Code("unsupported-content-type")
        /// The page is larger than the resolver accepts.
        public static let responseTooLarge = Code("response-too-large")
        /// The server redirected more often than the resolver follows.
        public static let tooManyRedirects = Code("too-many-redirects")
        /// The server did not answer in time.
        public static let timedOut = Code("timed-out")
        /// The request failed before an answer arrived: no connection, DNS failure, TLS failure.
        public static let networkFailure = Code("network-failure")

        /// The code's name.
        public var description: String { name }
    }

    /// What kind of error this is.
    public let code: Code
    /// What is wrong and, where it helps, what to do instead.
    public let message: String
    /// The URL the error is about, when there is one: the page fetched or the URL decoded.
    public let url: URL?
    /// Where in `al_applink_data` the offending value is, when the error is about link data.
    public let path: JSONPath?
    /// The underlying error, when another layer reported one (a JSON syntax error, a URL error).
    public let cause: (any Error & Sendable)?

    /// Creates an error.
    /// - Parameters:
    ///   - code: What kind of error this is.
    ///   - message: What is wrong and what to do instead.
    ///   - url: The URL the error is about.
    ///   - path: Where in `al_applink_data` the offending value is.
    ///   - cause: The underlying error.
    public init(
        code: Code, message: String, url: URL? = nil, path: JSONPath? = nil, cause: (any Error & Sendable)? = nil
    ) {
        self.code = code
        self.message = message
        self.url = url
        self.path = path
        self.cause = cause
    }

    /// `path: message`, or the message alone when the error is not about a value in link data.
    public var description: String {
        guard let path else { return message }
        return "\(path): \(message)"
    }

    /// Compares code, message, URL and path.
    /// - Parameters:
    ///   - lhs: An error.
    ///   - rhs: Another error.
    public static func == (lhs: AppLinksError, rhs: AppLinksError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message && lhs.url == rhs.url && lhs.path == rhs.path
    }

    /// Hashes code, message, URL and path.
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
        hasher.combine(url)
        hasher.combine(path)
    }

    /// The same error, about an incoming URL.
    func about(_ url: URL) -> AppLinksError {
        AppLinksError(code: code, message: message, url: url, path: path, cause: cause)
    }

    /// The error as a JSON object for `--json` output: `code`, `message`, and `url`, `path` when known.
    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = ["code": .string(code.name), "message": .string(message)]
        if let url { object["url"] = .string(url.absoluteString) }
        if let path { object["path"] = .string(path.description) }
        return .object(object)
    }
}
