import DeepLinkServer
import Foundation
import Logging
import NIOCore
import SQLiteNIO

/// A ``LinkStore`` in one SQLite file (or in memory), in WAL mode, through sqlite-nio.
///
/// One connection serves every query; SQLite serializes them and WAL lets other processes, such
/// as `deeplink keys create`, read and write the same file meanwhile. `Sendable`.
public final class SQLiteLinkStore: LinkStore {
    private let connection: SQLiteConnection

    private init(connection: SQLiteConnection) {
        self.connection = connection
    }

    /// Opens (creating if needed) a database file and brings its schema up to date.
    /// - Parameters:
    ///   - path: The file's path; its folder is created if missing. `nil` for an in-memory database.
    ///   - logger: The logger for the connection.
    /// - Throws: ``StoreError`` with code `unavailable` when the file cannot be opened or migrated.
    public static func open(path: String?, logger: Logger) async throws(StoreError) -> SQLiteLinkStore {
        let store: SQLiteLinkStore
        do {
            if let path {
                let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            let connection = try await SQLiteConnection.open(storage: path.map { .file(path: $0) } ?? .memory, logger: logger)
            store = SQLiteLinkStore(connection: connection)
            if path != nil {
                _ = try await connection.query("PRAGMA journal_mode = WAL")
                // In WAL mode NORMAL never corrupts the file; a power cut may lose the last commits.
                _ = try await connection.query("PRAGMA synchronous = NORMAL")
            }
            _ = try await connection.query("PRAGMA busy_timeout = 5000")
            _ = try await connection.query("PRAGMA foreign_keys = ON")
        } catch {
            throw StoreError(code: .unavailable, message: "cannot open the SQLite database \(path ?? ":memory:")", cause: error)
        }
        try await store.migrate()
        return store
    }

    /// Closes the connection; the store cannot be used afterwards.
    public func close() async {
        try? await connection.close()
    }

    /// Creates or upgrades the tables; see ``LinkStore/migrate()``.
    public func migrate() async throws(StoreError) {
        try await run("migrate") {
            _ = try await $0.query("BEGIN IMMEDIATE")
            do {
                _ = try await $0.query(
                    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)")
                let applied = Set(try await $0.query("SELECT version FROM schema_migrations").compactMap { $0.column("version")?.integer })
                for (index, statements) in LinkStoreSchema.migrations.enumerated() where !applied.contains(index + 1) {
                    for statement in statements { _ = try await $0.query(statement) }
                    _ = try await $0.query(
                        "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)",
                        [.integer(index + 1), .integer(Int(Date().timeIntervalSince1970))])
                }
                _ = try await $0.query("COMMIT")
            } catch {
                _ = try? await $0.query("ROLLBACK")
                throw error
            }
        }
    }

    /// Runs `SELECT 1`.
    public func checkHealth() async throws(StoreError) {
        try await run("answer a health check") { _ = try await $0.query("SELECT 1") }
    }

    /// Stores a new link; see ``LinkStore``.
    public func insert(_ link: Link) async throws(StoreError) {
        let placeholders = Array(repeating: "?", count: 19).joined(separator: ", ")
        try await run("insert link", duplicateMessage: "the code \(link.code) is taken") {
            _ = try await $0.query("INSERT INTO links (\(LinkStoreSchema.linkColumns)) VALUES (\(placeholders))", Self.values(of: link))
        }
    }

    /// The link with a code, or `nil`.
    public func link(code: String) async throws(StoreError) -> Link? {
        let rows = try await run("read link") {
            try await $0.query("SELECT \(LinkStoreSchema.linkColumns) FROM links WHERE code = ?", [.text(code)])
        }
        return try rows.first.map(Self.link(from:))
    }

    /// Replaces a stored link; returns whether it existed.
    public func update(_ link: Link) async throws(StoreError) -> Bool {
        let assignments = LinkStoreSchema.linkColumns.split(separator: ",").dropFirst()
            .map { "\($0.trimmingCharacters(in: .whitespaces)) = ?" }.joined(separator: ", ")
        let values = Self.values(of: link)
        let rows = try await run("update link") {
            try await $0.query("UPDATE links SET \(assignments) WHERE code = ? RETURNING code", Array(values.dropFirst()) + [values[0]])
        }
        return !rows.isEmpty
    }

    /// Deletes a link and its click counts; returns whether it existed.
    public func deleteLink(code: String) async throws(StoreError) -> Bool {
        let rows = try await run("delete link") {
            try await $0.query("DELETE FROM links WHERE code = ? RETURNING code", [.text(code)])
        }
        return !rows.isEmpty
    }

    /// A page of links ordered by code.
    public func links(after cursor: String?, limit: Int) async throws(StoreError) -> [Link] {
        let rows = try await run("list links") {
            try await $0.query(
                "SELECT \(LinkStoreSchema.linkColumns) FROM links WHERE code > ? ORDER BY code LIMIT ?",
                [.text(cursor ?? ""), .integer(limit)])
        }
        return try rows.map(Self.link(from:))
    }

    /// Adds resolutions to a click bucket, dropping those of a deleted link.
    public func record(_ click: Click, count: Int) async throws(StoreError) {
        try await run("record clicks") {
            _ = try await $0.query(
                """
                INSERT INTO clicks (\(LinkStoreSchema.clickKeyColumns), count)
                SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM links WHERE code = ?)
                ON CONFLICT (\(LinkStoreSchema.clickKeyColumns)) DO UPDATE SET count = clicks.count + excluded.count
                """,
                [
                    .text(click.code), .text(click.day), .text(click.platform.rawValue), .text(click.referrerDomain),
                    .text(click.utmSource), .text(click.utmMedium), .text(click.utmCampaign), .integer(count), .text(click.code),
                ])
        }
    }

    /// Every click bucket of a link.
    public func clickCounts(code: String) async throws(StoreError) -> [ClickCount] {
        let rows = try await run("read clicks") {
            try await $0.query(
                "SELECT \(LinkStoreSchema.clickKeyColumns), count FROM clicks WHERE code = ? ORDER BY \(LinkStoreSchema.clickKeyColumns)",
                [.text(code)])
        }
        return try rows.map { row throws(StoreError) in
            guard let platform = row.column("platform")?.string.flatMap(ClientPlatform.init(rawValue:)),
                let count = row.column("count")?.integer
            else { throw StoreError(code: .corrupt, message: "a clicks row of \(code) cannot be read") }
            return ClickCount(
                click: Click(
                    code: code, day: row.column("day")?.string ?? "", platform: platform,
                    referrerDomain: row.column("referrer_domain")?.string ?? "", utmSource: row.column("utm_source")?.string ?? "",
                    utmMedium: row.column("utm_medium")?.string ?? "", utmCampaign: row.column("utm_campaign")?.string ?? ""),
                count: count)
        }
    }

    /// Stores a new API key.
    public func insert(_ key: APIKeyRecord) async throws(StoreError) {
        try await run("insert API key", duplicateMessage: "the key id \(key.id) is taken") {
            _ = try await $0.query(
                "INSERT INTO api_keys (id, name, secret_hash, created_at, revoked_at) VALUES (?, ?, ?, ?, ?)",
                [.text(key.id), .text(key.name), .text(key.secretHash), Self.value(key.createdAt), Self.value(key.revokedAt)])
        }
    }

    /// The API key with an id, or `nil`.
    public func apiKey(id: String) async throws(StoreError) -> APIKeyRecord? {
        let rows = try await run("read API key") {
            try await $0.query("SELECT id, name, secret_hash, created_at, revoked_at FROM api_keys WHERE id = ?", [.text(id)])
        }
        return try rows.first.map(Self.apiKey(from:))
    }

    /// Every API key, oldest first.
    public func apiKeys() async throws(StoreError) -> [APIKeyRecord] {
        let rows = try await run("list API keys") {
            try await $0.query("SELECT id, name, secret_hash, created_at, revoked_at FROM api_keys ORDER BY created_at, id")
        }
        return try rows.map(Self.apiKey(from:))
    }

    /// Marks a key revoked, keeping the first revocation time.
    public func revokeAPIKey(id: String, at date: Date) async throws(StoreError) -> Bool {
        let rows = try await run("revoke API key") {
            try await $0.query(
                "UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? RETURNING id", [Self.value(date), .text(id)])
        }
        return !rows.isEmpty
    }

    /// Stores a deferred click.
    public func insert(_ click: DeferredClick) async throws(StoreError) {
        let placeholders = Array(repeating: "?", count: 15).joined(separator: ", ")
        try await run("insert deferred click", duplicateMessage: "the click token is taken") {
            _ = try await $0.query(
                "INSERT INTO deferred_clicks (\(LinkStoreSchema.deferredClickColumns)) VALUES (\(placeholders))",
                [
                    .text(click.token), Self.value(click.code), .text(click.deepLink), .text(click.platform.rawValue),
                    Self.value(click.utm.source), Self.value(click.utm.medium), Self.value(click.utm.campaign),
                    Self.value(click.utm.term), Self.value(click.utm.content), Self.value(click.campaign),
                    Self.value(click.networkHash), Self.value(click.device?.stored), Self.value(click.createdAt),
                    Self.value(click.expiresAt), Self.value(click.claimedAt),
                ])
        }
    }

    /// Claims an unclaimed, unexpired click in one statement; see ``LinkStore``.
    public func claimDeferredClick(token: String, at now: Date) async throws(StoreError) -> DeferredClick? {
        let rows = try await run("claim deferred click") {
            try await $0.query(
                """
                UPDATE deferred_clicks SET claimed_at = ?, network_hash = NULL, device = NULL \
                WHERE token = ? AND claimed_at IS NULL AND expires_at > ? RETURNING \(LinkStoreSchema.deferredClickColumns)
                """, [Self.value(now), .text(token), Self.value(now)])
        }
        return try rows.first.map(Self.deferredClick(from:))
    }

    /// Unclaimed clicks of a platform from the given networks in the window, newest first.
    public func deferredCandidates(
        networkHashes: [String], platform: ClientPlatform, since: Date, now: Date
    ) async throws(StoreError) -> [DeferredClick] {
        guard !networkHashes.isEmpty else { return [] }
        let hashes = Array(repeating: "?", count: networkHashes.count).joined(separator: ", ")
        let rows = try await run("find deferred clicks") {
            try await $0.query(
                """
                SELECT \(LinkStoreSchema.deferredClickColumns) FROM deferred_clicks WHERE network_hash IN (\(hashes)) \
                AND platform = ? AND created_at >= ? AND expires_at > ? AND claimed_at IS NULL \
                ORDER BY created_at DESC, token LIMIT 50
                """,
                networkHashes.map(SQLiteData.text) + [.text(platform.rawValue), Self.value(since), Self.value(now)])
        }
        return try rows.map(Self.deferredClick(from:))
    }

    /// Deletes expired clicks and old salts, and clears old signals; see ``LinkStore``.
    public func purgeDeferredClicks(now: Date, signalsBefore: Date, saltsBefore: Int) async throws(StoreError) -> Int {
        try await run("purge deferred clicks") {
            let deleted = try await $0.query("DELETE FROM deferred_clicks WHERE expires_at <= ? RETURNING token", [Self.value(now)])
            _ = try await $0.query(
                "UPDATE deferred_clicks SET network_hash = NULL, device = NULL WHERE created_at < ? AND (network_hash IS NOT NULL OR device IS NOT NULL)",
                [Self.value(signalsBefore)])
            _ = try await $0.query("DELETE FROM deferred_salts WHERE period < ?", [.integer(saltsBefore)])
            return deleted.count
        }
    }

    /// The salt of a period, storing the proposed one first if there is none, in one statement.
    public func deferredSalt(period: Int, proposed: String) async throws(StoreError) -> String {
        let rows = try await run("read deferred salt") {
            try await $0.query(
                """
                INSERT INTO deferred_salts (period, salt) VALUES (?, ?) \
                ON CONFLICT (period) DO UPDATE SET salt = deferred_salts.salt RETURNING salt
                """, [.integer(period), .text(proposed)])
        }
        guard let salt = rows.first?.column("salt")?.string else {
            throw StoreError(code: .corrupt, message: "the salt of period \(period) cannot be read")
        }
        return salt
    }

    /// Runs database work, turning its errors into ``StoreError``.
    private func run<T>(
        _ what: String, duplicateMessage: String? = nil, _ body: (SQLiteConnection) async throws -> T
    ) async throws(StoreError) -> T {
        do {
            return try await body(connection)
        } catch let error as SQLiteError where error.reason == .constraintPrimaryKeyFailed || error.reason == .constraintUniqueFailed {
            throw StoreError(code: .duplicate, message: duplicateMessage ?? "\(what): duplicate key", cause: error)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(code: .unavailable, message: "SQLite failed to \(what)", cause: error)
        }
    }

    private static func values(of link: Link) -> [SQLiteData] {
        [
            .text(link.code), .text(link.deepLink), value(link.appStoreID), value(link.playPackage), value(link.webURL),
            value(link.preview.title), value(link.preview.description), value(link.preview.imageURL), value(link.utm.source),
            value(link.utm.medium), value(link.utm.campaign), value(link.utm.term), value(link.utm.content), value(link.campaign),
            value(link.expiresAt), value(link.createdAt), value(link.updatedAt), value(link.iosFallbackURL),
            value(link.androidFallbackURL),
        ]
    }

    private static func value(_ string: String?) -> SQLiteData { string.map(SQLiteData.text) ?? .null }

    private static func value(_ date: Date?) -> SQLiteData {
        date.map { .integer(Int($0.timeIntervalSince1970.rounded(.down))) } ?? .null
    }

    private static func date(_ data: SQLiteData?) -> Date? {
        data?.integer.map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    private static func link(from row: SQLiteRow) throws(StoreError) -> Link {
        let text = { (name: String) in row.column(name)?.string }
        guard let code = text("code"), let deepLink = text("deep_link"), let createdAt = date(row.column("created_at")),
            let updatedAt = date(row.column("updated_at"))
        else { throw StoreError(code: .corrupt, message: "a links row cannot be read: \(row)") }
        return Link(
            code: code, deepLink: deepLink, appStoreID: text("app_store_id"), playPackage: text("play_package"),
            webURL: text("web_url"), iosFallbackURL: text("ios_fallback_url"), androidFallbackURL: text("android_fallback_url"),
            preview: LinkPreview(title: text("preview_title"), description: text("preview_description"), imageURL: text("preview_image_url")),
            utm: UTMFields(
                source: text("utm_source"), medium: text("utm_medium"), campaign: text("utm_campaign"), term: text("utm_term"),
                content: text("utm_content")),
            campaign: text("campaign"), expiresAt: date(row.column("expires_at")), createdAt: createdAt, updatedAt: updatedAt)
    }

    private static func deferredClick(from row: SQLiteRow) throws(StoreError) -> DeferredClick {
        let text = { (name: String) in row.column(name)?.string }
        guard let token = text("token"), let deepLink = text("deep_link"),
            let platform = text("platform").flatMap(ClientPlatform.init(rawValue:)), let createdAt = date(row.column("created_at")),
            let expiresAt = date(row.column("expires_at"))
        else { throw StoreError(code: .corrupt, message: "a deferred_clicks row cannot be read") }
        return DeferredClick(
            token: token, code: text("code"), deepLink: deepLink, platform: platform,
            utm: UTMFields(
                source: text("utm_source"), medium: text("utm_medium"), campaign: text("utm_campaign"), term: text("utm_term"),
                content: text("utm_content")),
            campaign: text("campaign"), networkHash: text("network_hash"), device: text("device").flatMap(DeviceSignals.init(stored:)),
            createdAt: createdAt, expiresAt: expiresAt, claimedAt: date(row.column("claimed_at")))
    }

    private static func apiKey(from row: SQLiteRow) throws(StoreError) -> APIKeyRecord {
        guard let id = row.column("id")?.string, let name = row.column("name")?.string,
            let hash = row.column("secret_hash")?.string, let createdAt = date(row.column("created_at"))
        else { throw StoreError(code: .corrupt, message: "an api_keys row cannot be read") }
        return APIKeyRecord(id: id, name: name, secretHash: hash, createdAt: createdAt, revokedAt: date(row.column("revoked_at")))
    }
}
