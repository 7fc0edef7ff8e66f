import DeepLinkCore
import Foundation

/// A transport that answers from a script, records what it was sent, and can hold its answers
/// until a test lets them go.
actor FakeDeferredLinkTransport: DeferredLinkTransport {
    /// One scripted answer.
    enum Reply: Sendable {
        case response(DeferredLinkTransportResponse)
        case failure(URLError)
    }

    /// One request as the transport received it.
    struct Sent: Sendable {
        let body: Data
        let endpoint: URL

        /// The body parsed, for comparing with the expected JSON whatever the key order.
        var json: JSONValue {
            get throws { try JSONValue(parsing: String(decoding: body, as: UTF8.self)) }
        }
    }

    private var replies: [Reply]
    private(set) var sent: [Sent] = []
    private var holding: Bool
    private var held: [CheckedContinuation<Void, Never>] = []

    /// - Parameters:
    ///   - replies: The answers, in order; the last one repeats.
    ///   - holding: Whether to wait for ``release()`` before answering.
    init(_ replies: Reply..., holding: Bool = false) {
        self.replies = replies
        self.holding = holding
    }

    /// A transport that answers `200` with a JSON body.
    init(answering json: String) {
        self.init(.json(json))
    }

    func post(_ body: Data, to endpoint: URL) async throws -> DeferredLinkTransportResponse {
        sent.append(Sent(body: body, endpoint: endpoint))
        if holding { await withCheckedContinuation { held.append($0) } }
        let reply = replies.count > 1 ? replies.removeFirst() : replies[0]
        switch reply {
        case .response(let response): return response
        case .failure(let error): throw error
        }
    }

    /// Answers the held requests, and every later one at once.
    func release() {
        holding = false
        held.forEach { $0.resume() }
        held.removeAll()
    }
}

extension FakeDeferredLinkTransport.Reply {
    /// A JSON answer.
    static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Self {
        .response(
            DeferredLinkTransportResponse(
                statusCode: status, headers: headers.merging(["Content-Type": "application/json"]) { own, _ in own },
                body: Data(text.utf8)))
    }
}

/// A 32-character token.
let sampleToken = "k3Jd9_sLq-2mZx8vWpR4tY7uB1nC5eH0"

/// The server's answer for a token match of the `summer` link.
let tokenMatchJSON = """
    {"match": "token", "deepLink": "shop://sales/3", "link": {"code": "summer", "campaign": "summer-2026", \
    "utm": {"source": "mail", "medium": "email", "campaign": "s", "term": null, "content": null}, \
    "clickedAt": "2026-11-22T10:00:00Z"}}
    """

/// The claim endpoint tests use.
let claimEndpoint = URL(string: "https://links.shop.example.com/api/v1/deferred/claim")!
