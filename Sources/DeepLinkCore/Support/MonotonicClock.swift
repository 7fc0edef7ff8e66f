/// A monotonic clock to read and to wait on. The package's time-based parts (cache lifetimes,
/// flush intervals, rate limits) take one: ``SystemClock`` when they run, a clock a test moves by
/// hand in their tests, so that time is tested without sleeping. `Sendable`.
package protocol MonotonicClock: Sendable {
    /// The current moment.
    var now: ContinuousClock.Instant { get }

    /// Waits until a moment.
    /// - Parameter deadline: The moment.
    /// - Throws: `CancellationError` when the task is cancelled first.
    func sleep(until deadline: ContinuousClock.Instant) async throws
}

extension MonotonicClock {
    /// Waits for a duration from now.
    /// - Parameter duration: How long.
    /// - Throws: `CancellationError` when the task is cancelled first.
    package func sleep(for duration: Duration) async throws {
        try await sleep(until: now + duration)
    }
}

/// The system's monotonic clock, `ContinuousClock`, which goes on while the machine sleeps.
///
/// A wrapper rather than a conformance of `ContinuousClock` itself: with Swift 6.3.1, witnessing
/// its `sleep(until:tolerance:)` through this protocol crashed the test process (signal 11 in
/// `swift_job_run`, in two full test runs out of two; none in four runs with this wrapper).
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
package struct SystemClock: MonotonicClock {
    /// Creates the clock.
    package init() {}

    /// The current moment.
    package var now: ContinuousClock.Instant { .now }

    /// Waits until a moment; see ``MonotonicClock``.
    package func sleep(until deadline: ContinuousClock.Instant) async throws {
        try await Task.sleep(until: deadline, clock: .continuous)
    }
}
