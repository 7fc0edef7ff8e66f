import DeepLinkCore
import Synchronization

/// Token buckets per client: each holds up to `perMinute` writes and refills continuously.
/// In memory, per process; thread-safe and `Sendable`. Servers sharing a database share their
/// limits through ``SharedRateLimiter`` instead.
package final class RateLimiter: RequestLimiter {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    private let perMinute: Int
    private let clock: any MonotonicClock
    private let buckets: Mutex<Buckets>
    /// Past this many clients, full buckets are dropped.
    private let pruneThreshold: Int

    private struct Buckets {
        var byClient: [String: Bucket] = [:]
        /// The count past which the next prune runs: twice what the last one kept, so that with
        /// more clients busy at once than the threshold (a popular link's visitors in one minute)
        /// pruning costs each request a constant share, not a pass over every bucket.
        var pruneAt: Int
    }

    /// Creates a limiter.
    /// - Parameters:
    ///   - perMinute: The writes each client may make per minute, and the burst.
    ///   - clock: The clock buckets refill on.
    ///   - pruneThreshold: Past this many clients, full buckets are dropped.
    package init(perMinute: Int, clock: any MonotonicClock = SystemClock(), pruneThreshold: Int = 10_000) {
        self.perMinute = perMinute
        self.clock = clock
        self.pruneThreshold = pruneThreshold
        buckets = Mutex(Buckets(pruneAt: pruneThreshold))
    }

    /// How many clients have a bucket.
    var clientCount: Int { buckets.withLock { $0.byClient.count } }

    /// Takes a token for a client, now; see ``RequestLimiter``.
    package func take(_ client: String) -> Int? {
        take(client, at: clock.now)
    }

    /// Takes `count` tokens for a client, now, all or none; see ``RequestLimiter``.
    package func take(_ client: String, count: Int) -> Int? {
        take(client, count: count, at: clock.now)
    }

    /// Takes a token for a client at a moment.
    /// - Parameters:
    ///   - client: The client's key.
    ///   - now: The moment.
    /// - Returns: `nil` when allowed, or the seconds until a token is available.
    func take(_ client: String, at now: ContinuousClock.Instant) -> Int? {
        take(client, count: 1, at: now)
    }

    /// Takes `count` tokens for a client at a moment, all or none.
    /// - Returns: `nil` when allowed, or the seconds until that many tokens are available.
    func take(_ client: String, count: Int, at now: ContinuousClock.Instant) -> Int? {
        let wanted = Double(max(1, count))
        let capacity = Double(perMinute)
        let perSecond = capacity / 60
        let pruneThreshold = self.pruneThreshold
        return buckets.withLock { buckets in
            var bucket = buckets.byClient[client] ?? Bucket(tokens: capacity, updated: now)
            bucket.tokens = min(capacity, bucket.tokens + (now - bucket.updated).inSeconds * perSecond)
            bucket.updated = now
            defer {
                buckets.byClient[client] = bucket
                if buckets.byClient.count > buckets.pruneAt {
                    buckets.byClient = buckets.byClient.filter { $0.value.tokens + (now - $0.value.updated).inSeconds * perSecond < capacity }
                    buckets.pruneAt = max(pruneThreshold, buckets.byClient.count * 2)
                }
            }
            guard bucket.tokens >= wanted else {
                return max(1, Int(((wanted - bucket.tokens) / perSecond).rounded(.up)))
            }
            bucket.tokens -= wanted
            return nil
        }
    }

    /// Returns a token taken for something that turned out not to count; see ``RequestLimiter``.
    package func giveBack(_ client: String) {
        let capacity = Double(perMinute)
        buckets.withLock { buckets in
            guard var bucket = buckets.byClient[client] else { return }
            bucket.tokens = min(capacity, bucket.tokens + 1)
            buckets.byClient[client] = bucket
        }
    }
}

extension Duration {
    /// The duration in seconds, with its fraction.
    var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
