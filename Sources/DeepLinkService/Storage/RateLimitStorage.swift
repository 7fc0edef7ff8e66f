import Foundation

/// The per-address limits' token buckets kept in the database, so that every server sharing it
/// counts one client once: ``SharedRateLimiter`` uses it. PostgreSQL's store is one; SQLite's
/// store can run the same statements, but its servers share one machine and keep the limits in
/// memory. `Sendable`.
///
/// A bucket holds up to `perMinute` tokens and refills continuously, `perMinute` per minute,
/// by the time of the server that takes from it (servers' clocks are assumed to agree to within
/// a fraction of a second; a clock behind the last update refills nothing).
package protocol RateLimitStorage: Sendable {
    /// Takes tokens from several clients' buckets of one limit, in one atomic statement: each
    /// client gets as many of the tokens it asks for as its bucket holds.
    /// - Parameters:
    ///   - wanted: The tokens each client asks for, by client.
    ///   - scope: The limit: `claims`, `deferred-clicks`, ….
    ///   - perMinute: The limit's rate and burst.
    ///   - now: The time of the request.
    /// - Returns: What each client got, by client.
    /// - Throws: ``StoreError`` when the database cannot be reached.
    func takeTokens(_ wanted: [String: Int], scope: String, perMinute: Int, now: Date) async throws(StoreError) -> [String: RateLimitGrant]

    /// Puts one token back into a client's bucket, for something that turned out not to count.
    /// - Parameters:
    ///   - client: The client.
    ///   - scope: The limit.
    ///   - perMinute: The limit's rate and burst, which the bucket does not exceed.
    /// - Throws: ``StoreError`` when the database cannot be reached.
    func returnToken(client: String, scope: String, perMinute: Int) async throws(StoreError)
    /// Puts `count` tokens back into a client's bucket in one statement, as a bulk request that
    /// was refused whole does.
    /// - Parameters:
    ///   - count: How many.
    ///   - client: The client.
    ///   - scope: The limit.
    ///   - perMinute: The limit's rate and burst, which the bucket does not exceed.
    /// - Throws: ``StoreError`` when the database cannot be reached.
    func returnTokens(_ count: Int, client: String, scope: String, perMinute: Int) async throws(StoreError)

    /// Deletes the buckets nobody took from since a moment a minute or more ago: they are full again.
    /// - Parameter before: The moment.
    /// - Returns: How many were deleted.
    /// - Throws: ``StoreError`` when the database cannot be reached.
    func purgeRateLimits(updatedBefore before: Date) async throws(StoreError) -> Int
}

/// What a client got from its bucket. `Sendable`.
package struct RateLimitGrant: Sendable, Hashable {
    /// How many of the tokens asked for were granted; the first requests get them.
    package var granted: Int
    /// Whole seconds until the bucket holds a token again, at least 1, for a refused request's
    /// `Retry-After`; 0 when a token is left.
    package var retryAfter: Int

    /// Creates a grant.
    /// - Parameters:
    ///   - granted: How many tokens were granted.
    ///   - retryAfter: Seconds until a token is available, or 0.
    package init(granted: Int, retryAfter: Int) {
        self.granted = granted
        self.retryAfter = retryAfter
    }
}
