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

    /// Creates a record.
    /// - Parameters:
    ///   - id: The public id.
    ///   - name: The name.
    ///   - secretHash: The token's SHA-256 in lowercase hex.
    ///   - createdAt: The creation time.
    ///   - revokedAt: The revocation time.
    ///   - lastUsedAt: When it was last used.
    package init(id: String, name: String, secretHash: String, createdAt: Date, revokedAt: Date? = nil, lastUsedAt: Date? = nil) {
        self.id = id
        self.name = name
        self.secretHash = secretHash
        self.createdAt = createdAt
        self.revokedAt = revokedAt
        self.lastUsedAt = lastUsedAt
    }
}
