import DeepLinkService
import Logging
import PostgresNIO

extension PostgresLinkStore: LinkChangeFeed {
    /// The channel every server sharing a database announces changes on.
    static let linkChangesChannel = "deeplink_link_changes"
    /// How long following waits before connecting again after a failure.
    static let followRetryInterval = Duration.seconds(1)

    /// What a change is announced as: the schema and the code, so that deployments keeping their
    /// tables in different schemas of one database hear only their own changes.
    func announcement(code: String) -> String { "\(schema ?? "")/\(code)" }

    /// The code an announcement names, when it is for this store's schema.
    func code(announcedIn payload: String) -> String? {
        guard let slash = payload.firstIndex(of: "/"), payload[..<slash] == (schema ?? "") else { return nil }
        return String(payload[payload.index(after: slash)...])
    }

    /// Announces a change with `pg_notify`; see ``LinkChangeFeed``.
    package func announceLinkChange(code: String) async throws(StoreError) {
        let payload = announcement(code: code)
        try await run("announce a link change") { [logger] connection in
            _ = try await connection.query("SELECT pg_notify(\(Self.linkChangesChannel), \(payload))", logger: logger).collect()
        }
    }

    /// Follows announcements with `LISTEN` on a connection of its own, outside the pool, connecting
    /// again a second after a failure; see ``LinkChangeFeed``.
    package func followLinkChanges(_ changed: @escaping @Sendable (LinkChange) -> Void) async {
        var failures = 0
        while !Task.isCancelled {
            do {
                let connection = try await Self.openConnection(
                    configuration, tls: tls, timeout: configuration.options.connectTimeout, logger: backgroundLogger)
                do {
                    try await connection.listen(on: Self.linkChangesChannel) { notifications in
                        logger.notice(
                            failures > 0 ? "following link changes again" : "following link changes",
                            metadata: ["database": "\(Target(configuration).server)"])
                        failures = 0
                        changed(.mayHaveMissedChanges)
                        for try await notification in notifications {
                            if let code = code(announcedIn: notification.payload) { changed(.changed(code: code)) }
                        }
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
            } catch {
                guard !Task.isCancelled else { return }
                failures += 1
                // Said once per outage: the pool reports the outage itself.
                if failures == 1 {
                    logger.warning(
                        "cannot follow link changes; other servers' edits show when cached copies expire until it can",
                        metadata: ["database": "\(Target(configuration).server)", "error": "\(error)"])
                }
            }
            try? await Task.sleep(for: Self.followRetryInterval)
        }
    }
}
