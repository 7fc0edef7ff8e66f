import Foundation

/// What the dashboard keeps beyond links, keys and clicks: its users and sign-in sessions. `Sendable`.
package protocol DashboardStorage: Sendable {
    /// Stores a new dashboard user.
    /// - Parameter user: The user, with the password already hashed.
    /// - Throws: ``StoreError`` with code `duplicate` when the name is taken.
    func insert(_ user: DashboardUser) async throws(StoreError)

    /// The dashboard user with a name, or `nil`.
    /// - Parameter name: The user's name, compared exactly.
    func dashboardUser(name: String) async throws(StoreError) -> DashboardUser?

    /// Every dashboard user, by name.
    func dashboardUsers() async throws(StoreError) -> [DashboardUser]

    /// Deletes a dashboard user and ends their sessions.
    /// - Parameter name: The user's name.
    /// Changes a user's role.
    /// - Returns: Whether there was such a user.
    func setDashboardUserRole(name: String, role: DashboardRole) async throws(StoreError) -> Bool

    /// - Returns: Whether the user existed.
    func deleteDashboardUser(name: String) async throws(StoreError) -> Bool

    /// Stores a new sign-in session.
    /// - Parameter session: The session; only the hash of its cookie is stored.
    func insert(_ session: DashboardSession) async throws(StoreError)

    /// The unexpired session whose cookie hashes to `idHash`, or `nil`.
    /// - Parameters:
    ///   - idHash: The SHA-256 of the session cookie, lowercase hex.
    ///   - now: The current time; an expired session is not returned.
    func dashboardSession(idHash: String, now: Date) async throws(StoreError) -> DashboardSession?

    /// Ends a session (sign-out).
    /// - Parameter idHash: The SHA-256 of the session cookie.
    func deleteDashboardSession(idHash: String) async throws(StoreError)

    /// Ends every session of one principal: revoking a key or deleting a user signs them out.
    /// - Parameter principal: Who signed in.
    func deleteDashboardSessions(of principal: DashboardPrincipal) async throws(StoreError)

    /// Deletes the sessions that expired before a time.
    /// - Parameter now: The current time.
    /// - Returns: How many were deleted.
    func purgeDashboardSessions(now: Date) async throws(StoreError) -> Int
}
