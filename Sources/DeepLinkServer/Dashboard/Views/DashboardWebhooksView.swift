import DeepLinkService
import Foundation
import Mustache

/// The values of `webhooks.mustache`: the endpoints, the form for a new one, and a new one's secret once.
struct DashboardWebhooksView: DashboardPageView {
    /// `webhooks.mustache`.
    static var template: KeyPath<DashboardTemplates, MustacheTemplate> { \.webhooks }

    /// An endpoint of the list.
    struct Endpoint {
        let id: String
        let url: String
        let events: String
        let created: String
        let createdBy: String?
        /// When and why it was turned off, or `nil` while on.
        let disabled: String?
        let failingSince: String?
        let formToken: String?
    }

    /// An event type of the form.
    struct EventType {
        let name: String
        let field: String
        let description: String
        let checked: Bool
    }

    let endpoints: [Endpoint]
    let hasEndpoints: Bool
    let types: [EventType]
    /// The URL typed, kept when the form comes back with an error.
    let url: String
    let newSecret: String?
    let error: String?
    let formToken: String?

    init(endpoints: [WebhookEndpoint], form: [String: String], newSecret: String?, error: String?, formToken: String?) {
        self.endpoints = endpoints.map { endpoint in
            Endpoint(
                id: endpoint.id, url: endpoint.url, events: endpoint.events.map(\.rawValue).joined(separator: " "),
                created: DashboardText.date(endpoint.createdAt), createdBy: endpoint.createdBy,
                disabled: endpoint.disabledAt.map { "since \(DashboardText.dateTime($0)): \(endpoint.disabledReason ?? "")" },
                failingSince: endpoint.failingSince.map(DashboardText.dateTime), formToken: formToken)
        }
        hasEndpoints = !endpoints.isEmpty
        types = WebhookEventType.allCases.map { type in
            EventType(
                name: type.rawValue, field: Self.field(of: type), description: type.summary,
                checked: form.isEmpty || newSecret != nil ? WebhookEventType.defaults.contains(type) : form[Self.field(of: type)] == "on")
        }
        url = newSecret == nil ? form["url"] ?? "" : ""
        self.newSecret = newSecret
        self.error = error
        self.formToken = formToken
    }

    /// The checkbox of an event type: `event_link_created`.
    static func field(of type: WebhookEventType) -> String {
        "event_" + type.rawValue.replacingOccurrences(of: ".", with: "_")
    }
}

/// The values of `webhookDeliveries.mustache`: one endpoint's delivery log.
struct DashboardWebhookDeliveriesView: DashboardPageView {
    /// `webhookDeliveries.mustache`.
    static var template: KeyPath<DashboardTemplates, MustacheTemplate> { \.webhookDeliveries }

    /// A delivery of the log.
    struct Delivery {
        let type: String
        let eventID: String
        let created: String
        let delivered: Bool
        let pending: Bool
        let failed: Bool
        let next: String?
        let attempts: Int
        let answer: String
        let error: String?
        let latency: String
    }

    let url: String
    let state: String
    let deliveries: [Delivery]
    let hasDeliveries: Bool

    init(endpoint: WebhookEndpoint, deliveries: [WebhookDelivery]) {
        url = endpoint.url
        state =
            endpoint.disabledAt != nil
            ? "Turned off: \(endpoint.disabledReason ?? "")."
            : endpoint.failingSince.map { "Failing since \(DashboardText.dateTime($0))." } ?? "On."
        self.deliveries = deliveries.map { delivery in
            Delivery(
                type: delivery.type.rawValue, eventID: delivery.eventID, created: DashboardText.dateTime(delivery.createdAt),
                delivered: delivery.status == .delivered, pending: delivery.status == .pending, failed: delivery.status == .failed,
                next: delivery.status == .pending && delivery.attempts > 0 ? DashboardText.dateTime(delivery.nextAttemptAt) : nil,
                attempts: delivery.attempts,
                answer: delivery.lastStatus.map { "HTTP \($0)" } ?? (delivery.attempts == 0 ? "not tried yet" : "no answer"),
                error: delivery.status == .delivered ? nil : delivery.lastError,
                latency: delivery.lastLatencyMilliseconds.map { "\($0) ms" } ?? "–")
        }
        hasDeliveries = !deliveries.isEmpty
    }
}
