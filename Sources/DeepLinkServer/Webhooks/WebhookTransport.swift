import AsyncHTTPClient
import DeepLinkService
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

/// Posts with AsyncHTTPClient: redirects are not followed (a 3xx is a failed attempt), only the
/// first ``maximumResponseBytes`` of an answer are read, and a host name connects to the address
/// that was checked (``HTTPClient/Configuration/dnsOverride``) while TLS still verifies the name.
///
/// One client per checked host and address serves every delivery to it (issue 43), so deliveries
/// to one endpoint reuse its connections instead of opening one per attempt: the client's DNS
/// override is the pin, so a name that now resolves elsewhere gets a client of its own. Idle
/// connections are closed after ``idleConnectionTimeout`` (below the 5 s that Node.js servers
/// keep one, so the receiver does not close it under a new request), and a client unused for
/// ``unusedClientLifetime`` is shut down. The clients are the process's, like
/// `HTTPClient.shared`, so they need no shutdown of their own.
package struct HTTPWebhookTransport: WebhookTransport {
    /// The most bytes of an answer's body read.
    static let maximumResponseBytes = 4096
    /// The most characters of an answer's body kept in the delivery log.
    static let keptResponseCharacters = 300
    /// How long a connection is kept open between deliveries.
    static let idleConnectionTimeout = TimeAmount.seconds(4)
    /// How long a client is kept without a delivery.
    static let unusedClientLifetime = Duration.seconds(120)

    /// The clients, by host, checked address and connect timeout.
    private static let clients = WebhookClients()

    /// A transport.
    package init() {}

    package func post(url: String, host: String, address: IPAddress, headers: [(String, String)], body: String, timeout: Duration) async -> WebhookAttempt {
        let seconds = Int64(WebhookRetryPolicy.seconds(timeout).rounded(.up))
        let client = Self.clients.client(
            for: WebhookClients.Pin(host: IPAddress(host) == nil ? host : nil, writtenHost: URL(string: url)?.host, address: address.text, connectTimeout: min(seconds, 5)))
        // The whole attempt, answer included, within the timeout: a receiver that trickles its
        // answer is cut off (the client stops when its task is cancelled).
        return await withTaskGroup(of: WebhookAttempt?.self) { group in
            group.addTask { await Self.post(client: client, url: url, headers: headers, body: body, timeout: seconds) }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return Task.isCancelled ? nil : WebhookAttempt(status: nil, error: "no complete answer within \(seconds) s")
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? WebhookAttempt(status: nil, error: "no complete answer within \(seconds) s")
        }
    }

    /// How many clients are kept: one per pinned host and address in use.
    static var clientCount: Int { clients.count }

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

/// The webhook transport's HTTP clients, one per ``Pin``, made on first use and shut down when
/// unused for ``HTTPWebhookTransport/unusedClientLifetime``. `Sendable`.
final class WebhookClients: Sendable {
    /// What a client is made for: the checked address a host name connects to.
    struct Pin: Hashable, Sendable {
        /// The URL's host name, lowercased as checked; `nil` for an address, which needs no pin.
        var host: String?
        /// The host as the URL writes it, which the client looks the override up by.
        var writtenHost: String?
        /// The checked address.
        var address: String
        /// Seconds a connection may take.
        var connectTimeout: Int64
    }

    private struct Kept {
        let client: HTTPClient
        var lastUsed: ContinuousClock.Instant
    }

    private let kept = Mutex([Pin: Kept]())

    /// The client for a pin, made now if there is none; clients unused for long are shut down.
    func client(for pin: Pin) -> HTTPClient {
        let now = ContinuousClock.now
        let (client, unused) = kept.withLock { kept -> (HTTPClient, [HTTPClient]) in
            let stale = kept.filter { now - $0.value.lastUsed > HTTPWebhookTransport.unusedClientLifetime }
            for pin in stale.keys { kept[pin] = nil }
            if var entry = kept[pin] {
                entry.lastUsed = now
                kept[pin] = entry
                return (entry.client, stale.values.map(\.client))
            }
            let client = Self.makeClient(pin)
            kept[pin] = Kept(client: client, lastUsed: now)
            return (client, stale.values.map(\.client))
        }
        for client in unused { Task { try? await client.shutdown() } }
        return client
    }

    /// How many clients are kept.
    var count: Int { kept.withLock { $0.count } }

    /// Shuts every client down, for a set of clients made apart from the transport's (a test's).
    func shutdown() async {
        let clients = kept.withLock { kept in
            defer { kept.removeAll() }
            return kept.values.map(\.client)
        }
        for client in clients { try? await client.shutdown() }
    }

    private static func makeClient(_ pin: Pin) -> HTTPClient {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: .seconds(pin.connectTimeout)),
            // Endpoints on one host share its client: its pool opens as many connections as the
            // sender has slots (AsyncHTTPClient's default is 8 per host), so the connections one
            // endpoint's unanswered requests hold are never another endpoint's wait.
            connectionPool: .init(
                idleTimeout: HTTPWebhookTransport.idleConnectionTimeout, concurrentHTTP1ConnectionsPerHostSoftLimit: WebhookSender.defaultConcurrency))
        if let host = pin.host {
            // The client looks the override up by the URL's host as written, which may differ in
            // case from the checked (lowercased) one: both point at the checked address.
            var overrides = [host: pin.address]
            if let written = pin.writtenHost { overrides[written] = pin.address }
            configuration.dnsOverride = overrides
        }
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }
}
