import DeepLinkCore
import Foundation

/// A receiver of webhook messages: where they go, which types it gets, the secret they are signed
/// with, and whether it is on. A `Sendable` value.
package struct WebhookEndpoint: Sendable, Hashable {
    /// `wh_` and 12 hex digits.
    package let id: String
    /// Where messages are posted: an https URL (http only with `allowPrivateWebhookURLs`).
    package var url: String
    /// The types it gets, in catalogue order.
    package var events: [WebhookEventType]
    /// The signing secret, `whsec_` and base64: shown once when the endpoint is created.
    package let secret: String
    /// When it was created.
    package let createdAt: Date
    /// Who created it: a dashboard user's name or `key:ID`; `nil` from the command line.
    package let createdBy: String?
    /// When it was turned off for failing, or `nil` while it is on.
    package var disabledAt: Date?
    /// Why it was turned off.
    package var disabledReason: String?
    /// Since when every delivery to it has failed, or `nil` when the last one succeeded.
    package var failingSince: Date?

    /// Creates an endpoint value.
    package init(
        id: String, url: String, events: [WebhookEventType], secret: String, createdAt: Date, createdBy: String? = nil, disabledAt: Date? = nil,
        disabledReason: String? = nil, failingSince: Date? = nil
    ) {
        self.id = id
        self.url = url
        self.events = events
        self.secret = secret
        self.createdAt = createdAt
        self.createdBy = createdBy
        self.disabledAt = disabledAt
        self.disabledReason = disabledReason
        self.failingSince = failingSince
    }

    /// A new endpoint id: `wh_` and 48 random bits in hex.
    package static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        return "wh_" + (0..<6).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// The endpoint as the admin API answers it, without its secret.
    package var json: JSONValue {
        [
            "id": .string(id), "url": .string(url), "events": .array(events.map { .string($0.rawValue) }),
            "createdAt": .string(Link.timestamp(createdAt)), "createdBy": createdBy.map(JSONValue.string) ?? .null,
            "enabled": .bool(disabledAt == nil), "disabledAt": disabledAt.map { .string(Link.timestamp($0)) } ?? .null,
            "disabledReason": disabledReason.map(JSONValue.string) ?? .null,
            "failingSince": failingSince.map { .string(Link.timestamp($0)) } ?? .null,
        ]
    }
}

/// One message to one endpoint: its state, attempts and the last answer. A `Sendable` value.
package struct WebhookDelivery: Sendable, Hashable {
    /// Where a delivery stands.
    package enum Status: String, Sendable, Hashable {
        /// Not delivered yet; tried again at ``WebhookDelivery/nextAttemptAt``.
        case pending
        /// The endpoint answered 2xx.
        case delivered
        /// Every attempt failed for the retry window; given up.
        case failed
    }

    /// `EVENT.ENDPOINT`.
    package let id: String
    /// The message id, the `webhook-id` header.
    package let eventID: String
    /// The endpoint.
    package let endpointID: String
    /// The message's type.
    package let type: WebhookEventType
    /// The JSON body.
    package let payload: String
    /// When the event happened.
    package let createdAt: Date
    /// Where it stands.
    package var status: Status
    /// How many attempts were made.
    package var attempts: Int
    /// When the next attempt is due (pending only).
    package var nextAttemptAt: Date
    /// When the last attempt was made.
    package var lastAttemptAt: Date?
    /// The last answer's HTTP status, or `nil` when there was none (refused, timed out).
    package var lastStatus: Int?
    /// What went wrong the last time, or `nil`.
    package var lastError: String?
    /// How long the last attempt took, in milliseconds.
    package var lastLatencyMilliseconds: Int?
    /// When it was delivered.
    package var deliveredAt: Date?

    /// Creates a delivery value.
    package init(
        id: String, eventID: String, endpointID: String, type: WebhookEventType, payload: String, createdAt: Date, status: Status, attempts: Int,
        nextAttemptAt: Date, lastAttemptAt: Date? = nil, lastStatus: Int? = nil, lastError: String? = nil, lastLatencyMilliseconds: Int? = nil,
        deliveredAt: Date? = nil
    ) {
        self.id = id
        self.eventID = eventID
        self.endpointID = endpointID
        self.type = type
        self.payload = payload
        self.createdAt = createdAt
        self.status = status
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.lastAttemptAt = lastAttemptAt
        self.lastStatus = lastStatus
        self.lastError = lastError
        self.lastLatencyMilliseconds = lastLatencyMilliseconds
        self.deliveredAt = deliveredAt
    }

    /// The delivery as the admin API answers it, its message's body included.
    package var json: JSONValue {
        func time(_ date: Date?) -> JSONValue { date.map { .string(Link.timestamp($0)) } ?? .null }
        return [
            "id": .string(id), "eventId": .string(eventID), "endpointId": .string(endpointID), "type": .string(type.rawValue),
            "createdAt": time(createdAt), "status": .string(status.rawValue), "attempts": .number(Double(attempts)),
            "nextAttemptAt": status == .pending ? time(nextAttemptAt) : .null, "lastAttemptAt": time(lastAttemptAt),
            "lastStatus": lastStatus.map { .number(Double($0)) } ?? .null, "lastError": lastError.map(JSONValue.string) ?? .null,
            "lastLatencyMs": lastLatencyMilliseconds.map { .number(Double($0)) } ?? .null, "deliveredAt": time(deliveredAt),
            "payload": (try? JSONValue(parsing: payload)) ?? .string(payload),
        ]
    }
}
