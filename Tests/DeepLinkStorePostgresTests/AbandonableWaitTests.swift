import DeepLinkTesting
import Synchronization
import Testing

@testable import DeepLinkStorePostgres

/// A caller waiting for a connection stops waiting when the wait runs out, even when the request
/// for it never ends.
struct AbandonableWaitTests {
    struct GaveUp: Error {}

    /// Work that ignores cancellation and ends only when released, as a connection request the
    /// pool failed to cancel did.
    final class StuckWork: Sendable {
        private let waiting = Mutex<CheckedContinuation<Void, Never>?>(nil)
        private let started = Latch()

        func run() async -> Int {
            await withCheckedContinuation { continuation in
                waiting.withLock { $0 = continuation }
                started.open()
            }
            return 1
        }

        /// Returns once the work is waiting to be released.
        func waitUntilStarted() async {
            await started.wait()
        }

        func release() async {
            await started.wait()
            waiting.withLock { $0.take() }?.resume()
        }
    }

    // A task group would wait for the stuck work for ever: the limit turns that into a failure.
    @Test(.timeLimit(.minutes(5))) func theCallerStopsWaitingAtTheTimeoutEvenWhenTheWorkNeverEnds() async throws {
        let stuck = StuckWork()
        await #expect(throws: GaveUp.self) {
            try await AbandonableWait.run(timeout: .milliseconds(100), giveUp: { _ in GaveUp() }) { _ in await stuck.run() }
        }
        await stuck.release()
    }

    /// The timer may fire before the call has even started to track its tasks (a timer that does
    /// not wait at all here; a thread descheduled on a loaded machine, for a real one): the
    /// question is still asked, and the caller stops waiting for work that never ends. Before the
    /// tasks were started under the waiter's lock, the question was then dropped and the caller
    /// waited for ever, its threads idle: the time limit turns that into a failure.
    @Test(.timeLimit(.minutes(5)), arguments: 0..<500)
    func aTimerThatFiresAtOnceStillEndsTheWait(attempt: Int) async throws {
        let stuck = StuckWork()
        await #expect(throws: GaveUp.self) {
            try await AbandonableWait.run(timeout: .zero, giveUp: { _ in GaveUp() }, sleep: { _ in }) { _ in await stuck.run() }
        }
        await stuck.release()
    }

    @Test func workThatHasStartedIsWaitedForPastTheTimeout() async throws {
        let asked = Mutex(0)
        let timedOut = Latch()
        let value = try await AbandonableWait.run(
            timeout: .milliseconds(10),
            giveUp: { _ in
                asked.withLock { $0 += 1 }
                timedOut.open()
                return nil
            }
        ) { _ in
            // The work ends only after the timeout has passed and asked.
            await timedOut.wait()
            return 7
        }
        #expect(value == 7)
        #expect(asked.withLock { $0 } == 1)
    }

    @Test func workThatEndsFirstIsReturnedWithoutAskingToGiveUp() async throws {
        let asked = Mutex(0)
        let value = try await AbandonableWait.run(
            timeout: .seconds(60),
            giveUp: { _ in
                asked.withLock { $0 += 1 }
                return GaveUp()
            }
        ) { _ in 42 }
        #expect(value == 42)
        #expect(asked.withLock { $0 } == 0)
    }

    @Test(.timeLimit(.minutes(5))) func aCancelledCallerStopsWaitingAndIsToldItWasCancelled() async throws {
        let stuck = StuckWork()
        let cancelled = Mutex<Bool?>(nil)
        let caller = Task {
            try await AbandonableWait.run(
                timeout: .seconds(600),
                giveUp: { callerCancelled in
                    cancelled.withLock { $0 = callerCancelled }
                    return CancellationError()
                }
            ) { _ in await stuck.run() }
        }
        await stuck.waitUntilStarted()
        caller.cancel()
        await #expect(throws: CancellationError.self) { try await caller.value }
        #expect(cancelled.withLock { $0 } == true)
        await stuck.release()
    }

    @Test(.timeLimit(.minutes(5))) func aCancelledCallerCancelsWorkThatHasStarted() async throws {
        let started = Latch()
        let caller = Task {
            try await AbandonableWait.run(timeout: .seconds(600), giveUp: { _ in nil }) { _ in
                started.open()
                // Ends only when cancelled.
                try await Task.sleep(for: .seconds(3600))
                return 0
            }
        }
        await started.wait()
        caller.cancel()
        await #expect(throws: CancellationError.self) { try await caller.value }
    }

    // Work on a connection that closed under it never ends (PostgresNIO drops its query), and the
    // wait's own timeout keeps waiting for work that has started: the work stops the wait itself.
    @Test(.timeLimit(.minutes(5))) func workThatStartedAndWillNeverEndStopsTheWaitWithItsError() async throws {
        let stuck = StuckWork()
        await #expect(throws: GaveUp.self) {
            try await AbandonableWait.run(timeout: .seconds(600), giveUp: { _ in nil }) { stopWaiting in
                stopWaiting(GaveUp())
                return await stuck.run()
            }
        }
        await stuck.release()
    }

    // A connection that closes after its work returned: the caller has its answer, and is not
    // resumed a second time (which a checked continuation would trap on).
    @Test func stoppingTheWaitAfterTheWorkEndedChangesNothing() async throws {
        let stop = Mutex<(@Sendable (any Error) -> Void)?>(nil)
        let value = try await AbandonableWait.run(timeout: .seconds(600), giveUp: { _ in nil }) { stopWaiting in
            stop.withLock { $0 = stopWaiting }
            return 5
        }
        stop.withLock { $0 }?(GaveUp())
        #expect(value == 5)
    }
}
