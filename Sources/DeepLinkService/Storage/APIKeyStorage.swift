import Foundation

/// Where admin API keys live: the auth middleware and `deeplink keys` use it. `Sendable`.
package protocol APIKeyStorage: Sendable {
    /// Stores a new API key.
    /// - Parameter key: The key.
    /// - Throws: ``StoreError`` with code `duplicate` when the id is taken.
    func insert(_ key: APIKeyRecord) async throws(StoreError)

    /// The API key with an id, revoked or not, or `nil`.
    /// - Parameter id: The key's public id.
    func apiKey(id: String) async throws(StoreError) -> APIKeyRecord?

    /// Every API key, oldest first.
    func apiKeys() async throws(StoreError) -> [APIKeyRecord]

    /// Marks a key revoked; revoking twice keeps the first time.
    /// - Parameters:
    ///   - id: The key's public id.
    ///   - date: The revocation time.
    /// Revokes every active key a creator made, as deleting a user does.
    /// - Parameters:
    ///   - creator: Who created them.
    ///   - date: The revocation time.
    /// - Returns: The ids of the keys revoked.
    func revokeAPIKeys(createdBy creator: APIKeyCreator, at date: Date) async throws(StoreError) -> [String]

    /// - Returns: Whether a key with that id exists.
    func revokeAPIKey(id: String, at date: Date) async throws(StoreError) -> Bool

    /// Records that a key was used, keeping the later of the stored time and this one.
    /// - Parameters:
    ///   - id: The key's public id.
    ///   - date: When it was used.
    func recordAPIKeyUse(id: String, at date: Date) async throws(StoreError)
}
