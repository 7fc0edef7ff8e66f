import Foundation

/// Runs blocking work on a thread of its own and waits for it without blocking a thread.
///
/// Waiting for a child process to exit, reading its output to the end or running `initdb` blocks
/// the thread that does it. Swift's cooperative pool has one thread a core, so two tests doing
/// so at once on two cores stopped every other test of the process until they were done: on a
/// loaded machine long enough for servers' and clients' deadlines to pass. Every such wait in
/// the tests goes through here.
/// - Parameter work: The blocking work.
/// - Returns: What it returns.
/// - Throws: What it throws.
public func onOwnThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// ``onOwnThread(_:)`` for work that cannot fail.
/// - Parameter work: The blocking work.
/// - Returns: What it returns.
public func onOwnThread<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}
