import DeepLinkCore
import Foundation

/// A monotonic clock that moves only when a test advances it, for the package's time-based parts
/// (``MonotonicClock``): their sleeps end when the test moves past their deadline, so a test of a
/// cache's lifetime or a flush interval takes no time and cannot miss a margin.
public final class TestClock: MonotonicClock, @unchecked Sendable {
    private struct Sleeper {
        let id: Int
        let deadline: ContinuousClock.Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = ContinuousClock.now
    private var sleepers: [Sleeper] = []
    private var nextID = 0

    /// Starts the clock at the system clock's reading.
    public init() {}

    /// The current reading.
    public var now: ContinuousClock.Instant { lock.withLock { current } }

    /// How many tasks are sleeping on the clock now.
    public var sleeping: Int { lock.withLock { sleepers.count } }

    /// Moves the clock forward and wakes every sleeper whose deadline it reached.
    /// - Parameter duration: How far.
    public func advance(by duration: Duration) {
        let woken = lock.withLock {
            current += duration
            let now = current
            let due = sleepers.filter { $0.deadline <= now }
            sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// Waits, without the clock moving, until at least `count` tasks sleep on it: a component's
    /// loop has reached its wait.
    /// - Parameter count: How many sleepers.
    public func waitForSleepers(_ count: Int = 1) async {
        while sleeping < count { await Task.yield() }
    }

    /// Sleeps until the clock is advanced to `deadline`; see ``MonotonicClock``.
    public func sleep(until deadline: ContinuousClock.Instant) async throws {
        let id = lock.withLock {
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Bool = lock.withLock {
                    if current >= deadline || Task.isCancelled { return true }
                    sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if resumeNow {
                    if Task.isCancelled { continuation.resume(throwing: CancellationError()) } else { continuation.resume() }
                }
            }
        } onCancel: {
            let cancelled = lock.withLock { () -> Sleeper? in
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }
}
