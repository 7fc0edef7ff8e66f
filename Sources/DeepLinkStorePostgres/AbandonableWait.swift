import Synchronization

/// Waits for work running in a task of its own, and can stop waiting for it.
///
/// A request for a pooled connection was raced against a timer in a task group, and a task group
/// waits for all of its children. PostgresNIO's `leaseConnection()` checks `Task.isCancelled` and
/// then queues the request; a cancellation that lands between the two finds nothing to cancel, and
/// the queued request waits until a connection is free: during an outage, until the pool is shut
/// down after it. The caller waited with it, past the timer, for the whole outage. Here the caller
/// stops waiting as soon as `giveUp` says so; the work is cancelled and left to end on its own,
/// and what it returns then is dropped.
///
/// Work that has started can also find that it will never end, and stop the wait itself: a query
/// written to a connection whose channel has just closed is dropped by PostgresNIO unanswered
/// (see ``ConnectionCloseWatch``).
enum AbandonableWait {
    /// Runs `work` in a new task and returns what it returns, unless `giveUp` gives an error first
    /// (when `timeout` has passed, or when the calling task is cancelled) or the work stops the
    /// wait with one.
    /// - Parameters:
    ///   - timeout: How long to wait before asking `giveUp`.
    ///   - giveUp: The error to stop waiting with, or `nil` to keep waiting (the work has started,
    ///     and ends or stops the wait itself); told whether the caller was cancelled (else the
    ///     timeout passed). Asked at most once, at whichever comes first, while a lock is held: it
    ///     must return at once.
    ///   - sleep: How the timer waits out `timeout`: `Task.sleep`, or in a test one that returns
    ///     at once, so the timer can fire before the call has finished starting.
    ///   - work: The work, given `stopWaiting`, which ends the caller's wait at once with an error
    ///     (if it has not ended). It is cancelled when the wait stops, and may outlive it.
    /// - Returns: What `work` returns.
    /// - Throws: What `work` throws, the error from `giveUp`, or the one `work` stopped the wait with.
    static func run<Result: Sendable>(
        timeout: Duration, giveUp: @escaping @Sendable (_ callerCancelled: Bool) -> (any Error)?,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        _ work: @escaping @Sendable (_ stopWaiting: @escaping @Sendable (any Error) -> Void) async throws -> Result
    ) async throws -> Result {
        let waiter = Waiter<Result>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Result, any Error>) in
                waiter.start(continuation, giveUp: giveUp) {
                    let worker = Task {
                        do {
                            waiter.finish(.success(try await work { error in waiter.stop(throwing: error) }))
                        } catch {
                            waiter.finish(.failure(error))
                        }
                    }
                    let timer = Task {
                        try? await sleep(timeout)
                        if !Task.isCancelled { waiter.askToGiveUp() }
                    }
                    return (worker, timer)
                }
            }
        } onCancel: {
            waiter.askToGiveUp(callerCancelled: true)
        }
    }

    /// The caller's continuation, resumed once, and the two tasks.
    private final class Waiter<Result: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Result, any Error>?
            var giveUp: (@Sendable (_ callerCancelled: Bool) -> (any Error)?)?
            var worker: Task<Void, Never>?
            var timer: Task<Void, Never>?
            /// Whether the caller was cancelled before the tasks were tracked.
            var cancelledEarly = false
        }

        private let state = Mutex(State())

        /// Keeps the caller's continuation and starts the two tasks, under the lock: whatever
        /// they report (the timer's question, the work's outcome) waits for the lock, so it finds
        /// them tracked. Started before the lock, a timer that fired before they were tracked
        /// asked nobody, and the caller waited for work that might never end.
        func start(
            _ continuation: CheckedContinuation<Result, any Error>, giveUp: @escaping @Sendable (_ callerCancelled: Bool) -> (any Error)?,
            tasks: () -> (worker: Task<Void, Never>, timer: Task<Void, Never>)
        ) {
            let cancelledEarly = state.withLock { state in
                state.continuation = continuation
                state.giveUp = giveUp
                (state.worker, state.timer) = tasks()
                return state.cancelledEarly
            }
            if cancelledEarly { askToGiveUp(callerCancelled: true) }
        }

        /// The work ended: the caller gets its outcome unless it has stopped waiting.
        func finish(_ outcome: Swift.Result<Result, any Error>) {
            let (continuation, timer) = state.withLock { state in
                defer { state.continuation = nil }
                return (state.continuation, state.timer)
            }
            timer?.cancel()
            continuation?.resume(with: outcome)
        }

        /// The work will not end: the caller stops waiting with `error` unless it has already, and
        /// the work is cancelled.
        func stop(throwing error: any Error) {
            let (continuation, worker, timer) = state.withLock { state in
                defer {
                    state.continuation = nil
                    state.giveUp = nil
                }
                return (state.continuation, state.worker, state.timer)
            }
            worker?.cancel()
            timer?.cancel()
            continuation?.resume(throwing: error)
        }

        /// Asks `giveUp`, once, whether the caller stops waiting, and if it does, resumes the
        /// caller with its error and cancels the work. A cancelled caller cancels the work in any
        /// case, as a task group would have.
        func askToGiveUp(callerCancelled: Bool = false) {
            let (continuation, error, worker, timer) = state.withLock {
                state -> (CheckedContinuation<Result, any Error>?, (any Error)?, Task<Void, Never>?, Task<Void, Never>?) in
                // Only a cancelled caller can ask before ``start(_:giveUp:tasks:)``.
                guard state.worker != nil else {
                    if callerCancelled { state.cancelledEarly = true }
                    return (nil, nil, nil, nil)
                }
                // Decided and taken under the lock, so that the work's own outcome cannot reach
                // the caller between the decision and the resumption.
                guard state.continuation != nil, let giveUp = state.giveUp else {
                    return (nil, nil, callerCancelled ? state.worker : nil, nil)
                }
                state.giveUp = nil
                guard let error = giveUp(callerCancelled) else { return (nil, nil, callerCancelled ? state.worker : nil, nil) }
                defer { state.continuation = nil }
                return (state.continuation, error, state.worker, state.timer)
            }
            worker?.cancel()
            timer?.cancel()
            if let continuation, let error { continuation.resume(throwing: error) }
        }
    }
}
