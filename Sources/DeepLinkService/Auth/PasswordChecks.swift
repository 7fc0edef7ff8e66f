import Foundation

/// Checks dashboard passwords off the server's request threads, a bounded number at a time.
///
/// A bcrypt check costs about a quarter of a second of one core (cost 12). Run where requests are
/// served, a few failed sign-ins at once held every thread of the cooperative pool and stalled
/// every other request; here checks run one at a time on a thread of their own, and past
/// ``maximumWaiting`` checks waiting, a sign-in is refused at once instead of queued. `Sendable`.
package final class PasswordChecks: Sendable {
    /// Why a check did not run.
    package typealias Busy = BoundedWorkQueue.Busy

    private let queue: BoundedWorkQueue

    /// A bcrypt hash (cost 12) of a random text nobody knows: a sign-in with an unknown name is
    /// checked against it, so that it takes as long as one with a known name and does not tell
    /// which names exist.
    package static let unknownNameHash = "$2b$12$DcoZcrHL7kun2jQ5fY8a7.5ZD6fARxurvcr8yP4AnALq2829AFNsy"

    /// Creates the checks.
    /// - Parameter maximumWaiting: The most checks waiting or running at once. Default: 8, about
    ///   two seconds of waiting for the last.
    package init(maximumWaiting: Int = 8) {
        queue = BoundedWorkQueue(label: "deeplink.password-checks", maximumWaiting: maximumWaiting)
    }

    /// The most checks waiting or running; past it, ``verify(_:hash:)`` answers ``Busy`` at once.
    package var maximumWaiting: Int { queue.maximumWaiting }

    /// How many checks are waiting or running.
    package var inFlight: Int { queue.inFlight }

    /// How many checks have run.
    package var checksRun: Int { queue.piecesRun }

    /// Whether a password matches a stored bcrypt hash, checked on the checks' own thread.
    /// - Parameters:
    ///   - password: The password given.
    ///   - hash: The stored hash; ``unknownNameHash`` for a name that does not exist.
    /// - Throws: ``Busy`` when ``maximumWaiting`` checks are waiting or running already.
    package func verify(_ password: String, hash: String) async throws(Busy) -> Bool {
        try await queue.run { DashboardPassword.verify(password, hash: hash) }
    }
}
