import Foundation
import Synchronization

/// Runs costly synchronous work (a bcrypt check, drawing a QR code) one piece at a time on a
/// thread of its own, off the cooperative pool that serves requests, and refuses work at once
/// past a bound instead of queueing it without end.
///
/// Run on the pool, a few such pieces at once hold every one of its threads (one per core) and
/// stall every other request; here they wait on a serial queue while the pool goes on. `Sendable`.
package final class BoundedWorkQueue: Sendable {
    /// Why a piece of work did not run: ``maximumWaiting`` were waiting or running already.
    package struct Busy: Error, Sendable {}

    /// The most pieces waiting or running; past it, ``run(_:)`` answers ``Busy`` at once.
    package let maximumWaiting: Int
    private let queue: DispatchQueue
    private let waiting = Mutex(0)
    private let finished = Atomic(0)

    /// Creates a queue.
    /// - Parameters:
    ///   - label: The thread's name, seen in a debugger or a profile.
    ///   - maximumWaiting: The most pieces waiting or running at once (at least 1).
    package init(label: String, maximumWaiting: Int) {
        queue = DispatchQueue(label: label, qos: .utility)
        self.maximumWaiting = max(1, maximumWaiting)
    }

    /// How many pieces are waiting or running.
    package var inFlight: Int { waiting.withLock { $0 } }

    /// How many pieces have run.
    package var piecesRun: Int { finished.load(ordering: .relaxed) }

    /// Runs `work` on the queue's thread after the pieces before it, and returns its result.
    /// - Throws: ``Busy`` when ``maximumWaiting`` pieces are waiting or running already.
    package func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async throws(Busy) -> Result {
        let admitted = waiting.withLock { count -> Bool in
            guard count < maximumWaiting else { return false }
            count += 1
            return true
        }
        guard admitted else { throw Busy() }
        let queue = self.queue
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result, Never>) in
            queue.async { continuation.resume(returning: work()) }
        }
        waiting.withLock { $0 -= 1 }
        finished.add(1, ordering: .relaxed)
        return result
    }
}
