import DeepLinkServer
import Logging

extension DatabaseOptions {
    /// Runs store work for a command that prints a report, quietly (warnings only), turning any
    /// failure into a ``CommandFailure``; a `CommandFailure` thrown by `body` passes unchanged.
    /// - Parameters:
    ///   - label: The logger's label, e.g. `deeplink.import`.
    ///   - body: The work.
    func withCommandStore<Result: Sendable>(
        label: String, _ body: @Sendable (any LinkStore) async throws -> Result
    ) async throws(CommandFailure) -> Result {
        var logger = Logger(label: label)
        logger.logLevel = .warning
        do {
            return try await withStore(logger: logger, body)
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("error: \(error)")
        }
    }
}
