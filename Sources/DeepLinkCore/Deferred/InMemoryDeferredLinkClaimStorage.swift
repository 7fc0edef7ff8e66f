import Foundation

/// A ``DeferredLinkClaimStorage`` that forgets when the process ends: for tests and previews.
public final class InMemoryDeferredLinkClaimStorage: DeferredLinkClaimStorage, @unchecked Sendable {
    // `@unchecked`: `claimed` is only read and written under `lock`.
    private let lock = NSLock()
    private var claimed: Bool

    /// Creates a storage.
    /// - Parameter claimed: Whether the install has already claimed. Default: `false`.
    public init(claimed: Bool = false) {
        self.claimed = claimed
    }

    /// Whether ``markClaimed()`` was called, or the storage was created claimed.
    public func isClaimed() -> Bool {
        lock.withLock { claimed }
    }

    /// Records the claim.
    public func markClaimed() {
        lock.withLock { claimed = true }
    }
}
