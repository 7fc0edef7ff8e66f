import PostgresNIO
import Synchronization

/// Tells work on a pooled connection that the connection has closed. `Sendable`.
///
/// PostgresNIO 1.33 writes a query to its connection's channel without a promise of its own
/// (`channel.write(_, promise: nil)`), and a channel that has closed has no handlers left to fail
/// it: the write is dropped and `query` never returns, even when cancelled. The pool learns that a
/// connection closed only after the channel dropped its handlers, so work can get a connection the
/// server has just ended (as it ends every session when the database shuts down) and send its
/// query after the channel dropped them. Its request then waited for ever: the suite's outage test
/// hung in its first `/healthz` after stopping the database. The connection's `closeFuture` is
/// the one sign; it completes whenever such a write can have been dropped.
///
/// Each connection's future gets one callback, however many leases it serves: a callback per
/// lease would pile up on a connection that stays open for days.
final class ConnectionCloseWatch: Sendable {
    private struct State {
        /// What runs when each watched connection closes, by connection, then by registration.
        var watched: [ObjectIdentifier: [Int: @Sendable () -> Void]] = [:]
        var nextRegistration = 0
    }

    private let state = Mutex(State())

    /// One request to hear of a connection's close; ``end()`` it when the work is done.
    struct Registration: Sendable {
        fileprivate let watch: ConnectionCloseWatch
        fileprivate let connection: ObjectIdentifier
        fileprivate let id: Int

        /// Stops the request: the connection's close, if it comes later, no longer runs its action.
        func end() {
            _ = watch.state.withLock { $0.watched[connection]?.removeValue(forKey: id) }
        }
    }

    /// Runs `onClose` once `connection` has closed, soon after this call if it already has, unless
    /// the registration has ended by then.
    /// - Parameters:
    ///   - connection: The connection.
    ///   - onClose: What to do when it closes; runs on its event loop, so it must return at once.
    /// - Returns: The registration, to end when the work on the connection is done.
    func watch(_ connection: PostgresConnection, onClose: @escaping @Sendable () -> Void) -> Registration {
        let key = ObjectIdentifier(connection)
        let (id, isFirst) = state.withLock { state in
            let id = state.nextRegistration
            state.nextRegistration += 1
            let isFirst = state.watched[key] == nil
            state.watched[key, default: [:]][id] = onClose
            return (id, isFirst)
        }
        if isFirst {
            // Holds the connection until it has closed, so that its identifier is not reused while
            // it is still in the table.
            connection.closeFuture.whenComplete { [self] _ in
                let actions = state.withLock { $0.watched.removeValue(forKey: ObjectIdentifier(connection)) } ?? [:]
                for action in actions.values { action() }
            }
        }
        return Registration(watch: self, connection: key, id: id)
    }
}
