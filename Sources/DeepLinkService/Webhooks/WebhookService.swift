import DeepLinkCore
import Foundation

/// Managing webhook endpoints (issue 27): the admin API, the dashboard and `deeplink webhooks`
/// all go through it, so each checks an endpoint the same way. `Sendable`.
package struct WebhookService: Sendable {
    /// The most endpoints a server keeps.
    package static let maximumEndpoints = 50
    /// The most deliveries one listing shows.
    package static let maximumDeliveriesListed = 500

    /// Where endpoints and their deliveries live.
    let store: any WebhookStorage
    /// Where endpoints may point.
    package let policy: WebhookURLPolicy
    /// The server's event recorder, told when endpoints change; `nil` from the command line.
    package let events: WebhookEvents?

    /// A service over a store.
    package init(store: any WebhookStorage, policy: WebhookURLPolicy, events: WebhookEvents? = nil) {
        self.store = store
        self.policy = policy
        self.events = events
    }

    /// Creates an endpoint from the admin API's body, `{"url": …, "events": […]}`.
    /// - Parameters:
    ///   - body: The body.
    ///   - createdBy: Who creates it.
    ///   - now: The creation time.
    /// - Returns: The endpoint, its secret included: shown this once.
    /// - Throws: ``LinkServerError`` naming the bad field; `storage-unavailable`.
    package func create(from body: JSONValue, createdBy: String?, now: Date = Date()) async throws(LinkServerError) -> WebhookEndpoint {
        guard case .object(let members) = body else { throw LinkServerError(code: .invalidJSON, message: "the body must be a JSON object with url and events") }
        if let unknown = members.keys.sorted().first(where: { $0 != "url" && $0 != "events" }) {
            throw LinkServerError(code: .invalidField, message: "unknown field; a webhook endpoint has url and events", field: unknown)
        }
        guard case .string(let url)? = members["url"] else {
            throw LinkServerError(code: .invalidField, message: "url is required: the https URL messages are posted to", field: "url")
        }
        var names: [String]?
        switch members["events"] {
        case nil, .null?: names = nil
        case .array(let items)?:
            names = []
            for (index, item) in items.enumerated() {
                guard case .string(let name) = item else {
                    throw LinkServerError(code: .invalidField, message: "events[\(index)] must be an event type, a string", field: "events[\(index)]")
                }
                names?.append(name)
            }
        default:
            throw LinkServerError(code: .invalidField, message: "events must be an array of event types", field: "events")
        }
        return try await create(url: url, events: names, createdBy: createdBy, now: now)
    }

    /// Creates an endpoint.
    /// - Parameters:
    ///   - url: Where messages go.
    ///   - events: The types it takes; `nil` for ``WebhookEventType/defaults``.
    ///   - createdBy: Who creates it.
    ///   - now: The creation time.
    /// - Throws: ``LinkServerError`` naming the bad field; `storage-unavailable`.
    package func create(url: String, events names: [String]?, createdBy: String?, now: Date = Date()) async throws(LinkServerError) -> WebhookEndpoint {
        let types = try Self.types(names)
        let target = try policy.target(url)
        _ = try await policy.address(for: target)
        let existing = try await storing { () throws(StoreError) in try await store.webhookEndpoints() }
        guard existing.count < Self.maximumEndpoints else {
            throw LinkServerError(code: .invalidField, message: "this server keeps at most \(Self.maximumEndpoints) webhook endpoints; delete one first", field: "url")
        }
        let endpoint = WebhookEndpoint(
            id: WebhookEndpoint.newID(), url: url, events: types, secret: WebhookSignature.newSecret(), createdAt: Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)),
            createdBy: createdBy)
        try await storing { () throws(StoreError) in try await store.insert(endpoint) }
        events?.endpointsChanged()
        return endpoint
    }

    /// The event types named, checked: each known and once; `nil` for the defaults.
    static func types(_ names: [String]?) throws(LinkServerError) -> [WebhookEventType] {
        guard let names else { return WebhookEventType.defaults }
        guard !names.isEmpty else {
            throw LinkServerError(code: .invalidField, message: "events is empty; name at least one event type, or leave events out for all but link.clicked", field: "events")
        }
        var types: [WebhookEventType] = []
        for (index, name) in names.enumerated() {
            guard let type = WebhookEventType(rawValue: name) else {
                throw LinkServerError(
                    code: .invalidField,
                    message: "\(name.debugDescription) is not an event type; they are \(WebhookEventType.allCases.map(\.rawValue).joined(separator: ", "))",
                    field: "events[\(index)]")
            }
            guard !types.contains(type) else {
                throw LinkServerError(code: .invalidField, message: "events names \(name) twice", field: "events[\(index)]")
            }
            types.append(type)
        }
        return types.sorted()
    }

    /// Every endpoint, oldest first.
    package func list() async throws(LinkServerError) -> [WebhookEndpoint] {
        try await storing { () throws(StoreError) in try await store.webhookEndpoints() }
    }

    /// One endpoint.
    /// - Throws: ``LinkServerError`` `not-found`.
    package func endpoint(id: String) async throws(LinkServerError) -> WebhookEndpoint {
        guard let endpoint = try await list().first(where: { $0.id == id }) else { throw Self.notFound(id) }
        return endpoint
    }

    /// Deletes an endpoint and its deliveries, sent or not.
    /// - Throws: ``LinkServerError`` `not-found`.
    package func delete(id: String) async throws(LinkServerError) {
        guard try await storing({ () throws(StoreError) in try await store.deleteWebhookEndpoint(id: id) }) else { throw Self.notFound(id) }
        events?.endpointsChanged()
    }

    /// Turns an endpoint that was turned off for failing on again; its pending deliveries are due at once.
    /// - Throws: ``LinkServerError`` `not-found`.
    package func enable(id: String, now: Date = Date()) async throws(LinkServerError) -> WebhookEndpoint {
        guard try await storing({ () throws(StoreError) in try await store.enableWebhookEndpoint(id: id, now: now) }) else { throw Self.notFound(id) }
        events?.endpointsChanged()
        return try await endpoint(id: id)
    }

    /// An endpoint's latest deliveries, newest first.
    /// - Throws: ``LinkServerError`` `not-found`, or `invalid-field` for a limit out of range.
    package func deliveries(id: String, limit: Int = 100) async throws(LinkServerError) -> [WebhookDelivery] {
        guard (1...Self.maximumDeliveriesListed).contains(limit) else {
            throw LinkServerError(code: .invalidField, message: "limit must be a whole number from 1 to \(Self.maximumDeliveriesListed)", field: "limit")
        }
        _ = try await endpoint(id: id)
        return try await storing { () throws(StoreError) in try await store.webhookDeliveries(endpointID: id, limit: limit) }
    }

    static func notFound(_ id: String) -> LinkServerError {
        LinkServerError(code: .notFound, message: "there is no webhook endpoint \(id)")
    }
}
