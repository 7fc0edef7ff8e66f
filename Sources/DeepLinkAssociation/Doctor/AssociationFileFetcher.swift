import Foundation

/// Fetches association files for ``AssociationDoctor``: the seam that lets tests and other HTTP
/// stacks stand in for ``URLSessionAssociationFileFetcher``.
public protocol AssociationFileFetcher: Sendable {
    /// Sends one `GET` and returns the response as it came, without following redirects:
    /// Apple's and Google's verifiers do not follow them, so a redirect must be seen as one.
    /// - Parameter url: The file's URL.
    /// - Returns: The status, headers and body.
    /// - Throws: Any error that prevented a response (DNS, TLS, timeout).
    func fetch(_ url: URL) async throws -> FetchedResponse
}

/// One HTTP response.
public struct FetchedResponse: Sendable, Hashable {
    /// The URL that was fetched.
    public let url: URL
    /// The HTTP status code.
    public let statusCode: Int
    /// The headers, names lowercased.
    public let headers: [String: String]
    /// The body.
    public let body: Data

    /// Creates a response.
    /// - Parameters:
    ///   - url: The URL that was fetched.
    ///   - statusCode: The HTTP status code.
    ///   - headers: The headers; names are lowercased.
    ///   - body: The body.
    public init(url: URL, statusCode: Int, headers: [String: String], body: Data) {
        self.url = url
        self.statusCode = statusCode
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// A header's value.
    /// - Parameter name: The header's name, in any case.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}
