// Tests DeepLinkStorePostgres, here beside the server's shared store suite.
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

        func run() async -> Int {
            await withCheckedContinuation { continuation in waiting.withLock { $0 = continuation } }
            return 1
        }

        func release() {
            while true {
                if let continuation = waiting.withLock({ $0.take() }) { return continuation.resume() }
            }
        }
    }

    // A task group would wait for the stuck work for ever: the limit turns that into a failure.
    @Test(.timeLimit(.minutes(1))) func theCallerStopsWaitingAtTheTimeoutEvenWhenTheWorkNeverEnds() async throws {
        let stuck = StuckWork()
        let started = ContinuousClock.now
        await #expect(throws: GaveUp.self) {
            try await AbandonableWait.run(timeout: .milliseconds(100), giveUp: { _ in GaveUp() }) { _ in await stuck.run() }
        }
        #expect(started.duration(to: .now) < .seconds(30))
        stuck.release()
    }

    @Test func workThatHasStartedIsWaitedForPastTheTimeout() async throws {
        let asked = Mutex(0)
        let value = try await AbandonableWait.run(
            timeout: .milliseconds(10),
            giveUp: { _ in
                asked.withLock { $0 += 1 }
                return nil
            }
        ) { _ in
            try await Task.sleep(for: .milliseconds(300))
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

    @Test(.timeLimit(.minutes(1))) func aCancelledCallerStopsWaitingAndIsToldItWasCancelled() async throws {
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
        try await Task.sleep(for: .milliseconds(50))
        caller.cancel()
        await #expect(throws: CancellationError.self) { try await caller.value }
        #expect(cancelled.withLock { $0 } == true)
        stuck.release()
    }

    @Test func aCancelledCallerCancelsWorkThatHasStarted() async throws {
        let caller = Task {
            try await AbandonableWait.run(timeout: .seconds(600), giveUp: { _ in nil }) { _ in
                try await Task.sleep(for: .seconds(600))
                return 0
            }
        }
        try await Task.sleep(for: .milliseconds(50))
        caller.cancel()
        await #expect(throws: CancellationError.self) { try await caller.value }
    }

    // Work on a connection that closed under it never ends (PostgresNIO drops its query), and the
    // wait's own timeout keeps waiting for work that has started: the work stops the wait itself.
    @Test(.timeLimit(.minutes(1))) func workThatStartedAndWillNeverEndStopsTheWaitWithItsError() async throws {
        let stuck = StuckWork()
        await #expect(throws: GaveUp.self) {
            try await AbandonableWait.run(timeout: .seconds(600), giveUp: { _ in nil }) { stopWaiting in
                stopWaiting(GaveUp())
                return await stuck.run()
            }
        }
        stuck.release()
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
