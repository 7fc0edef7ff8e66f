import Foundation

/// The server's response to a claim request, as a ``DeferredLinkTransport`` received it.
public struct DeferredLinkTransportResponse: Sendable, Hashable {
    /// The HTTP status code.
    public let statusCode: Int
    /// The headers, names lowercased.
    public let headers: [String: String]
    /// The body.
    public let body: Data

    /// Creates a response.
    /// - Parameters:
    ///   - statusCode: The HTTP status code.
    ///   - headers: The headers; names are lowercased.
    ///   - body: The body.
    public init(statusCode: Int, headers: [String: String] = [:], body: Data = Data()) {
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
