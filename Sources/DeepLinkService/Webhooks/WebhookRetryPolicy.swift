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
