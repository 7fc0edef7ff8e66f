import Foundation

/// Sends a claim request to the server: the seam that lets tests and other HTTP stacks stand in
/// for ``URLSessionDeferredLinkTransport``.
public protocol DeferredLinkTransport: Sendable {
    /// Sends one `POST` with a JSON body and returns the response as it came.
    /// - Parameters:
    ///   - body: The JSON body, sent with `Content-Type: application/json`.
    ///   - endpoint: The claim endpoint.
    /// - Returns: The status, headers and body.
    /// - Throws: Any error that prevented a response (no network, DNS, TLS, timeout).
    func post(_ body: Data, to endpoint: URL) async throws -> DeferredLinkTransportResponse
}
