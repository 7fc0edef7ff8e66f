import AsyncHTTPClient
import DeepLinkService
import Foundation
import NIOCore
import NIOHTTP1

/// Posts with AsyncHTTPClient: redirects are not followed (a 3xx is a failed attempt), only the
/// first ``maximumResponseBytes`` of an answer are read, and a host name connects to the address
/// that was checked (``HTTPClient/Configuration/dnsOverride``) while TLS still verifies the name.
package struct HTTPWebhookTransport: WebhookTransport {
    /// The most bytes of an answer's body read.
    static let maximumResponseBytes = 4096
    /// The most characters of an answer's body kept in the delivery log.
    static let keptResponseCharacters = 300

    /// A transport.
    package init() {}

    package func post(url: String, host: String, address: IPAddress, headers: [(String, String)], body: String, timeout: Duration) async -> WebhookAttempt {
        let seconds = Int64(WebhookRetryPolicy.seconds(timeout).rounded(.up))
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: .seconds(min(seconds, 5)), read: .seconds(seconds)))
        if IPAddress(host) == nil {
            // The client looks the override up by the URL's host as written, which may differ in
            // case from the checked (lowercased) one: both point at the checked address.
            var overrides = [host: address.text]
            if let written = URL(string: url)?.host { overrides[written] = address.text }
            configuration.dnsOverride = overrides
        }
        configuration.connectionPool = .init(idleTimeout: .seconds(1))
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        // The whole attempt, answer included, within the timeout: a receiver that trickles its
        // answer is cut off (the client stops when its task is cancelled).
        let attempt = await withTaskGroup(of: WebhookAttempt?.self) { group in
            group.addTask { await Self.post(client: client, url: url, headers: headers, body: body, timeout: seconds) }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return Task.isCancelled ? nil : WebhookAttempt(status: nil, error: "no complete answer within \(seconds) s")
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? WebhookAttempt(status: nil, error: "no complete answer within \(seconds) s")
        }
        try? await client.shutdown()
        return attempt
    }

    private static func post(client: HTTPClient, url: String, headers: [(String, String)], body: String, timeout: Int64) async -> WebhookAttempt {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(string: body))
        do {
            let response = try await client.execute(request, timeout: .seconds(timeout))
            let status = Int(response.status.code)
            // A 2xx is the receiver's answer: its body is not read.
            guard !(200..<300).contains(status) else { return WebhookAttempt(status: status, error: nil) }
            var read = ByteBuffer()
            // Only the start of the answer: a receiver cannot make the server read megabytes.
            for try await part in response.body {
                var part = part
                read.writeBuffer(&part)
                if read.readableBytes >= maximumResponseBytes { break }
            }
            let text = String(decoding: read.readableBytesView.prefix(maximumResponseBytes), as: UTF8.self)
            // Control, invisible and bidirectional characters become spaces: the log shows what was sent, not a reordered line.
            let excerpt = text.unicodeScalars.prefix(keptResponseCharacters).map { scalar in
                [.control, .format].contains(scalar.properties.generalCategory) ? " " : String(scalar)
            }.joined()
            var message = "HTTP \(status)"
            if (300..<400).contains(status) {
                message += ", a redirect" + (response.headers.first(name: "location").map { " to \($0.prefix(200))" } ?? "") + ", which is not followed"
            }
            if !excerpt.trimmingCharacters(in: .whitespaces).isEmpty { message += ": \(excerpt)" }
            return WebhookAttempt(status: status, error: message)
        } catch {
            return WebhookAttempt(status: nil, error: "\(error)".prefix(300).description)
        }
    }
}
