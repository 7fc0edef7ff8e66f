import Foundation
import Logging
import Synchronization
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

struct ClickCounterTests {
    /// Stores counts slowly, as a busy database does.
    final class SlowClickStorage: ClickStorage {
        let stored = Mutex(0)

        func record(_ counts: [Click: Int]) async throws(StoreError) {
            try? await Task.sleep(for: .milliseconds(300))
            stored.withLock { $0 += counts.values.reduce(0, +) }
        }
    }

    /// Counts each call and the buckets it carried.
    final class CallCountingStorage: ClickStorage {
        let calls = Mutex<[Int]>([])

        func record(_ counts: [Click: Int]) async throws(StoreError) {
            calls.withLock { $0.append(counts.count) }
        }
    }

    @Test func aFlushWritesAThousandBucketsInAFewCallsNotOneEach() async {
        let storage = CallCountingStorage()
        let counter = ClickCounter(store: storage, interval: .seconds(60), logger: Logger(label: "test"))
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
        let storage = SlowClickStorage()
        let counter = ClickCounter(store: storage, interval: .seconds(60), logger: Logger(label: "test"))
        counter.add(Self.click(.ios))
        counter.add(Self.click(.android))
        async let timerFlush: Void = counter.flush()
        try? await Task.sleep(for: .milliseconds(50))
        counter.add(Self.click(.desktop))
        await counter.flush()
        #expect(storage.stored.withLock { $0 } == 3)
        await timerFlush
    }
}
