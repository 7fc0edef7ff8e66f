/// Waits until `condition` holds, for something another process or thread does, whose end the
/// test cannot be told of directly (a child process writing a file, a server's background task):
/// the condition is checked again after each short pause, so the wait ends as soon as it holds.
///
/// The bound only keeps a broken condition from hanging the run; it is far beyond what a loaded
/// machine takes, and a test never asserts on how long the wait took.
/// - Parameters:
///   - what: What is waited for, for the error.
///   - limit: The longest wait: two minutes by default.
///   - interval: The pause between two checks: 10 ms by default, longer for a check that costs.
///   - condition: Whether it has happened.
/// - Throws: ``EventuallyTimeout`` naming `what` when it has not happened within `limit`; what
///   `condition` throws.
public func eventually(
    _ what: String, within limit: Duration = .seconds(120), every interval: Duration = .milliseconds(10),
    _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + limit
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw EventuallyTimeout(what: what, limit: limit) }
        // The one pause of every such wait in the tests.
        try await Task.sleep(for: interval)
    }
}

/// What ``eventually(_:within:every:_:)`` throws when the condition never held. `Sendable`.
public struct EventuallyTimeout: Error, CustomStringConvertible {
    /// What was waited for.
    public let what: String
    /// How long.
    public let limit: Duration

    public var description: String { "\(what) did not happen within \(limit)" }
}
