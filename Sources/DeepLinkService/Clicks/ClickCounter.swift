import DeepLinkCore
import Logging
import ServiceLifecycle
import Synchronization

/// Counts resolutions in memory and adds them to the store in the background, so opening a link
/// never waits for a database write.
///
/// Counts are written every `interval`, before stats are read (``flush()``), and once more on
/// graceful shutdown; a failed write keeps its counts for the next flush. A crash loses at most
/// one interval of counts. Several processes sharing a database add up, because each write adds
/// to the stored count. A `Service` for Hummingbird's service group; `Sendable`.
package final class ClickCounter: Service, Sendable {
    /// The buckets written in one ``ClickStorage/record(_:)`` call.
    static let bucketsPerWrite = 500
    /// The most buckets of one link written by one flush: past it, the link's least-clicked
    /// buckets are summed in buckets whose referrer and UTM fields are ``LinkNumbers/otherName``,
    /// so a visitor who sends a new `utm_source` with every request adds a bounded number of
    /// rows (and of `link.clicked` messages) a second, not one per request.
    package static let bucketsPerLinkPerFlush = 1_000

    private let store: any ClickStorage
    private let interval: Duration
    private let clock: any MonotonicClock
    private let logger: Logger
    /// Where `link.clicked` webhook events go, written with the counts.
    private let webhooks: WebhookEvents?
    private let pending = Mutex([Click: Int]())
    /// The latest write: each flush waits for the one before it, so a flush for the stats
    /// returns only once every count taken before it, even by the timer's flush, is stored.
    private let lastWrite = Mutex<Task<Void, Never>?>(nil)

    /// Creates a counter.
    /// - Parameters:
    ///   - store: Where counts go.
    ///   - interval: How often to write them.
    ///   - logger: Where write failures are logged.
    ///   - clock: The clock the interval is measured on.
    ///   - webhooks: Where `link.clicked` events go, when an endpoint takes them: one per bucket
    ///     of people's clicks (crawlers' visits are not clicks), in the same write as the counts.
    package init(
        store: any ClickStorage, interval: Duration, logger: Logger, clock: any MonotonicClock = SystemClock(), webhooks: WebhookEvents? = nil
    ) {
        self.store = store
        self.webhooks = webhooks
        self.interval = interval
        self.clock = clock
        self.logger = logger
    }

    /// Counts one resolution.
    package func add(_ click: Click) {
        pending.withLock { $0[click, default: 0] += 1 }
    }

    /// Writes every pending count, after any write already under way.
    func flush() async {
        let write = lastWrite.withLock { last in
            let previous = last
            let next = Task { [self] in
                await previous?.value
                await writePending()
            }
            last = next
            return next
        }
        await write.value
    }

    private func writePending() async {
        let batch = Self.capped(
            pending.withLock { pending in
                defer { pending.removeAll(keepingCapacity: true) }
                return pending
            }, perLink: Self.bucketsPerLinkPerFlush)
        // A few hundred buckets a call, each call a few statements: a failed call keeps only its
        // own counts for the next try.
        let buckets = Array(batch)
        let sendsClicks = await webhooks?.isTaken(.linkClicked) ?? false
        for start in stride(from: 0, to: buckets.count, by: Self.bucketsPerWrite) {
            let part = Dictionary(uniqueKeysWithValues: buckets[start..<min(start + Self.bucketsPerWrite, buckets.count)].map { ($0.key, $0.value) })
            do {
                let events = sendsClicks ? part.filter { $0.key.platform != .crawler && !$0.key.excess }.map { WebhookEvent.linkClicked($0.key, count: $0.value) } : []
                try await store.record(part, events: events)
            } catch {
                logger.error(
                    "cannot write click counts; keeping them for the next try", metadata: ["buckets": "\(part.count)", "error": "\(error)"])
                pending.withLock { pending in
                    for (click, count) in part { pending[click, default: 0] += count }
                }
            }
        }
    }

    /// The buckets of a flush with each link's beyond `cap` summed: its `cap - 1` most clicked
    /// buckets as they are, the others' clicks in buckets whose referrer and UTM fields are
    /// ``LinkNumbers/otherName`` (one per day, platform and rule). Every click is still counted.
    static func capped(_ batch: [Click: Int], perLink cap: Int) -> [Click: Int] {
        var bucketsPerLink: [String: Int] = [:]
        for click in batch.keys { bucketsPerLink[click.code, default: 0] += 1 }
        guard bucketsPerLink.values.contains(where: { $0 > cap }) else { return batch }
        var capped: [Click: Int] = [:]
        for (code, buckets) in Dictionary(grouping: batch, by: \.key.code) {
            guard bucketsPerLink[code, default: 0] > cap else {
                for (click, count) in buckets { capped[click] = count }
                continue
            }
            let ordered = buckets.sorted { ($0.value, $1.key.utmSource) > ($1.value, $0.key.utmSource) }
            for (click, count) in ordered.prefix(max(0, cap - 1)) { capped[click, default: 0] += count }
            for (click, count) in ordered.dropFirst(max(0, cap - 1)) {
                var other = click
                other.referrerDomain = LinkNumbers.otherName
                other.utmSource = LinkNumbers.otherName
                other.utmMedium = LinkNumbers.otherName
                other.utmCampaign = LinkNumbers.otherName
                capped[other, default: 0] += count
            }
        }
        return capped
    }

    /// Writes counts every interval until graceful shutdown, then once more.
    package func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await self.clock.sleep(for: self.interval)
                guard !Task.isCancelled else { break }
                await self.flush()
            }
        }
        // The last write runs in a task of its own: this one is cancelled by now, and a
        // database client that honours cancellation (PostgreSQL's) would refuse the write.
        await Task { await self.flush() }.value
    }
}
