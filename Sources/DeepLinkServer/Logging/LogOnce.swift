import Synchronization

/// A flag set once and shared by every copy of the value holding it, so that a warning about how
/// the server is deployed is logged on the first request that shows it, not on every one. `Sendable`.
final class LogOnce: Sendable {
    private let value = Atomic(false)

    /// Creates an unset flag.
    init() {}

    /// Sets the flag; whether it was set before.
    func set() -> Bool { value.exchange(true, ordering: .relaxed) }
}
