/// Keeps whether this install already claimed its deferred deep link, across launches: the
/// seam between ``DeferredLinkClaimer`` and where the flag lives.
///
/// ``UserDefaultsDeferredLinkClaimStorage`` is the default; ``InMemoryDeferredLinkClaimStorage``
/// is for tests. The flag should go away with the app, so that a reinstall claims again: keep it
/// out of the keychain, which survives deleting the app.
public protocol DeferredLinkClaimStorage: Sendable {
    /// Whether the server already answered a claim from this install.
    func isClaimed() -> Bool
    /// Records that the server answered a claim from this install, for good.
    func markClaimed()
}
