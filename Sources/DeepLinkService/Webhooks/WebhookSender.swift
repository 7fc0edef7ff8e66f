import DeepLinkCore
import Foundation
import Logging
import ServiceLifecycle

/// Delivers the outbox (issue 27): every ``pollInterval`` it takes the due deliveries (a lease,
/// so servers sharing a database never attempt one delivery at once), posts each signed by the
/// Standard Webhooks scheme, and records the outcome: delivered, tried again later with backoff
/// and jitter, or given up after the retry window; an endpoint that keeps failing is turned off.
/// Deliveries are at least once: a server that stops between a receiver's 2xx and recording it
/// sends the message again, with the same `webhook-id`. A `Service`; `Sendable`.
package final class WebhookSender: Service, Sendable {
    /// How often due deliveries are looked for.
    static let pollInterval = Duration.seconds(1)
    /// The most deliveries one sender takes at once.
    static let batchSize = 16

    private let store: any WebhookStorage
    private let policy: WebhookURLPolicy
    private let retry: WebhookRetryPolicy
    private let transport: any WebhookTransport
    private let clock: any MonotonicClock
    private let logger: Logger
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
    ///   - clock: The clock the polling waits on.
    ///   - logger: Where failures and turned-off endpoints are logged.
    package init(
        store: any WebhookStorage, policy: WebhookURLPolicy, retry: WebhookRetryPolicy = WebhookRetryPolicy(), transport: any WebhookTransport,
        releasesLeasesAtStart: Bool, clock: any MonotonicClock = SystemClock(), logger: Logger
    ) {
        self.store = store
        self.policy = policy
        self.retry = retry
        self.transport = transport
        self.releasesLeasesAtStart = releasesLeasesAtStart
        self.clock = clock
        self.logger = logger
        owner = "sender-" + UUID().uuidString.prefix(8).lowercased()
    }

    /// Delivers until graceful shutdown; a delivery under way then finishes.
    package func run() async throws {
        if releasesLeasesAtStart {
            do throws(StoreError) { try await store.releaseWebhookLeases() } catch { logger.error("cannot release webhook leases", metadata: ["error": "\(error.message)"]) }
        }
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                // Delivered in a task of its own, so a shutdown lets the batch finish and record its outcome.
                let attempted = await Task { await self.deliverDue(now: Date()) }.value
                guard !Task.isCancelled else { break }
                if attempted < Self.batchSize { try? await self.clock.sleep(for: Self.pollInterval) }
            }
        }
    }

    /// Takes the due deliveries and attempts each, concurrently.
    /// - Parameter now: The time: what is due, the attempt's time and the next attempt's.
    /// - Returns: How many were attempted.
    @discardableResult
    package func deliverDue(now: Date) async -> Int {
        let due: [WebhookDelivery]
        let endpoints: [String: WebhookEndpoint]
        do throws(StoreError) {
            let leaseSeconds = WebhookRetryPolicy.seconds(retry.attemptTimeout) * 3 + 5
            due = try await store.claimWebhookDeliveries(
                owner: owner, now: now, leaseUntil: now.addingTimeInterval(leaseSeconds), limit: Self.batchSize)
            guard !due.isEmpty else { return 0 }
            endpoints = Dictionary(uniqueKeysWithValues: try await store.webhookEndpoints().map { ($0.id, $0) })
        } catch {
            logger.error("cannot read the webhook outbox", metadata: ["error": "\(error.message)"])
            return 0
        }
        await withTaskGroup(of: Void.self) { group in
            for delivery in due {
                guard let endpoint = endpoints[delivery.endpointID] else { continue }
                group.addTask { await self.attempt(delivery, to: endpoint, now: now) }
            }
        }
        return due.count
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
