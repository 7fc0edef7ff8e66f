import DeepLinkTesting
import Foundation
import Synchronization
import Testing

@testable import DeepLinkService

/// Costly work waits its turn off the request threads, and past the bound is refused at once.
struct BoundedWorkQueueTests {
    @Test func workPastTheBoundIsRefusedAtOnceAndTheQueueServesAgainAfter() async throws {
        let queue = BoundedWorkQueue(label: "test.bounded", maximumWaiting: 1)
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        // The first piece holds the queue's thread until the gate opens.
        let first = Task { try await queue.run { started.signal(); gate.wait(); return 1 } }
        await onOwnThread { started.wait() }
        #expect(queue.inFlight == 1)
        await #expect(throws: BoundedWorkQueue.Busy.self) { try await queue.run { 2 } }
        gate.signal()
        #expect(try await first.value == 1)
        #expect(try await queue.run { 3 } == 3)
        #expect(queue.inFlight == 0)
        #expect(queue.piecesRun == 2)
    }

    /// What the pieces of a test saw.
    final class Tally: Sendable {
        let ran = Atomic(0)
        let running = Atomic(0)
        let overlapped = Atomic(false)
    }

    @Test func piecesRunOneAtATimeNeverTwoAtOnce() async throws {
        let queue = BoundedWorkQueue(label: "test.serial", maximumWaiting: 8)
        let tally = Tally()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try await queue.run {
                        if tally.running.add(1, ordering: .relaxed).newValue > 1 { tally.overlapped.store(true, ordering: .relaxed) }
                        tally.ran.add(1, ordering: .relaxed)
                        tally.running.subtract(1, ordering: .relaxed)
                    }
                }
            }
            try await group.waitForAll()
        }
        let didOverlap = tally.overlapped.load(ordering: .relaxed)
        let ran = tally.ran.load(ordering: .relaxed)
        #expect(!didOverlap)
        #expect(ran == 8)
    }
}
