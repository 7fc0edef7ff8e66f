import Foundation

/// Where webhook endpoints, the outbox of messages and their delivery log live (issue 27). Every
/// event becomes one delivery row per endpoint that takes its type, written by one statement, so
/// an event is stored for all its endpoints or for none; servers sharing a database claim due
/// deliveries with a lease, so each is attempted by one of them at a time. `Sendable`.
package protocol WebhookStorage: Sendable {
    /// Stores a new endpoint.
    func insert(_ endpoint: WebhookEndpoint) async throws(StoreError)

    /// Every endpoint, oldest first.
    func webhookEndpoints() async throws(StoreError) -> [WebhookEndpoint]

    /// Deletes an endpoint and its deliveries; returns whether it existed.
    func deleteWebhookEndpoint(id: String) async throws(StoreError) -> Bool

    /// Turns a disabled endpoint on again, its failures forgotten and its pending deliveries due
    /// now; returns whether it exists.
    func enableWebhookEndpoint(id: String, now: Date) async throws(StoreError) -> Bool

    /// Adds events to the outbox: a pending delivery for every enabled endpoint that takes the
    /// event's type, in one statement.
    func recordWebhookEvents(_ events: [WebhookEvent]) async throws(StoreError)

    /// Takes up to `limit` due deliveries of one enabled endpoint for one sender, oldest due first,
    /// until `leaseUntil`: another sender does not take them meanwhile.
    /// - Parameters:
    ///   - owner: The sender's id.
    ///   - endpointID: The endpoint whose deliveries to take.
    ///   - now: The time due deliveries are compared with.
    ///   - leaseUntil: When the deliveries become due for another sender if this one has not finished them.
    ///   - limit: The most to take.
    func claimWebhookDeliveries(owner: String, endpointID: String, now: Date, leaseUntil: Date, limit: Int) async throws(StoreError) -> [WebhookDelivery]

    /// Records an attempt's outcome and gives the delivery back: the delivery's status, attempts,
    /// next attempt and last answer, if `owner` still holds it (else nothing); then the endpoint's
    /// failing streak (cleared by a success; a failure counts when `countsAgainstEndpoint`, so a
    /// message this server could not send is not the receiver's failure) and, when it has failed
    /// since before `disableBefore`, turns it off with `reason`.
    /// - Returns: Whether the endpoint was turned off by this call.
    func finishWebhookDelivery(
        _ delivery: WebhookDelivery, owner: String, countsAgainstEndpoint: Bool, disableBefore: Date, reason: String
    ) async throws(StoreError) -> Bool

    /// An endpoint's latest deliveries, newest first.
    func webhookDeliveries(endpointID: String, limit: Int) async throws(StoreError) -> [WebhookDelivery]

    /// Deletes delivered and given-up deliveries whose last attempt was before a time: the
    /// delivery log's retention. Pending deliveries stay, however old.
    /// - Returns: How many were deleted.
    func purgeWebhookDeliveries(finishedBefore before: Date) async throws(StoreError) -> Int

    /// Ends every lease: for a database only one server uses (SQLite), whose leases from before
    /// a crash would otherwise hold deliveries back until they end.
    func releaseWebhookLeases() async throws(StoreError)
}
