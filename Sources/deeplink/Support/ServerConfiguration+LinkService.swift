import DeepLinkCore
import DeepLinkServer
import DeepLinkService
import Logging

extension ServerConfiguration {
    /// Opens the database as ``withCommandStore(label:access:_:)`` does and runs `body` with the
    /// ``LinkService`` the admin API uses, so a link is checked exactly as the API checks it.
    /// - Parameters:
    ///   - label: The logger's label, e.g. `deeplink.links`.
    ///   - body: The work.
    /// - Throws: ``CommandFailure``: the database's, the config's when it cannot check links, or
    ///   the ``LinkServerError`` that `body` throws.
    func withLinkService<Result: Sendable>(
        label: String, _ body: @Sendable (LinkService) async throws(LinkServerError) -> Result
    ) async throws(CommandFailure) -> Result {
        let configuration = self
        return try await withCommandStore(label: label) { store in
            let logger = Logger.standardError(label: label, level: .warning)
            let service: LinkService
            do {
                service = try LinkService(configuration: configuration, store: store, logger: logger)
            } catch let error as ConfigError {
                throw CommandFailure(configErrors: [error])
            } catch {
                throw CommandFailure("the config cannot check links: \(error)", code: "invalid-config")
            }
            do throws(LinkServerError) {
                return try await body(service)
            } catch {
                throw CommandFailure(error)
            }
        }
    }
}
