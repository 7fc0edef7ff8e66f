import Foundation

/// A clock tests move by hand, shared between threads.
public final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    /// Starts the clock.
    /// - Parameter start: The first reading.
    public init(start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = start
    }

    /// The current reading.
    public var now: Date { lock.withLock { current } }

    /// Moves the clock forward.
    /// - Parameter seconds: How far.
    public func advance(by seconds: TimeInterval) {
        lock.withLock { current += seconds }
    }
}
