import DeepLinkTesting
import Foundation
import Logging
import Synchronization
import Testing

@testable import DeepLinkService

struct ClickCounterTests {
    /// Stores counts only when the test lets the first write through, as a busy database would.
    final class HeldClickStorage: ClickStorage {
        let stored = Mutex(0)
        let writes = Mutex(0)
        private let gate = AsyncStream.makeStream(of: Void.self)

        func record(_ counts: [Click: Int], events: [WebhookEvent]) async throws(StoreError) {
            if writes.withLock({ $0 += 1; return $0 }) == 1 { for await _ in gate.stream {} }
            stored.withLock { $0 += counts.values.reduce(0, +) }
        }

        func waitForFirstWrite() async {
            while writes.withLock({ $0 }) == 0 { await Task.yield() }
        }

        func release() { gate.continuation.finish() }
    }

    /// Counts each call and the buckets it carried.
    final class CallCountingStorage: ClickStorage {
        let calls = Mutex<[Int]>([])

        func record(_ counts: [Click: Int], events: [WebhookEvent]) async throws(StoreError) {
            calls.withLock { $0.append(counts.count) }
        }
    }

    @Test func aFlushWritesAThousandBucketsInAFewCallsNotOneEach() async {
        let storage = CallCountingStorage()
        let counter = ClickCounter(store: storage, interval: .seconds(60), logger: Logger(label: "test"), clock: TestClock())
        for index in 0..<1_200 {
            counter.add(Click(code: "link\(index)", day: "2026-05-01", platform: .ios, referrerDomain: "", utmSource: "", utmMedium: "", utmCampaign: ""))
        }
        await counter.flush()
        #expect(storage.calls.withLock { $0 }.sorted() == [200, 500, 500])
    }

    static func click(_ platform: ClientPlatform) -> Click {
        Click(code: "spring", day: "2026-05-01", platform: platform, referrerDomain: "", utmSource: "", utmMedium: "", utmCampaign: "")
    }

    @Test func aFlushReturnsOnlyOnceTheWriteAlreadyUnderWayIsStoredToo() async {
        let storage = HeldClickStorage()
        let counter = ClickCounter(store: storage, interval: .seconds(60), logger: Logger(label: "test"), clock: TestClock())
        counter.add(Self.click(.ios))
        counter.add(Self.click(.android))
        let timerFlush = Task { await counter.flush() }
        await storage.waitForFirstWrite()
        counter.add(Self.click(.desktop))
        let statsFlush = Task { await counter.flush() }
        storage.release()
        await statsFlush.value
        #expect(storage.stored.withLock { $0 } == 3)
        await timerFlush.value
    }

    @Test func countsAreWrittenEveryIntervalOnTheCountersClock() async {
        let storage = CallCountingStorage()
        let clock = TestClock()
        let counter = ClickCounter(store: storage, interval: .seconds(1), logger: Logger(label: "test"), clock: clock)
        let running = Task { try await counter.run() }
        await clock.waitForSleepers()
        counter.add(Self.click(.ios))
        clock.advance(by: .milliseconds(999))
        #expect(storage.calls.withLock { $0 }.isEmpty)
        clock.advance(by: .milliseconds(1))
        await clock.waitForSleepers()
        #expect(storage.calls.withLock { $0 } == [1])
        running.cancel()
        _ = await running.result
    }
}
