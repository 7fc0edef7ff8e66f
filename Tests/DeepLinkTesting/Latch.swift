import Synchronization

/// A one-time signal between tasks: ``wait()`` returns once ``open()`` has been called, at once
/// if it already has. For a test to wait for the step another task has reached (work that has
/// started, a timeout that has fired) instead of sleeping for long enough. `Sendable`.
public final class Latch: Sendable {
    private struct State {
        var isOpen = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// A closed latch.
    public init() {}

    /// Whether ``open()`` has been called.
    public var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Opens the latch: every waiting task goes on, and later waits return at once.
    public func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Returns once the latch is open.
    public func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiting.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }
}
