import Foundation

extension SQLLinkStore {
    private static var endpointColumns: String {
        "id, url, events, secret, created_at, created_by, disabled_at, disabled_reason, failing_since"
    }

    private static var deliveryColumns: String {
        "id, event_id, endpoint_id, event_type, payload, created_at, status, attempts, next_attempt_at, last_attempt_at, last_status, "
            + "last_error, last_latency_ms, delivered_at"
    }

    /// A time as milliseconds since 1970, as the delivery schedule keeps it.
    private static func milliseconds(_ date: Date) -> SQLValue {
        .integer(Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))
    }

    /// Stores a new endpoint; see ``WebhookStorage``.
    package func insert(_ endpoint: WebhookEndpoint) async throws(StoreError) {
        try await run(
            SQLQuery(
                "INSERT INTO webhook_endpoints (\(Self.endpointColumns)) VALUES (\(placeholders(9)))",
                [
                    .text(endpoint.id), .text(endpoint.url), .text(LinkTags.stored(endpoint.events.map(\.rawValue))), .text(endpoint.secret),
                    .seconds(endpoint.createdAt), .text(endpoint.createdBy), .seconds(endpoint.disabledAt), .text(endpoint.disabledReason),
                    .seconds(endpoint.failingSince),
                ], action: "create a webhook endpoint", duplicateMessage: "the webhook endpoint \(endpoint.id) exists"))
    }

    /// Every endpoint, oldest first.
    package func webhookEndpoints() async throws(StoreError) -> [WebhookEndpoint] {
        try await run(
            SQLQuery("SELECT \(Self.endpointColumns) FROM webhook_endpoints ORDER BY created_at, id", action: "list webhook endpoints") {
                rows throws(StoreError) in try rows.map(WebhookEndpoint.init(row:))
            })
    }

    /// Deletes an endpoint and, by the foreign key, its deliveries.
    package func deleteWebhookEndpoint(id: String) async throws(StoreError) -> Bool {
        // The endpoint first, so no event is fanned out to it meanwhile; its deliveries explicitly
        // too, as SQLite cascades only with foreign keys on.
        let existed = try await run(
            SQLQuery("DELETE FROM webhook_endpoints WHERE id = $1 RETURNING id", [.text(id)], action: "delete a webhook endpoint") { !$0.isEmpty })
        try await run(SQLQuery("DELETE FROM webhook_deliveries WHERE endpoint_id = $1", [.text(id)], action: "delete a webhook endpoint's deliveries"))
        return existed
    }

    /// Turns an endpoint on again; its pending deliveries become due now.
    package func enableWebhookEndpoint(id: String, now: Date) async throws(StoreError) -> Bool {
        let exists = try await run(
            SQLQuery(
                "UPDATE webhook_endpoints SET disabled_at = NULL, disabled_reason = NULL, failing_since = NULL WHERE id = $1 RETURNING id",
                [.text(id)], action: "enable a webhook endpoint") { !$0.isEmpty })
        if exists {
            try await run(
                SQLQuery(
                    "UPDATE webhook_deliveries SET next_attempt_at = $2 WHERE endpoint_id = $1 AND status = 'pending' AND next_attempt_at > $2",
                    [.text(id), Self.milliseconds(now)], action: "make a webhook endpoint's deliveries due"))
        }
        return exists
    }

    /// Adds events to the outbox; see ``WebhookStorage``.
    package func recordWebhookEvents(_ events: [WebhookEvent]) async throws(StoreError) {
        guard let query = webhookEventsQuery(events) else { return }
        try await run(query)
    }

    /// The statement that adds events to the outbox, one pending delivery per event and enabled
    /// endpoint that takes its type, for a caller that writes it with other statements (the click
    /// flush); `nil` for no events.
    package func webhookEventsQuery(_ events: [WebhookEvent]) -> SQLQuery<Void>? {
        guard !events.isEmpty else { return nil }
        let values = events.flatMap { event in
            [SQLValue.text(event.id), .text(event.type.rawValue), .text(event.payload), .seconds(event.createdAt), Self.milliseconds(event.createdAt)]
        }
        return SQLQuery(
            """
            INSERT INTO webhook_deliveries (id, event_id, endpoint_id, event_type, payload, created_at, status, attempts, next_attempt_at) \
            SELECT added.column1 || '.' || endpoint.id, added.column1, endpoint.id, added.column2, added.column3, added.column4, 'pending', 0, \
            added.column5 FROM (VALUES \(rowPlaceholders(rows: events.count, columns: 5))) AS added, webhook_endpoints AS endpoint \
            WHERE endpoint.disabled_at IS NULL AND \(Self.findText)(endpoint.events, ',' || added.column2 || ',') > 0
            """, values, action: events.count == 1 ? "record a webhook event" : "record \(events.count) webhook events")
    }

    /// Takes one endpoint's due deliveries for one sender. The inner `SELECT` picks candidates;
    /// the outer `UPDATE` checks each again as it takes its row, so of two senders racing for a
    /// row only the first takes it (PostgreSQL rechecks an updated row's conditions; SQLite has
    /// one writer).
    package func claimWebhookDeliveries(
        owner: String, endpointID: String, now: Date, leaseUntil: Date, limit: Int
    ) async throws(StoreError) -> [WebhookDelivery] {
        let due = "endpoint_id = $5 AND status = 'pending' AND next_attempt_at <= $3 AND (lease_until IS NULL OR lease_until < $3)"
        return try await run(
            SQLQuery(
                """
                UPDATE webhook_deliveries SET lease_owner = $1, lease_until = $2 \
                WHERE id IN (SELECT id FROM webhook_deliveries WHERE \(due) \
                AND EXISTS (SELECT 1 FROM webhook_endpoints WHERE id = $5 AND disabled_at IS NULL) ORDER BY next_attempt_at, id LIMIT $4) \
                AND \(due) RETURNING \(Self.deliveryColumns)
                """,
                [.text(owner), Self.milliseconds(leaseUntil), Self.milliseconds(now), .integer(Int64(limit)), .text(endpointID)],
                action: "claim webhook deliveries"
            ) { rows throws(StoreError) in try rows.map(WebhookDelivery.init(row:)) })
    }

    /// Records an attempt's outcome; see ``WebhookStorage``.
    package func finishWebhookDelivery(
        _ delivery: WebhookDelivery, owner: String, countsAgainstEndpoint: Bool, disableBefore: Date, reason: String
    ) async throws(StoreError) -> Bool {
        let held = try await run(
            SQLQuery(
                """
                UPDATE webhook_deliveries SET status = $3, attempts = $4, next_attempt_at = $5, last_attempt_at = $6, last_status = $7, \
                last_error = $8, last_latency_ms = $9, delivered_at = $10, lease_owner = NULL, lease_until = NULL \
                WHERE id = $1 AND lease_owner = $2 RETURNING id
                """,
                [
                    .text(delivery.id), .text(owner), .text(delivery.status.rawValue), .integer(Int64(delivery.attempts)),
                    Self.milliseconds(delivery.nextAttemptAt), .seconds(delivery.lastAttemptAt), .integer(delivery.lastStatus.map(Int64.init)),
                    .text(delivery.lastError), .integer(delivery.lastLatencyMilliseconds.map(Int64.init)), .seconds(delivery.deliveredAt),
                ], action: "record a webhook delivery") { !$0.isEmpty })
        // Another sender took the delivery since (its lease ended): its attempt decides.
        guard held else { return false }
        let now = delivery.lastAttemptAt ?? Date()
        if delivery.status == .delivered {
            try await run(
                SQLQuery(
                    "UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL", [.text(delivery.endpointID)],
                    action: "record a webhook endpoint's success"))
            return false
        }
        guard countsAgainstEndpoint else { return false }
        try await run(
            SQLQuery(
                "UPDATE webhook_endpoints SET failing_since = $2 WHERE id = $1 AND failing_since IS NULL", [.text(delivery.endpointID), .seconds(now)],
                action: "record a webhook endpoint's failure"))
        return try await run(
            SQLQuery(
                """
                UPDATE webhook_endpoints SET disabled_at = $2, disabled_reason = $3 \
                WHERE id = $1 AND disabled_at IS NULL AND failing_since <= $4 RETURNING id
                """, [.text(delivery.endpointID), .seconds(now), .text(reason), .seconds(disableBefore)], action: "turn off a failing webhook endpoint"
            ) { !$0.isEmpty })
    }

    /// An endpoint's latest deliveries, newest first.
    package func webhookDeliveries(endpointID: String, limit: Int) async throws(StoreError) -> [WebhookDelivery] {
        try await run(
            SQLQuery(
                "SELECT \(Self.deliveryColumns) FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2",
                [.text(endpointID), .integer(Int64(limit))], action: "list webhook deliveries"
            ) { rows throws(StoreError) in try rows.map(WebhookDelivery.init(row:)) })
    }

    /// Deletes finished deliveries older than the retention; see ``WebhookStorage``.
    package func purgeWebhookDeliveries(finishedBefore before: Date) async throws(StoreError) -> Int {
        try await run(
            SQLQuery(
                "DELETE FROM webhook_deliveries WHERE status IN ('delivered', 'failed') AND last_attempt_at < $1 RETURNING id", [.seconds(before)],
                action: "purge webhook deliveries") { $0.count })
    }

    /// Ends every lease.
    package func releaseWebhookLeases() async throws(StoreError) {
        try await run(
            SQLQuery(
                "UPDATE webhook_deliveries SET lease_owner = NULL, lease_until = NULL WHERE lease_owner IS NOT NULL", action: "release webhook leases"))
    }
}

