/// What one attempt to post a message got. A `Sendable` value.
package struct WebhookAttempt: Sendable, Hashable {
    /// The answer's status, or `nil` when there was none.
    package var status: Int?
    /// What went wrong: the failure, or for a status outside 2xx the start of the answer's body.
    package var error: String?

    /// An attempt's result.
    package init(status: Int?, error: String?) {
        self.status = status
        self.error = error
    }

    /// Whether the receiver took the message: a 2xx answer.
    package var succeeded: Bool { status.map { (200..<300).contains($0) } ?? false }
}

/// Posts one message to one URL, connecting to an address the caller checked: the seam between
/// the ``WebhookSender`` and an HTTP client (the server's is AsyncHTTPClient). `Sendable`.
package protocol WebhookTransport: Sendable {
    /// Posts a body with headers.
    /// - Parameters:
    ///   - url: The endpoint's URL.
    ///   - host: The URL's host.
    ///   - address: The checked address to connect to in place of resolving `host` again.
    ///   - headers: The message's headers.
    ///   - body: The JSON body.
    ///   - timeout: How long connecting and answering may take together.
    func post(url: String, host: String, address: IPAddress, headers: [(String, String)], body: String, timeout: Duration) async -> WebhookAttempt
}
