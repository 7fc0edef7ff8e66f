/// Runs a slow operation once for everyone who asks while it runs: the first caller starts it,
/// and callers that arrive before it finishes wait for the same result instead of starting their
/// own. The health page's "Check now" uses it, so twenty clicks at once fetch the public host's
/// files once rather than twenty times. `Sendable`.
actor SharedRun<Value: Sendable> {
    private var running: Task<Value, Never>?

    /// How many callers are waiting for the run under way (0 when none is).
    private(set) var callersOfCurrentRun = 0

    /// Creates a runner with nothing under way.
    init() {}

    /// The result of `operation`, or of the run already under way.
    /// - Parameter operation: The operation, started only when no run is under way. It runs to
    ///   its end even when every caller is cancelled, so it must bound its own time.
    func value(of operation: @escaping @Sendable () async -> Value) async -> Value {
        let task: Task<Value, Never>
        if let running {
            task = running
        } else {
            task = Task { await operation() }
            running = task
            callersOfCurrentRun = 0
        }
        callersOfCurrentRun += 1
        let value = await task.value
        if running == task {
            running = nil
            callersOfCurrentRun = 0
        }
        return value
    }
}
