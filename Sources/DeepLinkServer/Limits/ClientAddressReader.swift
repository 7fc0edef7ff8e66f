import DeepLinkService
import Foundation
import HTTPTypes
import Hummingbird

/// Finds a request's client address: with trusted reverse proxies, the entry of their header
/// that the outermost one added (the last entry for one proxy, the one before it for a CDN in
/// front of a load balancer); otherwise the connection's peer. Used for rate limits and
/// probabilistic matching; never stored. A `Sendable` value.
struct ClientAddressReader: Sendable {
    /// The trusted proxies' header, or `nil` to use the connection's peer.
    let header: HTTPField.Name?
    /// How many trusted proxies append to the header, at least 1.
    var trustedProxies = 1

    /// The client's address, or `nil` when it is unknown (in-process tests, a missing header).
    func address(of request: Request, context: ServerRequestContext) -> String? {
        if let header {
            guard let entries = request.headers[header]?.split(separator: ","), entries.count >= trustedProxies else { return nil }
            return entries[entries.count - trustedProxies].trimmingCharacters(in: .whitespaces)
        }
        return context.remoteAddress?.ipAddress
    }
}
