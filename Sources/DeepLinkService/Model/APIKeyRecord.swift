import Foundation

/// A stored admin API key: its public id, name and the SHA-256 of its secret, never the secret.
/// A `Sendable` value.
package struct APIKeyRecord: Sendable, Hashable {
    /// The public id, the part of the token before the secret.
    package var id: String
    /// A name for people.
    package var name: String
    /// The SHA-256 of the whole token, lowercase hex.
    package var secretHash: String
    /// When the key was created.
    package var createdAt: Date
    /// When the key was revoked; `nil` while it is valid.
    package var revokedAt: Date?
    /// When the key last signed a request or a dashboard sign-in, to the minute (uses are recorded
    /// at most once a minute per key); `nil` when never, or before it was recorded.
    package var lastUsedAt: Date?
    /// What the key may do; never empty. Keys created before scopes existed hold `admin`.
    package var scopes: Set<APIKeyScope>
    /// Who created the key; `nil` for keys created before that was recorded.
    package var createdBy: APIKeyCreator?

    /// Creates a record.
    /// - Parameters:
    ///   - id: The public id.
    ///   - name: The name.
    ///   - secretHash: The token's SHA-256 in lowercase hex.
    ///   - createdAt: The creation time.
    ///   - revokedAt: The revocation time.
    ///   - lastUsedAt: When it was last used.
    ///   - scopes: What the key may do.
    ///   - createdBy: Who created it.
    package init(
        id: String, name: String, secretHash: String, createdAt: Date, revokedAt: Date? = nil, lastUsedAt: Date? = nil,
        scopes: Set<APIKeyScope> = [.admin], createdBy: APIKeyCreator? = nil
    ) {
        self.scopes = scopes
        self.createdBy = createdBy
        self.id = id
        self.name = name
        self.secretHash = secretHash
        self.createdAt = createdAt
        self.revokedAt = revokedAt
        self.lastUsedAt = lastUsedAt
    }
}

/// Who created an API key. A `Sendable` value.
package enum APIKeyCreator: Sendable, Hashable, CustomStringConvertible {
    /// `deeplink keys create`, by whoever runs commands on the server's database.
    case commandLine
    /// A dashboard user, signed in with their password.
    case user(name: String)
    /// A dashboard session signed in with another key.
    case apiKey(id: String)

    /// The creator as the stores keep it: `cli`, `user:NAME` or `key:ID`.
    package var stored: String {
        switch self {
        case .commandLine: "cli"
        case .user(let name): "user:\(name)"
        case .apiKey(let id): "key:\(id)"
        }
    }

    /// Reads a stored creator; `nil` for text that is none of the three.
    package init?(stored: String) {
        if stored == "cli" {
            self = .commandLine
        } else if stored.hasPrefix("user:") {
            self = .user(name: String(stored.dropFirst(5)))
        } else if stored.hasPrefix("key:") {
            self = .apiKey(id: String(stored.dropFirst(4)))
        } else {
            return nil
        }
    }

    /// The creator as a person reads it: `deeplink keys create`, `user ana`, `key 0a1b2c3d4e5f`.
    package var description: String {
        switch self {
        case .commandLine: "deeplink keys create"
        case .user(let name): "user \(name)"
        case .apiKey(let id): "key \(id)"
        }
    }

    /// The creator of a key made in a dashboard session.
    package init(_ principal: DashboardPrincipal) {
        switch principal {
        case .user(let name): self = .user(name: name)
        case .apiKey(let id): self = .apiKey(id: id)
        }
    }
}
