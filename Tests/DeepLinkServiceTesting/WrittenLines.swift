import Synchronization

/// What a log handler wrote, kept for a test to read. `Sendable`.
package final class WrittenLines: TextOutputStream, Sendable {
    private let text = Mutex("")

    /// Nothing written yet.
    package init() {}

    /// Everything written, in order.
    package var all: String { text.withLock { $0 } }

    /// Keeps `string`.
    package func write(_ string: String) { text.withLock { $0 += string } }
}
