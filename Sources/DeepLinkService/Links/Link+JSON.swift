import DeepLinkCore
import Foundation

extension Link {
    /// The link as the admin API returns it, with its public `url`; `deeplink links` prints the same.
    /// - Parameter origin: Where short links are addressed, or `nil` (then `url` is `null`).
    package func json(origin: ShortLinkOrigin?) -> JSONValue {
        var object: [String: JSONValue] = [
            "url": origin.map { .string($0.url("/\(code)")) } ?? .null,
            "createdAt": .string(Self.timestamp(createdAt)),
            "updatedAt": .string(Self.timestamp(updatedAt)),
            // The password itself is write-only.
            "passwordProtected": .bool(isPasswordProtected),
        ]
        var groups: [LinkField.Group: [String: JSONValue]] = [:]
        for field in LinkField.all {
            let value = field.json(of: self)
            if field.group == .link { object[field.name] = value } else { groups[field.group, default: [:]][field.name] = value }
        }
        for (group, members) in groups { object[group.rawValue] = .object(members) }
        return .object(object)
    }

    /// An RFC 3339 UTC time without fractional seconds.
    package static func timestamp(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }
}
