import DeepLinkService
import HTTPTypes
import Hummingbird

/// Refuses a request without exactly one `Host` with `400`, as RFC 9112 (section 3.2) asks of a
/// server: the association files, the dashboard's same-origin checks and the links' own URLs all
/// read the host, and two of them could be read differently by the server and a proxy in front.
/// HTTP/1.0 clients must send `Host` too (health checks included). One of the rules of
/// ``FrontDoorMiddleware``.
struct HostHeaderRule: Sendable {
    /// `Host`, made once: building a field name checks its characters, which every request would pay.
    private static let host = HTTPField.Name("Host")!

    /// Throws the `400` for a request without exactly one `Host`.
    func check(_ request: Request) throws(LinkServerError) {
        // The HTTP/1 decoder moves the first `Host` into `authority`; a second one stays among the headers.
        guard request.head.authority != nil, !request.headers.contains(Self.host) else {
            throw LinkServerError(
                code: .invalidBody,
                message: request.head.authority == nil ? "the request has no Host header; send one" : "the request has more than one Host header")
        }
    }
}
