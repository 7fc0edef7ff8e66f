@testable import deeplink

/// What a command printed as its report and how it exits: a success's output with 0, or a
/// negative verdict's report with its status. An error is thrown.
struct CommandReport {
    let output: String
    let status: Int32

    /// Runs a command's `render()`.
    init(_ render: () throws -> String) throws {
        do {
            (output, status) = (try render(), 0)
        } catch let failure as CommandFailure where failure.isVerdict {
            (output, status) = (failure.message, failure.exitCode)
        }
    }

    /// Runs a command's asynchronous `render()`.
    init(_ render: () async throws -> String) async throws {
        do {
            (output, status) = (try await render(), 0)
        } catch let failure as CommandFailure where failure.isVerdict {
            (output, status) = (failure.message, failure.exitCode)
        }
    }
}
