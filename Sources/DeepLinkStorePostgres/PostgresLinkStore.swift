import DeepLinkServer
import Foundation
import Logging
import NIOCore
import PostgresNIO

/// A ``LinkStore`` in PostgreSQL through postgres-nio's connection pool.
///
/// Several server processes can share one database: click counts are incremented in the
/// database, and migrations take an advisory lock so two processes starting together apply each
/// version once. `Sendable`.
public final class PostgresLinkStore: LinkStore {
    private let client: PostgresClient
    private let logger: Logger
    /// The schema the tables live in, from the URL's `schema` parameter; `nil` for the default.
    private let schema: String?

    private init(client: PostgresClient, logger: Logger, schema: String?) {
        self.client = client
        self.logger = logger
        self.schema = schema
    }

    /// Connects, migrates, runs `body` with the store, then closes the pool.
    /// - Parameters:
    ///   - url: `postgres://USER:PASSWORD@HOST:PORT/DATABASE`, optionally with `?schema=NAME` to
    ///     keep the tables in a schema of their own (created if missing); TLS is not supported, so
    ///     use it on loopback or a private network.
    ///   - logger: The logger for the pool's background work.
    ///   - body: What to do with the store.
    /// - Returns: What `body` returns.
    /// - Throws: ``StoreError`` for a bad URL, an unreachable server or a failed migration, or
    ///   what `body` throws.
    public static func withStore<Result: Sendable>(
        url: String, logger: Logger, _ body: @Sendable (PostgresLinkStore) async throws -> Result
    ) async throws -> Result {
        // The pool warns when a query races its own start; it is started just below, so only its errors are worth logging.
        var backgroundLogger = logger
        backgroundLogger.logLevel = max(logger.logLevel, .error)
        let configuration = try configuration(url: url)
        let schema = configuration.options.additionalStartupParameters.first { $0.0 == "search_path" }?.1
        let client = PostgresClient(configuration: configuration, backgroundLogger: backgroundLogger)
        return try await withThrowingTaskGroup(of: Void.self, returning: Result.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            let store = PostgresLinkStore(client: client, logger: logger, schema: schema)
            try await store.migrate()
            return try await body(store)
        }
    }

