import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default ``DeferredLinkTransport``: an ephemeral `URLSession`, so no cookie or cache of
/// the claim stays on the device.
public struct URLSessionDeferredLinkTransport: DeferredLinkTransport {
    /// How long to wait for the response, in seconds.
    public let timeout: TimeInterval
    private let session: URLSession

    /// Creates a transport.
    /// - Parameter timeout: How long to wait for the response, in seconds. Default: 15.
    public init(timeout: TimeInterval = 15) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        self.timeout = timeout
        self.session = URLSession(configuration: configuration)
    }

    /// Sends one `POST` with `Content-Type: application/json` and `Accept: application/json`.
    /// - Parameters:
    ///   - body: The JSON body.
    ///   - endpoint: The claim endpoint.
    /// - Returns: The status, headers and body.
    /// - Throws: The `URLSession` error when no response arrived, or `URLError(.badServerResponse)`
    ///   when the response is not HTTP.
    public func post(_ body: Data, to endpoint: URL) async throws -> DeferredLinkTransportResponse {
        var request = URLRequest(url: endpoint, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try await session.data(for: request)
        guard let response = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return DeferredLinkTransportResponse(statusCode: response.statusCode, headers: headers, body: data)
    }
}
