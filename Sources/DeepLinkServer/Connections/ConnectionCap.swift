import DeepLinkService
import Synchronization

/// How many connections each client address holds open, shared by every connection of one
/// server, so one address cannot take every descriptor the process has. `Sendable`.
///
/// The address is the connection's peer, not a forwarded header: behind a reverse proxy every
/// connection comes from the proxy, so the cap is turned off there (a limit of zero) and the
/// proxy caps its clients itself.
final class ConnectionCap: Sendable {
    /// The most connections one address may hold; zero for no cap.
    let limit: Int
    private let open = Mutex([String: Int]())

    /// Creates a cap of `limit` connections per address; zero turns it off.
    init(limit: Int) {
        self.limit = limit
    }

    /// Counts a new connection from `address`, unless the address holds `limit` already.
    /// - Returns: Whether the connection may stay open.
    func admit(_ address: String) -> Bool {
        open.withLock { open in
            let count = open[address, default: 0]
            guard count < limit else { return false }
            open[address] = count + 1
            return true
        }
    }

    /// Forgets one connection from `address`.
    func release(_ address: String) {
        open.withLock { open in
            let count = open[address, default: 0] - 1
            open[address] = count > 0 ? count : nil
        }
    }

    /// The connections open from `address`, for tests and metrics.
    func openConnections(from address: String) -> Int {
        open.withLock { $0[address, default: 0] }
    }
}