    /// The client configuration for a `postgres://` or `postgresql://` URL.
    /// - Throws: ``StoreError`` with code `unavailable` naming what is wrong with the URL.
    static func configuration(url: String) throws(StoreError) -> PostgresClient.Configuration {
        guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme ?? ""),
            let host = components.host, !host.isEmpty, let user = components.user
        else {
            throw StoreError(code: .unavailable, message: "give the database as postgres://USER:PASSWORD@HOST:PORT/DATABASE")
        }
        let sslMode = components.queryItems?.first { $0.name == "sslmode" }?.value ?? "disable"
        guard sslMode == "disable" else {
            throw StoreError(code: .unavailable, message: "sslmode=\(sslMode) is not supported; TLS to PostgreSQL is not available yet")
        }
        let database = String(components.path.drop { $0 == "/" })
        var configuration = PostgresClient.Configuration(
            host: host, port: components.port ?? 5432, username: user.removingPercentEncoding ?? user,
            password: components.password.map { $0.removingPercentEncoding ?? $0 },
            database: database.isEmpty ? nil : database, tls: .disable)
        configuration.options.maximumConnections = 32
        if let schema = components.queryItems?.first(where: { $0.name == "schema" })?.value {
            guard schema.range(of: "^[a-z_][a-z0-9_]{0,62}$", options: .regularExpression) != nil else {
                throw StoreError(
                    code: .unavailable, message: "schema=\(schema) is not a plain schema name: lowercase letters, digits and _")
            }
            configuration.options.additionalStartupParameters = [("search_path", schema)]
        }
        return configuration
    }

    /// Creates or upgrades the tables; see ``LinkStore/migrate()``.
    public func migrate() async throws(StoreError) {
        try await run("migrate") {
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(7264351)", logger: logger)
                if let schema {
                    try await connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(schema)"), logger: logger)
                }
                try await connection.query(
                    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)",
                    logger: logger)
                var applied: Set<Int> = []
                for try await version in try await connection.query("SELECT version FROM schema_migrations", logger: logger)
                    .decode(Int32.self)
                {
                    applied.insert(Int(version))
                }
                for (index, statements) in LinkStoreSchema.migrations.enumerated() where !applied.contains(index + 1) {
                    for statement in statements {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                    let version = Int32(index + 1)
                    let now = Int64(Date().timeIntervalSince1970)
                    try await connection.query(
                        "INSERT INTO schema_migrations (version, applied_at) VALUES (\(version), \(now))", logger: logger)
                }
            }
        }
    }

    /// Runs `SELECT 1`.
    public func checkHealth() async throws(StoreError) {
        try await run("answer a health check") { try await client.query("SELECT 1", logger: logger) }
    }

    /// Stores a new link; see ``LinkStore``.
    public func insert(_ link: Link) async throws(StoreError) {
        try await run("insert link", duplicateMessage: "the code \(link.code) is taken") {
            try await client.query(
                """
                INSERT INTO links (\(unescaped: LinkStoreSchema.linkColumns)) VALUES (\(link.code), \(link.deepLink), \
                \(link.appStoreID), \(link.playPackage), \(link.webURL), \(link.preview.title), \(link.preview.description), \
                \(link.preview.imageURL), \(link.utm.source), \(link.utm.medium), \(link.utm.campaign), \(link.utm.term), \
                \(link.utm.content), \(link.campaign), \(Self.seconds(link.expiresAt)), \(Self.seconds(link.createdAt)), \
                \(Self.seconds(link.updatedAt)), \(link.iosFallbackURL), \(link.androidFallbackURL))
                """, logger: logger)
        }
    }

    /// The link with a code, or `nil`.
    public func link(code: String) async throws(StoreError) -> Link? {
        try await run("read link") {
            let rows = try await client.query(
                "SELECT \(unescaped: LinkStoreSchema.linkColumns) FROM links WHERE code = \(code)", logger: logger)
            for try await row in rows { return try Self.link(from: row) }
            return nil
        }
    }

    /// Replaces a stored link; returns whether it existed.
    public func update(_ link: Link) async throws(StoreError) -> Bool {
        try await run("update link") {
            let rows = try await client.query(
                """
                UPDATE links SET deep_link = \(link.deepLink), app_store_id = \(link.appStoreID), \
                play_package = \(link.playPackage), web_url = \(link.webURL), preview_title = \(link.preview.title), \
                preview_description = \(link.preview.description), preview_image_url = \(link.preview.imageURL), \
                utm_source = \(link.utm.source), utm_medium = \(link.utm.medium), utm_campaign = \(link.utm.campaign), \
                utm_term = \(link.utm.term), utm_content = \(link.utm.content), campaign = \(link.campaign), \
                expires_at = \(Self.seconds(link.expiresAt)), updated_at = \(Self.seconds(link.updatedAt)), \
                ios_fallback_url = \(link.iosFallbackURL), android_fallback_url = \(link.androidFallbackURL) \
                WHERE code = \(link.code) RETURNING code
                """, logger: logger)
            return try await Self.hasRows(rows)
        }
    }

    /// Deletes a link and its click counts; returns whether it existed.
    public func deleteLink(code: String) async throws(StoreError) -> Bool {
        try await run("delete link") {
            try await Self.hasRows(client.query("DELETE FROM links WHERE code = \(code) RETURNING code", logger: logger))
        }
    }

    /// A page of links ordered by code.
    public func links(after cursor: String?, limit: Int) async throws(StoreError) -> [Link] {
        try await run("list links") {
            let rows = try await client.query(
                """
                SELECT \(unescaped: LinkStoreSchema.linkColumns) FROM links WHERE code COLLATE "C" > \(cursor ?? "") \
                ORDER BY code COLLATE "C" LIMIT \(Int64(limit))
                """, logger: logger)
            var links: [Link] = []
            for try await row in rows { links.append(try Self.link(from: row)) }
            return links
        }
    }

    /// Adds resolutions to a click bucket, dropping those of a deleted link.
    public func record(_ click: Click, count: Int) async throws(StoreError) {
        try await run("record clicks") {
            try await client.query(
                """
                INSERT INTO clicks (\(unescaped: LinkStoreSchema.clickKeyColumns), count) SELECT \(click.code), \(click.day), \
                \(click.platform.rawValue), \(click.referrerDomain), \(click.utmSource), \(click.utmMedium), \(click.utmCampaign), \
                \(Int64(count)) WHERE EXISTS (SELECT 1 FROM links WHERE code = \(click.code)) \
                ON CONFLICT (\(unescaped: LinkStoreSchema.clickKeyColumns)) DO UPDATE SET count = clicks.count + excluded.count
                """, logger: logger)
        }
    }

    /// Every click bucket of a link.
    public func clickCounts(code: String) async throws(StoreError) -> [ClickCount] {
        try await run("read clicks") {
            let rows = try await client.query(
                """
                SELECT day, platform, referrer_domain, utm_source, utm_medium, utm_campaign, count FROM clicks \
                WHERE code = \(code) ORDER BY day, platform, referrer_domain, utm_source, utm_medium, utm_campaign
                """, logger: logger)
            var counts: [ClickCount] = []
            for try await (day, platform, referrer, source, medium, campaign, count) in rows.decode(
                (String, String, String, String, String, String, Int64).self)
            {
                guard let platform = ClientPlatform(rawValue: platform) else {
                    throw StoreError(code: .corrupt, message: "a clicks row of \(code) names the unknown platform \(platform)")
                }
                counts.append(
                    ClickCount(
                        click: Click(
                            code: code, day: day, platform: platform, referrerDomain: referrer, utmSource: source,
                            utmMedium: medium, utmCampaign: campaign),
                        count: Int(count)))
            }
            return counts
        }
    }

    /// Stores a new API key.
    public func insert(_ key: APIKeyRecord) async throws(StoreError) {
        try await run("insert API key", duplicateMessage: "the key id \(key.id) is taken") {
            try await client.query(
                """
                INSERT INTO api_keys (id, name, secret_hash, created_at, revoked_at) VALUES (\(key.id), \(key.name), \
                \(key.secretHash), \(Self.seconds(key.createdAt)), \(Self.seconds(key.revokedAt)))
                """, logger: logger)
        }
    }

    /// The API key with an id, or `nil`.
    public func apiKey(id: String) async throws(StoreError) -> APIKeyRecord? {
        try await run("read API key") {
            let rows = try await client.query(
                "SELECT id, name, secret_hash, created_at, revoked_at FROM api_keys WHERE id = \(id)", logger: logger)
            for try await row in rows.decode((String, String, String, Int64, Int64?).self) { return Self.apiKey(row) }
            return nil
        }
    }

    /// Every API key, oldest first.
    public func apiKeys() async throws(StoreError) -> [APIKeyRecord] {
        try await run("list API keys") {
            let rows = try await client.query(
                "SELECT id, name, secret_hash, created_at, revoked_at FROM api_keys ORDER BY created_at, id", logger: logger)
            var keys: [APIKeyRecord] = []
            for try await row in rows.decode((String, String, String, Int64, Int64?).self) { keys.append(Self.apiKey(row)) }
            return keys
        }
    }

    /// Marks a key revoked, keeping the first revocation time.
    public func revokeAPIKey(id: String, at date: Date) async throws(StoreError) -> Bool {
        try await run("revoke API key") {
            try await Self.hasRows(
                client.query(
                    "UPDATE api_keys SET revoked_at = COALESCE(revoked_at, \(Self.seconds(date))) WHERE id = \(id) RETURNING id",
                    logger: logger))
        }
    }

    /// Stores a deferred click.
    public func insert(_ click: DeferredClick) async throws(StoreError) {
        try await run("insert deferred click", duplicateMessage: "the click token is taken") {
            try await client.query(
                """
                INSERT INTO deferred_clicks (\(unescaped: LinkStoreSchema.deferredClickColumns)) VALUES (\(click.token), \
                \(click.code), \(click.deepLink), \(click.platform.rawValue), \(click.utm.source), \(click.utm.medium), \
                \(click.utm.campaign), \(click.utm.term), \(click.utm.content), \(click.campaign), \(click.networkHash), \
                \(click.device?.stored), \(Self.seconds(click.createdAt)), \(Self.seconds(click.expiresAt)), \
                \(Self.seconds(click.claimedAt)))
                """, logger: logger)
        }
    }

    /// Claims an unclaimed, unexpired click in one statement; see ``LinkStore``. Under READ
    /// COMMITTED a concurrent claim waits for the first one's row lock, then re-checks
    /// `claimed_at IS NULL` and updates nothing.
    public func claimDeferredClick(token: String, at now: Date) async throws(StoreError) -> DeferredClick? {
        try await run("claim deferred click") {
            let rows = try await client.query(
                """
                UPDATE deferred_clicks SET claimed_at = \(Self.seconds(now)), network_hash = NULL, device = NULL \
                WHERE token = \(token) AND claimed_at IS NULL AND expires_at > \(Self.seconds(now)) \
                RETURNING \(unescaped: LinkStoreSchema.deferredClickColumns)
                """, logger: logger)
            for try await row in rows { return try Self.deferredClick(from: row) }
            return nil
        }
    }

    /// Unclaimed clicks of a platform from the given networks in the window, newest first.
    public func deferredCandidates(
        networkHashes: [String], platform: ClientPlatform, since: Date, now: Date
    ) async throws(StoreError) -> [DeferredClick] {
        guard !networkHashes.isEmpty else { return [] }
        return try await run("find deferred clicks") {
            let rows = try await client.query(
                """
                SELECT \(unescaped: LinkStoreSchema.deferredClickColumns) FROM deferred_clicks \
                WHERE network_hash = ANY(\(networkHashes)) AND platform = \(platform.rawValue) \
                AND created_at >= \(Self.seconds(since)) AND expires_at > \(Self.seconds(now)) AND claimed_at IS NULL \
                ORDER BY created_at DESC, token LIMIT 50
                """, logger: logger)
            var clicks: [DeferredClick] = []
            for try await row in rows { clicks.append(try Self.deferredClick(from: row)) }
            return clicks
        }
    }

    /// Deletes expired clicks and old salts, and clears old signals; see ``LinkStore``.
    public func purgeDeferredClicks(now: Date, signalsBefore: Date, saltsBefore: Int) async throws(StoreError) -> Int {
        try await run("purge deferred clicks") {
            var deleted = 0
            for try await _ in try await client.query(
                "DELETE FROM deferred_clicks WHERE expires_at <= \(Self.seconds(now)) RETURNING token", logger: logger)
            {
                deleted += 1
            }
            try await client.query(
                """
                UPDATE deferred_clicks SET network_hash = NULL, device = NULL WHERE created_at < \(Self.seconds(signalsBefore)) \
                AND (network_hash IS NOT NULL OR device IS NOT NULL)
                """, logger: logger)
            try await client.query("DELETE FROM deferred_salts WHERE period < \(Int64(saltsBefore))", logger: logger)
            return deleted
        }
    }

    /// The salt of a period, storing the proposed one first if there is none, in one statement.
    public func deferredSalt(period: Int, proposed: String) async throws(StoreError) -> String {
        try await run("read deferred salt") {
            for try await salt in try await client.query(
                """
                INSERT INTO deferred_salts (period, salt) VALUES (\(Int64(period)), \(proposed)) \
                ON CONFLICT (period) DO UPDATE SET salt = deferred_salts.salt RETURNING salt
                """, logger: logger
            ).decode(String.self) {
                return salt
            }
            throw StoreError(code: .corrupt, message: "the salt of period \(period) cannot be read")
        }
    }

    /// Runs database work, turning its errors into ``StoreError``.
    @discardableResult
    private func run<T>(
        _ what: String, duplicateMessage: String? = nil, _ body: () async throws -> T
    ) async throws(StoreError) -> T {
        do {
            return try await body()
        } catch let error as StoreError {
            throw error
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == PostgresError.Code.uniqueViolation.raw {
            throw StoreError(code: .duplicate, message: duplicateMessage ?? "\(what): duplicate key", cause: error)
        } catch {
            throw StoreError(code: .unavailable, message: "PostgreSQL failed to \(what)", cause: error)
        }
    }

    private static func hasRows(_ rows: PostgresRowSequence) async throws -> Bool {
        var found = false
        for try await _ in rows { found = true }
        return found
    }

    private static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }

    private static func seconds(_ date: Date?) -> Int64? { date.map(seconds) }

    private static func date(_ seconds: Int64?) -> Date? { seconds.map { Date(timeIntervalSince1970: TimeInterval($0)) } }

    private static func link(from row: PostgresRow) throws -> Link {
        let columns = row.makeRandomAccess()
        func text(_ name: String) throws -> String? { try columns[name].decode(String?.self) }
        return Link(
            code: try columns["code"].decode(String.self), deepLink: try columns["deep_link"].decode(String.self),
            appStoreID: try text("app_store_id"), playPackage: try text("play_package"), webURL: try text("web_url"),
            iosFallbackURL: try text("ios_fallback_url"), androidFallbackURL: try text("android_fallback_url"),
            preview: LinkPreview(
                title: try text("preview_title"), description: try text("preview_description"),
                imageURL: try text("preview_image_url")),
            utm: UTMFields(
                source: try text("utm_source"), medium: try text("utm_medium"), campaign: try text("utm_campaign"),
                term: try text("utm_term"), content: try text("utm_content")),
            campaign: try text("campaign"), expiresAt: date(try columns["expires_at"].decode(Int64?.self)),
            createdAt: Date(timeIntervalSince1970: TimeInterval(try columns["created_at"].decode(Int64.self))),
            updatedAt: Date(timeIntervalSince1970: TimeInterval(try columns["updated_at"].decode(Int64.self))))
    }

    private static func deferredClick(from row: PostgresRow) throws -> DeferredClick {
        let columns = row.makeRandomAccess()
        func text(_ name: String) throws -> String? { try columns[name].decode(String?.self) }
        let platformName = try columns["platform"].decode(String.self)
        guard let platform = ClientPlatform(rawValue: platformName) else {
            throw StoreError(code: .corrupt, message: "a deferred_clicks row names the unknown platform \(platformName)")
        }
        return DeferredClick(
            token: try columns["token"].decode(String.self), code: try text("code"), deepLink: try columns["deep_link"].decode(String.self),
            platform: platform,
            utm: UTMFields(
                source: try text("utm_source"), medium: try text("utm_medium"), campaign: try text("utm_campaign"),
                term: try text("utm_term"), content: try text("utm_content")),
            campaign: try text("campaign"), networkHash: try text("network_hash"),
            device: try text("device").flatMap(DeviceSignals.init(stored:)),
            createdAt: Date(timeIntervalSince1970: TimeInterval(try columns["created_at"].decode(Int64.self))),
            expiresAt: Date(timeIntervalSince1970: TimeInterval(try columns["expires_at"].decode(Int64.self))),
            claimedAt: date(try columns["claimed_at"].decode(Int64?.self)))
    }

    private static func apiKey(_ row: (String, String, String, Int64, Int64?)) -> APIKeyRecord {
        APIKeyRecord(
            id: row.0, name: row.1, secretHash: row.2, createdAt: Date(timeIntervalSince1970: TimeInterval(row.3)),
            revokedAt: date(row.4))
    }
}