extension WebhookEndpoint {
    /// Reads a row of `webhook_endpoints`.
    init(row: any SQLRow) throws(StoreError) {
        let events: String = try row.required("events", of: "webhook_endpoints")
        self.init(
            id: try row.required("id", of: "webhook_endpoints"), url: try row.required("url", of: "webhook_endpoints"),
            events: LinkTags.read(stored: events).compactMap(WebhookEventType.init(rawValue:)).sorted(),
            secret: try row.required("secret", of: "webhook_endpoints"), createdAt: try row.required("created_at", of: "webhook_endpoints"),
            createdBy: try row.text("created_by"), disabledAt: try row.date("disabled_at"), disabledReason: try row.text("disabled_reason"),
            failingSince: try row.date("failing_since"))
    }
}

extension WebhookDelivery {
    /// Reads a row of `webhook_deliveries`.
    init(row: any SQLRow) throws(StoreError) {
        let typeName: String = try row.required("event_type", of: "webhook_deliveries")
        let statusName: String = try row.required("status", of: "webhook_deliveries")
        guard let type = WebhookEventType(rawValue: typeName), let status = Status(rawValue: statusName) else {
            throw StoreError(code: .corrupt, message: "a webhook_deliveries row names the unknown type \(typeName) or status \(statusName)")
        }
        let next: Int64 = try row.required("next_attempt_at", of: "webhook_deliveries")
        self.init(
            id: try row.required("id", of: "webhook_deliveries"), eventID: try row.required("event_id", of: "webhook_deliveries"),
            endpointID: try row.required("endpoint_id", of: "webhook_deliveries"), type: type,
            payload: try row.required("payload", of: "webhook_deliveries"), createdAt: try row.required("created_at", of: "webhook_deliveries"),
            status: status, attempts: Int(try row.required("attempts", of: "webhook_deliveries") as Int64),
            nextAttemptAt: Date(timeIntervalSince1970: Double(next) / 1000), lastAttemptAt: try row.date("last_attempt_at"),
            lastStatus: try row.integer("last_status").map(Int.init), lastError: try row.text("last_error"),
            lastLatencyMilliseconds: try row.integer("last_latency_ms").map(Int.init), deliveredAt: try row.date("delivered_at"))
    }
}
