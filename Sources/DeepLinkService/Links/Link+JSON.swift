import DeepLinkCore
import Foundation

extension Link {
    /// The link as the admin API returns it, with its public `url`; `deeplink links` prints the same.
    /// - Parameter linkHost: The host short links live on, or `nil` (then `url` is `null`).
    package func json(linkHost: String?) -> JSONValue {
        func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return [
            "code": .string(code),
            "url": linkHost.map { .string("https://\($0)/\(code)") } ?? .null,
            "deepLink": .string(deepLink),
            "fallbacks": [
                "appStoreID": optional(appStoreID), "playPackage": optional(playPackage), "webURL": optional(webURL),
                "iosURL": optional(iosFallbackURL), "androidURL": optional(androidFallbackURL),
            ],
            "preview": ["title": optional(preview.title), "description": optional(preview.description), "imageURL": optional(preview.imageURL)],
            "utm": [
                "source": optional(utm.source), "medium": optional(utm.medium), "campaign": optional(utm.campaign),
                "term": optional(utm.term), "content": optional(utm.content),
            ],
            "campaign": optional(campaign),
            "expiresAt": optional(expiresAt.map(Self.timestamp)),
            "createdAt": .string(Self.timestamp(createdAt)),
            "updatedAt": .string(Self.timestamp(updatedAt)),
        ]
    }

    /// An RFC 3339 UTC time without fractional seconds.
    static func timestamp(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }
}
