/// A per-client limit on how often something may happen: ``RateLimiter`` counts in this
/// process's memory, ``SharedRateLimiter`` in the database every server shares. `Sendable`.
package protocol RequestLimiter: Sendable {
    /// Takes a token for a client.
    /// - Parameter client: The client's key: an address, an API key's id.
    /// - Returns: `nil` when allowed, or the whole seconds until a token is available, at least 1.
    func take(_ client: String) async -> Int?

    /// Returns a token taken for something that turned out not to count, such as a sign-in that
    /// succeeded where only failures are limited.
    /// Takes `count` tokens for one client at once, all or none: a bulk request counts its items.
    /// - Returns: `nil` when allowed, or the seconds until that many tokens are available.
    func take(_ client: String, count: Int) async -> Int?

    /// - Parameter client: The client's key.
    func giveBack(_ client: String) async
}
