import DeepLinkCore
import DeepLinkServer
import DeepLinkService
import Logging

extension ServerConfiguration {
    /// Opens the database as ``withCommandStore(label:access:_:)`` does and runs `body` with the
    /// ``LinkService`` the admin API uses, so a link is checked exactly as the API checks it.
    /// - Parameters:
    ///   - label: The logger's label, e.g. `deeplink.links`.
    ///   - access: Whether the database may be created and migrated.
    ///   - body: The work.
    /// - Throws: ``CommandFailure``: the database's, the config's when it cannot check links, or
    ///   the ``LinkServerError`` that `body` throws.
    func withLinkService<Result: Sendable>(
        label: String, access: StoreAccess = .readWrite, _ body: @Sendable (LinkService) async throws(LinkServerError) -> Result
    ) async throws(CommandFailure) -> Result {
        let configuration = self
        return try await withCommandStore(label: label, access: access) { store in
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

extension ServerConfiguration {
    /// Opens the database as ``withCommandStore(label:access:_:)`` does and runs `body` with the
    /// ``AccessService`` the admin API and the dashboard use, so a key is created and revoked
    /// exactly as the dashboard does it.
    /// - Parameters:
    ///   - label: The logger's label, e.g. `deeplink.keys`.
    ///   - body: The work.
    /// - Throws: ``CommandFailure``: the database's, or what `body` throws.
    func withAccessService<Result: Sendable>(
        label: String, _ body: @Sendable (AccessService) async throws -> Result
    ) async throws(CommandFailure) -> Result {
        try await withCommandStore(label: label) { store in
            try await body(AccessService(store: store, logger: Logger.standardError(label: label, level: .warning)))
        }
    }
}
