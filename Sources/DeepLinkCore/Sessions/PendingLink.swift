import Foundation

/// A link that waits for the user to sign in. `Codable`, so an app can keep it across a restart
/// and hand it back with ``SessionRouter/restore(_:)``.
public struct PendingLink: Sendable, Hashable, Codable {
    /// The request as it arrived: URL, origin and idiom.
    public let request: RouteRequest
    /// When the link arrived.
    public let receivedAt: Date
    /// When the link is dropped if the user has not signed in.
    public let expiresAt: Date

    /// Creates a pending link.
    /// - Parameters:
    ///   - request: The request as it arrived.
    ///   - receivedAt: When the link arrived.
    ///   - expiresAt: When the link is dropped.
    public init(request: RouteRequest, receivedAt: Date, expiresAt: Date) {
        self.request = request
        self.receivedAt = receivedAt
        self.expiresAt = expiresAt
    }

    /// Whether the link has expired at a moment.
    /// - Parameter date: The moment to check.
    public func isExpired(at date: Date) -> Bool {
        date >= expiresAt
    }
}
