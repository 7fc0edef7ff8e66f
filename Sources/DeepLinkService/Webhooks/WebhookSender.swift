import DeepLinkCore
import Foundation
import Logging
import ServiceLifecycle

/// Delivers the outbox (issue 27): takes due deliveries (a lease, so servers sharing a database
/// never attempt one delivery at once), posts each signed by the Standard Webhooks scheme, and
/// records the outcome: delivered, tried again later with backoff and jitter, or given up after
/// the retry window; an endpoint that keeps failing is turned off. Deliveries are at least once:
/// a server that stops between a receiver's 2xx and recording it sends the message again, with
/// the same `webhook-id`. A `Service`; `Sendable`.
///
/// Endpoints do not wait for each other (issue 43): each has ``concurrencyPerEndpoint`` slots,
/// filled again as each of its deliveries finishes, and all of them together at most
/// ``concurrency``; so an endpoint that answers slowly or never holds its own slots only, and a
/// fast one gets its next message as soon as it took the last. Endpoints with nothing in flight
/// are looked at every ``pollInterval``.
package final class WebhookSender: Service, Sendable {
    /// How often every endpoint's due deliveries are looked for.
    static let pollInterval = Duration.seconds(1)
    /// The most deliveries ``deliverDue(now:)`` takes for one endpoint.
    static let batchSize = 16
    /// The deliveries to one endpoint in flight at once, by default.
    package static let defaultConcurrencyPerEndpoint = 4
    /// The deliveries in flight at once, all endpoints together, by default.
    package static let defaultConcurrency = 64
    /// How often finished deliveries past the retention are deleted.
    static let purgeInterval = Duration.seconds(3600)

    private let store: any WebhookStorage
    private let policy: WebhookURLPolicy
    private let retry: WebhookRetryPolicy
    private let transport: any WebhookTransport
    private let clock: any MonotonicClock
    private let logger: Logger
    /// The deliveries to one endpoint in flight at once.
    let concurrencyPerEndpoint: Int
    /// The deliveries in flight at once, all endpoints together.
    let concurrency: Int
    /// How long delivered and given-up deliveries stay in the delivery log.
    let retention: Duration
    /// This sender's id in the leases it takes.
    let owner: String
    /// Whether leases left by a previous run are ended at start: for a database only this server uses.
    private let releasesLeasesAtStart: Bool

    /// A sender.
    /// - Parameters:
    ///   - store: The outbox.
    ///   - policy: Where messages may go, checked again before each attempt.
    ///   - retry: The retry schedule.
    ///   - transport: What posts the messages.
    ///   - releasesLeasesAtStart: Whether the database is this server's alone (SQLite).
    ///   - concurrencyPerEndpoint: The deliveries to one endpoint in flight at once (at least 1).
    ///   - concurrency: The deliveries in flight at once, all endpoints together (at least 1).
    ///   - retention: How long delivered and given-up deliveries stay in the delivery log; the
    ///     sender deletes older ones when it starts and every ``purgeInterval``.
    ///   - clock: The clock the polling waits on.
    ///   - logger: Where failures and turned-off endpoints are logged.
    package init(
        store: any WebhookStorage, policy: WebhookURLPolicy, retry: WebhookRetryPolicy = WebhookRetryPolicy(), transport: any WebhookTransport,
        releasesLeasesAtStart: Bool, concurrencyPerEndpoint: Int = defaultConcurrencyPerEndpoint, concurrency: Int = defaultConcurrency,
        retention: Duration = .seconds(7 * 86_400), clock: any MonotonicClock = SystemClock(), logger: Logger
    ) {
        self.store = store
        self.policy = policy
        self.retry = retry
        self.transport = transport
        self.releasesLeasesAtStart = releasesLeasesAtStart
        self.concurrencyPerEndpoint = max(1, concurrencyPerEndpoint)
        self.concurrency = max(1, concurrency)
        self.retention = retention
        self.clock = clock
        self.logger = logger
        owner = "sender-" + UUID().uuidString.prefix(8).lowercased()
    }

    /// A lease long enough for one attempt, its answer and recording it.
    private func leaseUntil(_ now: Date) -> Date {
        now.addingTimeInterval(WebhookRetryPolicy.seconds(retry.attemptTimeout) * 3 + 5)
    }

    /// Delivers until graceful shutdown; deliveries under way then finish and record their outcome.
    package func run() async throws {
        if releasesLeasesAtStart {
            do throws(StoreError) { try await store.releaseWebhookLeases() } catch { logger.error("cannot release webhook leases", metadata: ["error": "\(error.message)"]) }
        }
        await cancelWhenGracefulShutdown { await self.deliverContinuously() }
    }

    /// What wakes the delivering loop.
    private enum Wake: Sendable {
        /// The poll interval passed: every endpoint is looked at.
        case tick
        /// A delivery to an endpoint finished: its slot is free.
        case finished(endpointID: String)
    }

    /// Fills every endpoint's free slots, and each slot again as it frees, until cancelled.
    private func deliverContinuously() async {
        await withTaskGroup(of: Wake.self) { group in
            var inFlight: [String: Int] = [:]
            var total = 0
            var endpoints: [WebhookEndpoint] = []
            var ticking = false
            // Which endpoints to fill: all of them (`nil`) on a tick, else the one whose slot freed.
            var filling: String? = nil
            var everyEndpoint = true
            var purged: ContinuousClock.Instant? = nil
            while !Task.isCancelled {
                // The store is asked in tasks of their own: a shutdown that cancels this loop must
                // not cancel a query half-way (a claim whose leases are taken but whose rows are
                // lost, an error logged for what is only the server stopping).
                if purged.map({ ContinuousClock.now - $0 >= Self.purgeInterval }) ?? true {
                    purged = ContinuousClock.now
                    _ = await Task { await self.purge(now: Date()) }.value
                }
                if everyEndpoint {
                    switch await Task(operation: { await self.enabledEndpoints() }).value {
                    case .success(let enabled): endpoints = enabled
                    case .failure(let error): logger.error("cannot read the webhook endpoints", metadata: ["error": "\(error.message)"])
                    }
                }
                let now = Date()
                endpointsToFill: for endpoint in endpoints where everyEndpoint || endpoint.id == filling {
                    let free = min(concurrencyPerEndpoint - inFlight[endpoint.id, default: 0], concurrency - total)
                    guard free > 0 else { continue }
                    let due: [WebhookDelivery]
                    switch await Task(operation: { await self.claim(endpointID: endpoint.id, now: now, limit: free) }).value {
                    case .success(let claimed): due = claimed
                    case .failure(let error):
                        logger.error("cannot read the webhook outbox", metadata: ["error": "\(error.message)"])
                        break endpointsToFill
                    }
                    guard !due.isEmpty else { continue }
                    for delivery in due {
                        inFlight[endpoint.id, default: 0] += 1
                        total += 1
                        // In a task of its own, so a shutdown lets the attempt finish and record its outcome.
                        let attempt = Task { await self.attempt(delivery, to: endpoint, now: now) }
                        group.addTask {
                            await attempt.value
                            return .finished(endpointID: endpoint.id)
                        }
                    }
                }
                if !ticking {
                    ticking = true
                    group.addTask { [clock] in
                        try? await clock.sleep(for: Self.pollInterval)
                        return .tick
                    }
                }
                guard let wake = await group.next() else { break }
                switch wake {
                case .tick:
                    ticking = false
                    everyEndpoint = true
                case .finished(let endpointID):
                    inFlight[endpointID, default: 1] -= 1
                    // With every slot of the server taken, a freed one may go to any endpoint.
                    everyEndpoint = total == concurrency
                    total -= 1
                    filling = endpointID
                }
            }
        }
    }

    /// The endpoints that are on, or the store's error.
    private func enabledEndpoints() async -> Result<[WebhookEndpoint], StoreError> {
        do throws(StoreError) {
            return .success(try await store.webhookEndpoints().filter { $0.disabledAt == nil })
        } catch {
            return .failure(error)
        }
    }

    /// Takes up to `limit` due deliveries of one endpoint, or the store's error.
    private func claim(endpointID: String, now: Date, limit: Int) async -> Result<[WebhookDelivery], StoreError> {
        do throws(StoreError) {
            return .success(try await store.claimWebhookDeliveries(owner: owner, endpointID: endpointID, now: now, leaseUntil: leaseUntil(now), limit: limit))
        } catch {
            return .failure(error)
        }
    }

    /// Deletes delivered and given-up deliveries older than the retention.
    /// - Returns: How many were deleted.
    @discardableResult
    package func purge(now: Date) async -> Int {
        do throws(StoreError) {
            let deleted = try await store.purgeWebhookDeliveries(finishedBefore: now.addingTimeInterval(-WebhookRetryPolicy.seconds(retention)))
            if deleted > 0 { logger.info("purged finished webhook deliveries", metadata: ["deliveries": "\(deleted)"]) }
            return deleted
        } catch {
            logger.error("cannot purge the webhook delivery log", metadata: ["error": "\(error.message)"])
            return 0
        }
    }

    /// One round: takes every enabled endpoint's due deliveries (up to ``batchSize`` each) and
    /// attempts them, ``concurrencyPerEndpoint`` at a time per endpoint, endpoints side by side.
    /// - Parameter now: The time: what is due, the attempt's time and the next attempt's.
    /// - Returns: How many were attempted.
    @discardableResult
    package func deliverDue(now: Date) async -> Int {
        let endpoints: [WebhookEndpoint]
        switch await enabledEndpoints() {
        case .success(let enabled): endpoints = enabled
        case .failure(let error):
            logger.error("cannot read the webhook endpoints", metadata: ["error": "\(error.message)"])
            return 0
        }
        return await withTaskGroup(of: Int.self) { group in
            for endpoint in endpoints {
                group.addTask {
                    let due: [WebhookDelivery]
                    switch await self.claim(endpointID: endpoint.id, now: now, limit: Self.batchSize) {
                    case .success(let claimed): due = claimed
                    case .failure(let error):
                        self.logger.error("cannot read the webhook outbox", metadata: ["error": "\(error.message)"])
                        return 0
                    }
                    // The endpoint's slots, each taking the next delivery as it finishes one.
                    await withTaskGroup(of: Void.self) { slots in
                        var waiting = due.makeIterator()
                        for _ in 0..<self.concurrencyPerEndpoint {
                            guard let delivery = waiting.next() else { break }
                            slots.addTask { await self.attempt(delivery, to: endpoint, now: now) }
                        }
                        while await slots.next() != nil {
                            guard let delivery = waiting.next() else { continue }
                            slots.addTask { await self.attempt(delivery, to: endpoint, now: now) }
                        }
                    }
                    return due.count
                }
            }
            return await group.reduce(0, +)
        }
    }

    /// One attempt of one delivery, and its outcome recorded.
    private func attempt(_ delivery: WebhookDelivery, to endpoint: WebhookEndpoint, now: Date) async {
        let started = ContinuousClock.now
        var result: WebhookAttempt
        // Whether the message left this server: a refusal here (DNS, the address rules) is not the receiver's failure.
        var sent = false
        do throws(LinkServerError) {
            // Checked again: the name may resolve elsewhere since the endpoint was created.
            let target = try policy.target(endpoint.url)
            let address = try await policy.address(for: target)
            let timestamp = Int64(now.timeIntervalSince1970.rounded(.down))
            guard let signature = WebhookSignature.header(id: delivery.eventID, timestamp: timestamp, body: delivery.payload, secret: endpoint.secret)
            else { throw LinkServerError(code: .invalidField, message: "the endpoint's secret is not whsec_ and base64") }
            sent = true
            result = await transport.post(
                url: endpoint.url, host: target.host, address: address,
                headers: [
                    ("content-type", "application/json"), ("user-agent", "deeplink-webhooks"), ("webhook-id", delivery.eventID),
                    ("webhook-timestamp", String(timestamp)), ("webhook-signature", signature),
                ], body: delivery.payload, timeout: retry.attemptTimeout)
        } catch {
            result = WebhookAttempt(status: nil, error: "not sent: \(error.message)")
        }
        let next = retry.outcome(
            of: delivery, attempt: result, sent: sent, at: now, took: ContinuousClock.now - started, jitter: Double.random(in: 0.5...1))
        if next.gaveUp {
            logger.warning(
                "gave up a webhook delivery",
                metadata: ["webhook.endpoint": "\(endpoint.id)", "webhook.id": "\(delivery.eventID)", "attempts": "\(next.delivery.attempts)"])
        }
        do throws(StoreError) {
            let turnedOff = try await store.finishWebhookDelivery(
                next.delivery, owner: owner, countsAgainstEndpoint: next.countsAgainstEndpoint, disableBefore: next.disableBefore,
                reason: next.disableReason)
            if turnedOff {
                logger.error(
                    "turned off a failing webhook endpoint",
                    metadata: ["webhook.endpoint": "\(endpoint.id)", "webhook.url": "\(endpoint.url)", "reason": "\(next.disableReason)"])
            }
        } catch {
            logger.error("cannot record a webhook delivery; it is tried again when its lease ends", metadata: ["error": "\(error.message)"])
        }
    }
}
