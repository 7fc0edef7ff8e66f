import Foundation

/// The tables both backends share, as numbered migrations in portable SQL.
///
/// Migrations are append-only: a new version adds tables, columns or indexes and never drops
/// or rewrites what is stored; only the rollups, which are sums of the stored click buckets, may be
/// recomputed from them (version 5). Each backend records applied versions in `schema_migrations`
/// and applies the missing ones in one transaction.
package enum LinkStoreSchema {
    /// The migrations, in order; version `n` is `migrations[n - 1]`.
    package static let migrations: [[String]] = [
        [
            """
            CREATE TABLE links (
                code TEXT PRIMARY KEY,
                deep_link TEXT NOT NULL,
                app_store_id TEXT,
                play_package TEXT,
                web_url TEXT,
                preview_title TEXT,
                preview_description TEXT,
                preview_image_url TEXT,
                utm_source TEXT,
                utm_medium TEXT,
                utm_campaign TEXT,
                utm_term TEXT,
                utm_content TEXT,
                campaign TEXT,
                expires_at BIGINT,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE clicks (
                code TEXT NOT NULL REFERENCES links (code) ON DELETE CASCADE,
                day TEXT NOT NULL,
                platform TEXT NOT NULL,
                referrer_domain TEXT NOT NULL,
                utm_source TEXT NOT NULL,
                utm_medium TEXT NOT NULL,
                utm_campaign TEXT NOT NULL,
                count BIGINT NOT NULL,
                PRIMARY KEY (code, day, platform, referrer_domain, utm_source, utm_medium, utm_campaign)
            )
            """,
            """
            CREATE TABLE api_keys (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                secret_hash TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                revoked_at BIGINT
            )
            """,
        ],
        [
            "ALTER TABLE links ADD COLUMN ios_fallback_url TEXT",
            "ALTER TABLE links ADD COLUMN android_fallback_url TEXT",
            // One row per click that may be claimed after an install. `code` is null for Firebase
            // long links, which have no stored link; `network_hash` and `device` are only set
            // when probabilistic matching is on, and are cleared when the click is claimed.
            """
            CREATE TABLE deferred_clicks (
                token TEXT PRIMARY KEY,
                code TEXT REFERENCES links (code) ON DELETE CASCADE,
                deep_link TEXT NOT NULL,
                platform TEXT NOT NULL,
                utm_source TEXT,
                utm_medium TEXT,
                utm_campaign TEXT,
                utm_term TEXT,
                utm_content TEXT,
                campaign TEXT,
                network_hash TEXT,
                device TEXT,
                created_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL,
                claimed_at BIGINT
            )
            """,
            "CREATE INDEX deferred_clicks_by_expiry ON deferred_clicks (expires_at)",
            "CREATE INDEX deferred_clicks_by_network ON deferred_clicks (network_hash, created_at)",
            // The salts of the network hashes, one per period; old ones are deleted so a stored
            // hash cannot be tested against candidate addresses once its window has passed.
            "CREATE TABLE deferred_salts (period BIGINT PRIMARY KEY, salt TEXT NOT NULL)",
        ],
        [
            // The dashboard's people and sessions; a session row keeps only the SHA-256 of its cookie.
            "CREATE TABLE dashboard_users (name TEXT PRIMARY KEY, password_hash TEXT NOT NULL, created_at BIGINT NOT NULL)",
            """
            CREATE TABLE dashboard_sessions (
                id_hash TEXT PRIMARY KEY,
                principal TEXT NOT NULL,
                form_token TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX dashboard_sessions_by_principal ON dashboard_sessions (principal)",
            "CREATE INDEX dashboard_sessions_by_expiry ON dashboard_sessions (expires_at)",
            // Store hops and claimed installs per link, day and platform: the deferred clicks
            // themselves are deleted when their token expires, these numbers stay.
            """
            CREATE TABLE deferred_counts (
                code TEXT NOT NULL REFERENCES links (code) ON DELETE CASCADE,
                day TEXT NOT NULL,
                platform TEXT NOT NULL,
                store_hops BIGINT NOT NULL,
                claims BIGINT NOT NULL,
                PRIMARY KEY (code, day, platform)
            )
            """,
            "CREATE INDEX deferred_counts_by_day ON deferred_counts (day)",
            // The dashboard's link list orders by these, and the overall numbers read clicks by day.
            "CREATE INDEX links_by_created ON links (created_at, code)",
            "CREATE INDEX links_by_updated ON links (updated_at, code)",
            "CREATE INDEX clicks_by_day ON clicks (day)",
        ],
        [
            // Every link's clicks summed per day along each dimension (`day`, `platform`,
            // `referrer_domain`, `utm_source`, `utm_medium`, `utm_campaign`), so the dashboard's
            // overall numbers read a few hundred rows a day whatever the number of links; kept
            // when a link is deleted (its clicks happened). Filled from the clicks stored so far.
            """
            CREATE TABLE click_totals (
                day TEXT NOT NULL,
                dimension TEXT NOT NULL,
                name TEXT NOT NULL,
                count BIGINT NOT NULL,
                PRIMARY KEY (day, dimension, name)
            )
            """,
            """
            INSERT INTO click_totals (day, dimension, name, count)
            SELECT day, 'day', day, SUM(count) FROM clicks GROUP BY day
            UNION ALL SELECT day, 'platform', platform, SUM(count) FROM clicks GROUP BY day, platform
            UNION ALL SELECT day, 'referrer_domain', referrer_domain, SUM(count) FROM clicks GROUP BY day, referrer_domain
            UNION ALL SELECT day, 'utm_source', utm_source, SUM(count) FROM clicks GROUP BY day, utm_source
            UNION ALL SELECT day, 'utm_medium', utm_medium, SUM(count) FROM clicks GROUP BY day, utm_medium
            UNION ALL SELECT day, 'utm_campaign', utm_campaign, SUM(count) FROM clicks GROUP BY day, utm_campaign
            """,
            // Every link's store hops and claimed installs per day and platform, for the same reason.
            """
            CREATE TABLE deferred_totals (
                day TEXT NOT NULL,
                platform TEXT NOT NULL,
                store_hops BIGINT NOT NULL,
                claims BIGINT NOT NULL,
                PRIMARY KEY (day, platform)
            )
            """,
            """
            INSERT INTO deferred_totals (day, platform, store_hops, claims)
            SELECT day, platform, SUM(store_hops), SUM(claims) FROM deferred_counts GROUP BY day, platform
            """,
        ],
        [
            // The per-address limits' token buckets, when servers share them (PostgreSQL): one row
            // per limit and client, `tokens` in 1/60,000ths of a token and `updated` in
            // milliseconds since 1970, so that refilling is whole-number arithmetic. A bucket left
            // alone for a minute is full again, so such rows are deleted.
            """
            CREATE TABLE rate_limits (
                scope TEXT NOT NULL,
                client TEXT NOT NULL,
                tokens BIGINT NOT NULL,
                updated BIGINT NOT NULL,
                requested BIGINT NOT NULL,
                granted BIGINT NOT NULL,
                PRIMARY KEY (scope, client)
            )
            """,
            "CREATE INDEX rate_limits_by_update ON rate_limits (updated)",
            // Each link's clicks summed per day along each dimension, as click_totals is for all
            // links: a link's numbers read days × (platforms + referrers + UTM values) rows instead
            // of every combination of them (21,600 buckets for a million clicks in the scale
            // benchmark, 2,700 rows here). Deleted with the link, like its clicks.
            """
            CREATE TABLE link_click_totals (
                code TEXT NOT NULL REFERENCES links (code) ON DELETE CASCADE,
                day TEXT NOT NULL,
                dimension TEXT NOT NULL,
                name TEXT NOT NULL,
                count BIGINT NOT NULL,
                PRIMARY KEY (code, day, dimension, name)
            )
            """,
            """
            INSERT INTO link_click_totals (code, day, dimension, name, count)
            SELECT code, day, 'day', day, SUM(count) FROM clicks GROUP BY code, day
            UNION ALL SELECT code, day, 'platform', platform, SUM(count) FROM clicks GROUP BY code, day, platform
            UNION ALL SELECT code, day, 'referrer_domain', referrer_domain, SUM(count) FROM clicks GROUP BY code, day, referrer_domain
            UNION ALL SELECT code, day, 'utm_source', utm_source, SUM(count) FROM clicks GROUP BY code, day, utm_source
            UNION ALL SELECT code, day, 'utm_medium', utm_medium, SUM(count) FROM clicks GROUP BY code, day, utm_medium
            UNION ALL SELECT code, day, 'utm_campaign', utm_campaign, SUM(count) FROM clicks GROUP BY code, day, utm_campaign
            """,
        ],
        [
            // App opens, counted beside the store hops and claims they complete the picture of:
            // a tap on a short link that opened the installed app, which resolved the code.
            "ALTER TABLE deferred_counts ADD COLUMN opens BIGINT NOT NULL DEFAULT 0",
            "ALTER TABLE deferred_totals ADD COLUMN opens BIGINT NOT NULL DEFAULT 0",
        ],
        [
            // Link-preview crawlers apart from clicks: their visits leave every dimension of the
            // rollups for one of their own, `crawler` (named by day), so clicks, the chart and the
            // funnel count people only. The click buckets themselves (`clicks`) do not change.
            // A link's rollups come from its buckets exactly. The all-links rollups keep deleted
            // links' clicks, which have no buckets any more: their crawler visits per day and the
            // `day` totals are corrected from the `platform` rollup, which has them; their share
            // of the referrer and UTM rows cannot be told apart and stays.
            """
            UPDATE link_click_totals SET count = count - (
                SELECT COALESCE(SUM(c.count), 0) FROM clicks c
                WHERE c.platform = 'crawler' AND c.code = link_click_totals.code AND c.day = link_click_totals.day AND (
                    (link_click_totals.dimension = 'day' AND link_click_totals.name = c.day)
                    OR (link_click_totals.dimension = 'platform' AND link_click_totals.name = c.platform)
                    OR (link_click_totals.dimension = 'referrer_domain' AND link_click_totals.name = c.referrer_domain)
                    OR (link_click_totals.dimension = 'utm_source' AND link_click_totals.name = c.utm_source)
                    OR (link_click_totals.dimension = 'utm_medium' AND link_click_totals.name = c.utm_medium)
                    OR (link_click_totals.dimension = 'utm_campaign' AND link_click_totals.name = c.utm_campaign)))
            WHERE EXISTS (
                SELECT 1 FROM clicks c WHERE c.platform = 'crawler' AND c.code = link_click_totals.code AND c.day = link_click_totals.day)
            """,
            """
            INSERT INTO link_click_totals (code, day, dimension, name, count)
            SELECT code, day, 'crawler', day, SUM(count) FROM clicks WHERE platform = 'crawler' GROUP BY code, day
            """,
            """
            INSERT INTO click_totals (day, dimension, name, count)
            SELECT day, 'crawler', day, count FROM click_totals WHERE dimension = 'platform' AND name = 'crawler'
            """,
            """
            UPDATE click_totals SET count = count - (
                SELECT crawlers.count FROM click_totals crawlers
                WHERE crawlers.dimension = 'crawler' AND crawlers.day = click_totals.day)
            WHERE dimension = 'day' AND EXISTS (
                SELECT 1 FROM click_totals crawlers WHERE crawlers.dimension = 'crawler' AND crawlers.day = click_totals.day)
            """,
            """
            UPDATE click_totals SET count = count - (
                SELECT COALESCE(SUM(c.count), 0) FROM clicks c
                WHERE c.platform = 'crawler' AND c.day = click_totals.day AND (
                    (click_totals.dimension = 'referrer_domain' AND click_totals.name = c.referrer_domain)
                    OR (click_totals.dimension = 'utm_source' AND click_totals.name = c.utm_source)
                    OR (click_totals.dimension = 'utm_medium' AND click_totals.name = c.utm_medium)
                    OR (click_totals.dimension = 'utm_campaign' AND click_totals.name = c.utm_campaign)))
            WHERE dimension IN ('referrer_domain', 'utm_source', 'utm_medium', 'utm_campaign')
                AND EXISTS (SELECT 1 FROM clicks c WHERE c.platform = 'crawler' AND c.day = click_totals.day)
            """,
            "DELETE FROM click_totals WHERE dimension = 'platform' AND name = 'crawler'",
            "DELETE FROM click_totals WHERE count <= 0",
            "DELETE FROM link_click_totals WHERE count <= 0",
        ],
        [
            // When each API key was last used, so that an operator can tell a forgotten key
            // from one a tool still needs before revoking it.
            "ALTER TABLE api_keys ADD COLUMN last_used_at BIGINT",
        ],
        [
            // One campaign per link, its UTM campaign: the free-form label that was also called
            // "campaign" becomes the link's note where the UTM campaign is set to something else,
            // and the UTM campaign where it was empty. The old column keeps every label as it was.
            "ALTER TABLE links ADD COLUMN note TEXT",
            """
            UPDATE links SET note = campaign
            WHERE campaign IS NOT NULL AND campaign <> '' AND utm_campaign IS NOT NULL AND utm_campaign <> '' AND campaign <> utm_campaign
            """,
            "UPDATE links SET utm_campaign = campaign WHERE campaign IS NOT NULL AND campaign <> '' AND (utm_campaign IS NULL OR utm_campaign = '')",
            // Each link's clicks of all time (people's, as the `day` rollup counts them), so the
            // link list sorts by clicks from an index whatever the number of links. A link
            // without clicks has no row.
            """
            CREATE TABLE link_clicks (
                link_code TEXT PRIMARY KEY REFERENCES links (code) ON DELETE CASCADE,
                clicks BIGINT NOT NULL
            )
            """,
            "CREATE INDEX link_clicks_by_count ON link_clicks (clicks DESC, link_code)",
            """
            INSERT INTO link_clicks (link_code, clicks)
            SELECT code, SUM(count) FROM link_click_totals WHERE dimension = 'day' GROUP BY code HAVING SUM(count) > 0
            """,
            // The top links of a range, when the links with the most clicks of all time do not
            // settle them (a short range), sum every link's `day` rows of the range: this index
            // hands over just those rows, without reading the table (7 days of 100,000 links
            // clicked on 10 days each: 40 ms instead of 540 ms in SQLite; PostgreSQL scanned the
            // whole table in parallel without it).
            "CREATE INDEX link_click_totals_by_day ON link_click_totals (dimension, day, code, count)",
        ],
        [
            // Scoped keys and dashboard roles (issue 27): what each key may do and who created
            // it, and each user's role. Every key and user from before keeps full rights.
            "ALTER TABLE api_keys ADD COLUMN scopes TEXT NOT NULL DEFAULT 'admin'",
            "ALTER TABLE api_keys ADD COLUMN created_by TEXT",
            "CREATE INDEX api_keys_by_creator ON api_keys (created_by)",
            "ALTER TABLE dashboard_users ADD COLUMN role TEXT NOT NULL DEFAULT 'admin'",
        ],
        [
            // A link's tags (issue 27), as `,a,b,` (LinkTags): in the link's own row, so a link
            // and its tags are written by one statement, all or none.
            "ALTER TABLE links ADD COLUMN tags TEXT",
        ],
        [
            // Webhooks (issue 27): the endpoints, and the outbox, one row per message and endpoint
            // that takes its type, which is also the delivery log. `events` is `,a,b,` as a
            // link's tags are; the schedule and the leases are in milliseconds.
            """
            CREATE TABLE webhook_endpoints (
                id TEXT PRIMARY KEY,
                url TEXT NOT NULL,
                events TEXT NOT NULL,
                secret TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                created_by TEXT,
                disabled_at BIGINT,
                disabled_reason TEXT,
                failing_since BIGINT
            )
            """,
            """
            CREATE TABLE webhook_deliveries (
                id TEXT PRIMARY KEY,
                event_id TEXT NOT NULL,
                endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
                event_type TEXT NOT NULL,
                payload TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                status TEXT NOT NULL,
                attempts BIGINT NOT NULL,
                next_attempt_at BIGINT NOT NULL,
                lease_owner TEXT,
                lease_until BIGINT,
                last_attempt_at BIGINT,
                last_status BIGINT,
                last_error TEXT,
                last_latency_ms BIGINT,
                delivered_at BIGINT
            )
            """,
            "CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at)",
            "CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, created_at)",
        ],
        [
            // Visitor rules (issue 39): where an expired link sends visitors, and the oldest app
            // versions that open it (an iOS marketing version, an Android versionCode, as text).
            "ALTER TABLE links ADD COLUMN expired_url TEXT",
            "ALTER TABLE links ADD COLUMN min_ios_version TEXT",
            "ALTER TABLE links ADD COLUMN min_android_version TEXT",
        ],
        [
            // A link's targets (issue 39): a JSON array (NULL for none), read and written whole with the link.
            "ALTER TABLE links ADD COLUMN targets TEXT",
        ],
        [
            // A link's A/B variants (issue 39): a JSON array (NULL for none), read and written whole
            // with the link; the variant a deferred click was shown, so its install counts for it;
            // and each variant's app opens, store visits and installs per day (its clicks are a
            // dimension of the click rollups, `variant`).
            "ALTER TABLE links ADD COLUMN variants TEXT",
            "ALTER TABLE deferred_clicks ADD COLUMN variant TEXT",
            """
            CREATE TABLE variant_counts (
                code TEXT NOT NULL,
                day TEXT NOT NULL,
                variant TEXT NOT NULL,
                opens BIGINT NOT NULL,
                store_visits BIGINT NOT NULL,
                installs BIGINT NOT NULL,
                PRIMARY KEY (code, day, variant)
            )
            """,
        ],
        [
            // Password links (issue 39): the bcrypt hash of a link's password, NULL for none.
            "ALTER TABLE links ADD COLUMN password_hash TEXT",
        ],
        [
            // Webhook deliveries taken per endpoint (issue 43), so a slow endpoint holds only its
            // own; and finished deliveries found by age, to be purged after the retention.
            "CREATE INDEX webhook_deliveries_endpoint_due ON webhook_deliveries (endpoint_id, status, next_attempt_at)",
            "CREATE INDEX webhook_deliveries_finished ON webhook_deliveries (status, last_attempt_at)",
        ],
    ]

    /// Applies the migrations not applied yet, recording each version in `schema_migrations`;
    /// the caller runs it in one transaction.
    /// - Parameter run: Runs a statement in the caller's transaction.
    package static func migrate(_ run: (SQLQuery<[any SQLRow]>) async throws -> [any SQLRow]) async throws {
        func statement(_ sql: String, _ values: [SQLValue] = []) -> SQLQuery<[any SQLRow]> {
            SQLQuery(sql, values, action: "migrate") { $0 }
        }
        _ = try await run(statement("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)"))
        var applied: Set<Int64> = []
        for row in try await run(statement("SELECT version FROM schema_migrations")) {
            if let version = try row.integer("version") { applied.insert(version) }
        }
        for (index, statements) in migrations.enumerated() where !applied.contains(Int64(index + 1)) {
            for sql in statements { _ = try await run(statement(sql)) }
            _ = try await run(
                statement(
                    "INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)",
                    [.integer(Int64(index + 1)), .seconds(Date())]))
        }
    }
}
