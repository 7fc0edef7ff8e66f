import Foundation
import HTTPTypes
import Hummingbird

/// Finds a request's client address: the last entry of a trusted reverse proxy's header when
/// one is configured (the address the proxy saw), otherwise the connection's peer. Used for rate
/// limits and probabilistic matching; never stored. A `Sendable` value.
struct ClientAddressReader: Sendable {
    /// The trusted proxy's header, or `nil` to use the connection's peer.
    let header: HTTPField.Name?

    /// The client's address, or `nil` when it is unknown (in-process tests, a missing header).
    func address(of request: Request, context: ServerRequestContext) -> String? {
        if let header {
            return request.headers[header]?.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return context.remoteAddress?.ipAddress
    }
}
