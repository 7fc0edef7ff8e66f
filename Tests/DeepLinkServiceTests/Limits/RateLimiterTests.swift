import DeepLinkTesting
import Testing

@testable import DeepLinkService

/// The in-memory token buckets: each client's own, and pruned without a pass per request.
struct RateLimiterTests {
    @Test func aClientGetsItsBurstThenOneASecondAndOthersTheirOwn() {
        let clock = TestClock()
        let limiter = RateLimiter(perMinute: 60, clock: clock)
        for _ in 0..<60 { #expect(limiter.take("198.51.100.1 spring") == nil) }
        #expect(limiter.take("198.51.100.1 spring") == 1, "past the burst: a second to wait")
        #expect(limiter.take("198.51.100.1 autumn") == nil, "another link of the same address")
        #expect(limiter.take("198.51.100.2 spring") == nil, "another address")
        clock.advance(by: .seconds(1))
        #expect(limiter.take("198.51.100.1 spring") == nil)
        #expect(limiter.take("198.51.100.1 spring") == 1)
    }

    /// More clients busy at once than the threshold (a popular link's visitors in one second)
    /// made every request filter every bucket; now a prune runs when the count doubled.
    @Test func manyBusyClientsArePrunedOnlyAsTheirNumberDoubles() {
        let clock = TestClock()
        let limiter = RateLimiter(perMinute: 60, clock: clock, pruneThreshold: 100)
        for client in 0..<1_000 { #expect(limiter.take("client-\(client)") == nil) }
        #expect(limiter.clientCount == 1_000, "busy buckets are kept: each still limits its client")
        #expect(limiter.take("client-0") == nil, "and still counts: 2 of 60 taken")
        // A second later every bucket is full again, and the next prune drops them.
        clock.advance(by: .seconds(2))
        for client in 1_000..<2_000 { _ = limiter.take("client-\(client)") }
        #expect(limiter.clientCount == 1_000, "the first thousand, full again, were dropped; the new thousand kept")
    }
}
