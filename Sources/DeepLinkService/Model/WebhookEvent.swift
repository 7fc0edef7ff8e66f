import DeepLinkCore
import Foundation

/// One thing that happened, as a webhook message: its id (the `webhook-id` every attempt to every
/// endpoint sends, so a receiver can drop a repeat), its type and its body. A `Sendable` value.
///
/// The body follows the Standard Webhooks payload shape: `{"type": "link.created", "timestamp":
/// "2026-11-27T10:00:00Z", "data": {…}}`.
package struct WebhookEvent: Sendable, Hashable {
    /// `msg_` and a time-ordered random token (``DeferredClick/generateToken(at:)``).
    package let id: String
    /// What it reports.
    package let type: WebhookEventType
    /// When it happened.
    package let createdAt: Date
    /// The JSON body sent to every endpoint.
    package let payload: String

    /// An event with a new id.
    /// - Parameters:
    ///   - type: What it reports.
    ///   - data: The `data` object.
    ///   - now: When it happened.
    package init(_ type: WebhookEventType, data: JSONValue, now: Date = Date()) {
        // Time-ordered, as deferred clicks' tokens are, so the outbox's key grows at its end.
        self.init(id: "msg_" + DeferredClick.generateToken(at: now), type: type, createdAt: now, data: data)
    }

    /// An event with a given id, for tests and for reading one back.
    package init(id: String, type: WebhookEventType, createdAt: Date, data: JSONValue) {
        self.id = id
        self.type = type
        self.createdAt = createdAt
        payload = JSONWriter.write(["type": .string(type.rawValue), "timestamp": .string(Link.timestamp(createdAt)), "data": data])
    }
}

extension WebhookEvent {
    /// `link.created`, `link.updated`: the link as the admin API returns it.
    package static func link(_ type: WebhookEventType, _ link: Link, origin: ShortLinkOrigin?, now: Date = Date()) -> WebhookEvent {
        WebhookEvent(type, data: link.json(origin: origin), now: now)
    }

    /// `link.deleted`: the code of the deleted link.
    package static func linkDeleted(code: String, now: Date = Date()) -> WebhookEvent {
        WebhookEvent(.linkDeleted, data: ["code": .string(code)], now: now)
    }

    /// `link.clicked`: how many people opened a link from one source on one day since the last write.
    package static func linkClicked(_ click: Click, count: Int, now: Date = Date()) -> WebhookEvent {
        func text(_ value: String) -> JSONValue { value.isEmpty ? .null : .string(value) }
        return WebhookEvent(
            .linkClicked,
            data: [
                "code": .string(click.code), "count": .number(Double(count)), "day": .string(click.day), "platform": .string(click.platform.rawValue),
                "referrerDomain": text(click.referrerDomain),
                "utm": ["source": text(click.utmSource), "medium": text(click.utmMedium), "campaign": text(click.utmCampaign)],
            ], now: now)
    }

    /// `link.store_visited`, `install.claimed`, `app.opened`: a link (or `null` for a Firebase long
    /// link, which has none) and the visitor's platform.
    package static func visit(_ type: WebhookEventType, code: String?, platform: ClientPlatform, deepLink: String? = nil, now: Date = Date()) -> WebhookEvent {
        var data: [String: JSONValue] = ["code": code.map(JSONValue.string) ?? .null, "platform": .string(platform.rawValue)]
        if let deepLink { data["deepLink"] = .string(deepLink) }
        return WebhookEvent(type, data: .object(data), now: now)
    }
}
