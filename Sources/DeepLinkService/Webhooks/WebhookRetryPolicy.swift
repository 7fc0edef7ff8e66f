import Foundation

/// When a failed delivery is tried again, when it is given up, and when its endpoint is turned
/// off. A `Sendable` value.
///
/// The wait after the n-th failed attempt is `initialDelay × 2^(n-1)`, at most `maximumDelay`,
/// times a random factor from 0.5 to 1 (jitter, so that receivers coming back are not hit by every
/// retry at once): 5 s, 10 s, 20 s, … up to an hour. A delivery still failing `retryWindow` after
/// its event is given up (`failed`); an endpoint whose every delivery has failed for
/// `disableAfter` is turned off, saying why, and keeps its pending deliveries until it is turned on again.
package struct WebhookRetryPolicy: Sendable, Hashable {
    /// The wait after the first failure.
    package var initialDelay: Duration = .seconds(5)
    /// The longest wait between attempts.
    package var maximumDelay: Duration = .seconds(3600)
    /// How long after its event a delivery is still tried.
    package var retryWindow: Duration = .seconds(24 * 3600)
    /// How long an endpoint fails every delivery before it is turned off.
    package var disableAfter: Duration = .seconds(24 * 3600)
    /// How long one attempt may take, connecting and answering.
    package var attemptTimeout: Duration = .seconds(10)

    /// The default policy.
    package init() {}

    /// The wait after a failed attempt.
    /// - Parameters:
    ///   - attempts: The attempts made so far, the failed one included (1 or more).
    ///   - jitter: A factor from 0.5 to 1.
    package func delay(afterAttempts attempts: Int, jitter: Double) -> Duration {
        let exponent = min(max(attempts - 1, 0), 30)
        let base = min(Self.seconds(initialDelay) * pow(2, Double(exponent)), Self.seconds(maximumDelay))
        return .milliseconds(Int64((base * min(max(jitter, 0.5), 1) * 1000).rounded()))
    }

    /// A duration in seconds.
    package static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// What one attempt of a delivery leads to: the delivery as it is recorded next, and what the
/// sender does about it. A `Sendable` value, from ``WebhookRetryPolicy/outcome(of:attempt:sent:at:took:jitter:)``.
package struct WebhookDeliveryOutcome: Sendable, Hashable {
    /// The delivery as it is recorded: delivered, pending with its next attempt's time, or failed.
    package var delivery: WebhookDelivery
    /// Whether the delivery was given up (it is `failed`), which the sender logs.
    package var gaveUp: Bool
    /// Whether the attempt counts towards turning the endpoint off: only a message that left the
    /// server does, so a refusal of the server's own (DNS down, the address rules) does not.
    package var countsAgainstEndpoint: Bool
    /// The endpoint is turned off when every delivery since this time has failed.
    package var disableBefore: Date
    /// Why, if it is turned off.
    package var disableReason: String
}

extension WebhookRetryPolicy {
    /// The next state of a delivery after an attempt, decided from the attempt's result and the
    /// time alone (the sender does the I/O around it: the lease, the DNS pin, the POST, the record).
    /// - Parameters:
    ///   - delivery: The delivery as it was leased.
    ///   - attempt: What the attempt got.
    ///   - sent: Whether the message left this server.
    ///   - now: When the attempt began: its recorded time, and the time its retry waits from.
    ///   - elapsed: How long it took.
    ///   - jitter: The retry wait's random factor, from 0.5 to 1.
    package func outcome(
        of delivery: WebhookDelivery, attempt: WebhookAttempt, sent: Bool, at now: Date, took elapsed: Duration, jitter: Double
    ) -> WebhookDeliveryOutcome {
        var next = delivery
        next.attempts += 1
        next.lastAttemptAt = now
        next.lastStatus = attempt.status
        next.lastError = attempt.error
        next.lastLatencyMilliseconds = Int(Self.seconds(elapsed) * 1000)
        var gaveUp = false
        if attempt.succeeded {
            next.status = .delivered
            next.deliveredAt = now
        } else {
            let retryAt = now.addingTimeInterval(Self.seconds(delay(afterAttempts: next.attempts, jitter: jitter)))
            if retryAt.timeIntervalSince(delivery.createdAt) > Self.seconds(retryWindow) {
                next.status = .failed
                gaveUp = true
            } else {
                next.nextAttemptAt = retryAt
            }
        }
        let hours = Int(Self.seconds(disableAfter) / 3600)
        let period = hours == 0 ? "\(Int(Self.seconds(disableAfter))) seconds" : "\(hours) hours"
        return WebhookDeliveryOutcome(
            delivery: next, gaveUp: gaveUp, countsAgainstEndpoint: sent, disableBefore: now.addingTimeInterval(-Self.seconds(disableAfter)),
            disableReason: "every delivery failed for \(period); the last: \(attempt.error ?? "no answer")")
    }
}
