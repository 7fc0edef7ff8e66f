import Foundation

/// Revoking the keys someone made, and the keys made with those keys, so that no key outlives
/// the person or key it came from: a session signed in with a key can make keys, and they must
/// stop working with it.
package enum APIKeyRevocation {
    /// Revokes every active key `creator` made, then every active key those keys made, and so on,
    /// and ends the dashboard sessions signed in with any of them.
    /// - Parameters:
    ///   - creator: Whose keys: a user's, or a key's.
    ///   - store: Where the keys and sessions live.
    ///   - date: The revocation time.
    /// - Returns: The ids of the keys revoked.
    package static func revokeKeys(
        madeBy creator: APIKeyCreator, in store: any APIKeyStorage & DashboardStorage, at date: Date
    ) async throws(StoreError) -> [String] {
        var revoked: [String] = []
        var creators = [creator]
        while let next = creators.popLast() {
            let ids = try await store.revokeAPIKeys(createdBy: next, at: date)
            for id in ids { try await store.deleteDashboardSessions(of: .apiKey(id: id)) }
            revoked += ids
            creators += ids.map { APIKeyCreator.apiKey(id: $0) }
        }
        return revoked
    }
}
