import DeepLinkCore
import Foundation
import Logging
import Synchronization

/// Where the server's parts hand their webhook events: it writes those that an enabled endpoint
/// takes to the outbox (``WebhookStorage``), and skips the write when none does, so a server
/// without webhooks writes nothing more than before. Which types are taken is read from the
/// database at most every ``refreshInterval`` (another server may add an endpoint) and at once
/// after this server changes an endpoint. `Sendable`.
package final class WebhookEvents: Sendable {
    /// How long the endpoints read stay in use.
    package static let refreshInterval = Duration.seconds(5)

    private let store: any WebhookStorage
    private let clock: any MonotonicClock
    private let logger: Logger
    private let taken = Mutex<(types: Set<WebhookEventType>, readAt: ContinuousClock.Instant?)>(([], nil))

    /// A recorder over a store.
    package init(store: any WebhookStorage, clock: any MonotonicClock = SystemClock(), logger: Logger) {
        self.store = store
        self.clock = clock
        self.logger = logger
    }

    /// The types some enabled endpoint takes.
    package func takenTypes() async -> Set<WebhookEventType> {
        let now = clock.now
        let cached = taken.withLock { state -> Set<WebhookEventType>? in
            guard let readAt = state.readAt, readAt + Self.refreshInterval > now else { return nil }
            return state.types
        }
        if let cached { return cached }
        do {
            let types = Set(try await store.webhookEndpoints().filter { $0.disabledAt == nil }.flatMap(\.events))
            taken.withLock { $0 = (types, now) }
            return types
        } catch {
            // Not knowing, write the events: the outbox statement itself finds no endpoint if there is none.
            logger.warning("cannot read the webhook endpoints; writing events as if one takes them", metadata: ["error": "\(error.message)"])
            return Set(WebhookEventType.allCases)
        }
    }

    /// Whether some enabled endpoint takes a type.
    package func isTaken(_ type: WebhookEventType) async -> Bool {
        await takenTypes().contains(type)
    }

    /// Forgets the endpoints read, after this server changed one.
    package func endpointsChanged() {
        taken.withLock { $0.readAt = nil }
    }

    /// Writes the events some endpoint takes to the outbox.
    /// - Throws: ``StoreError`` when the outbox cannot be written: the event is not stored, so
    ///   the change it reports is not acknowledged as done with its messages.
    package func record(_ events: [WebhookEvent]) async throws(StoreError) {
        guard !events.isEmpty else { return }
        let types = await takenTypes()
        let kept = events.filter { types.contains($0.type) }
        guard !kept.isEmpty else { return }
        try await store.recordWebhookEvents(kept)
    }

    /// Writes the events, logging instead of throwing: for events of visits (store hops,
    /// claims, app opens), whose visitor is answered whatever happens to the message.
    package func recordLoggingFailure(_ events: [WebhookEvent]) async {
        do {
            try await record(events)
        } catch {
            logger.error("cannot store webhook events; they are not sent", metadata: ["events": "\(events.map(\.type.rawValue))", "error": "\(error.message)"])
        }
    }
}
