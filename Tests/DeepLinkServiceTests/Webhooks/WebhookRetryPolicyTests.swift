import DeepLinkService
import Foundation
import Testing

/// The delivery's next state after an attempt, as a function of the attempt and the time alone:
/// no receiver, no database and no waiting, so the whole schedule (a day of retries, the give-up,
/// the turn-off) is checked in microseconds.
struct WebhookRetryPolicyTests {
    static let created = Date(timeIntervalSince1970: 1_800_000_000)
    static let policy = WebhookRetryPolicy()

    static func delivery(attempts: Int = 0) -> WebhookDelivery {
        WebhookDelivery(
            id: "e.1", eventID: "msg_1", endpointID: "ep_1", type: .linkCreated, payload: "{}", createdAt: created, status: .pending,
            attempts: attempts, nextAttemptAt: created)
    }

    @Test func aTwoHundredIsDeliveredWithItsTimeStatusAndLatency() {
        let now = Self.created.addingTimeInterval(2)
        let outcome = Self.policy.outcome(
            of: Self.delivery(), attempt: WebhookAttempt(status: 204, error: nil), sent: true, at: now, took: .milliseconds(37), jitter: 1)
        #expect(outcome.delivery.status == .delivered)
        #expect(outcome.delivery.deliveredAt == now)
        #expect(outcome.delivery.lastAttemptAt == now)
        #expect(outcome.delivery.attempts == 1)
        #expect(outcome.delivery.lastStatus == 204)
        #expect(outcome.delivery.lastLatencyMilliseconds == 37)
        #expect(!outcome.gaveUp)
    }

    /// 5 s, 10 s, 20 s, … doubling to an hour, times the jitter.
    @Test(arguments: [
        (0, 1.0, 5.0), (1, 1.0, 10.0), (2, 1.0, 20.0), (3, 0.5, 20.0), (9, 1.0, 2560.0), (10, 1.0, 3600.0), (40, 1.0, 3600.0), (40, 0.5, 1800.0),
    ] as [(Int, Double, Double)])
    func aFailureIsTriedAgainAfterTheDoublingWait(attemptsBefore: Int, jitter: Double, wait: Double) {
        let now = Self.created.addingTimeInterval(60)
        let outcome = Self.policy.outcome(
            of: Self.delivery(attempts: attemptsBefore), attempt: WebhookAttempt(status: 500, error: "HTTP 500: oops"), sent: true, at: now,
            took: .seconds(1), jitter: jitter)
        #expect(outcome.delivery.status == .pending)
        #expect(outcome.delivery.nextAttemptAt == now.addingTimeInterval(wait))
        #expect(outcome.delivery.lastError == "HTTP 500: oops")
        #expect(outcome.delivery.attempts == attemptsBefore + 1)
        #expect(!outcome.gaveUp)
    }

    @Test func aFailureWhoseRetryWouldFallPastTheWindowIsGivenUp() {
        // An hour's wait from 23:30 after the event ends past the 24-hour window.
        let now = Self.created.addingTimeInterval(23.5 * 3600)
        let outcome = Self.policy.outcome(
            of: Self.delivery(attempts: 20), attempt: WebhookAttempt(status: nil, error: "connection refused"), sent: true, at: now, took: .seconds(1),
            jitter: 1)
        #expect(outcome.delivery.status == .failed)
        #expect(outcome.gaveUp)
        let sooner = Self.policy.outcome(
            of: Self.delivery(attempts: 20), attempt: WebhookAttempt(status: nil, error: "connection refused"), sent: true,
            at: Self.created.addingTimeInterval(22.5 * 3600), took: .seconds(1), jitter: 1)
        #expect(sooner.delivery.status == .pending, "a retry that still falls within the window is kept")
    }

    @Test func onlyAMessageThatLeftTheServerCountsTowardsTurningTheEndpointOff() {
        let now = Self.created.addingTimeInterval(60)
        let refused = Self.policy.outcome(
            of: Self.delivery(), attempt: WebhookAttempt(status: nil, error: "not sent: no answer from DNS"), sent: false, at: now, took: .zero,
            jitter: 1)
        #expect(!refused.countsAgainstEndpoint)
        #expect(refused.delivery.status == .pending, "the delivery is still tried again")
        let sent = Self.policy.outcome(
            of: Self.delivery(), attempt: WebhookAttempt(status: 503, error: "HTTP 503"), sent: true, at: now, took: .zero, jitter: 1)
        #expect(sent.countsAgainstEndpoint)
        #expect(sent.disableBefore == now.addingTimeInterval(-24 * 3600))
        #expect(sent.disableReason == "every delivery failed for 24 hours; the last: HTTP 503")
    }

    @Test func aShortTurnOffPeriodIsSaidInSeconds() {
        var policy = WebhookRetryPolicy()
        policy.disableAfter = .seconds(90)
        let outcome = policy.outcome(
            of: Self.delivery(), attempt: WebhookAttempt(status: nil, error: nil), sent: true, at: Self.created, took: .zero, jitter: 1)
        #expect(outcome.disableReason == "every delivery failed for 90 seconds; the last: no answer")
    }
}
