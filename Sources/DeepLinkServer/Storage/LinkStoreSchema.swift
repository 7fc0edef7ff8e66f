/// The tables both backends share, as numbered migrations in portable SQL.
///
/// Migrations are append-only: a new version adds tables, columns or indexes and never drops
/// or rewrites what is stored. Each backend records applied versions in `schema_migrations`
/// and applies the missing ones in one transaction.
public enum LinkStoreSchema {
    /// The migrations, in order; version `n` is `migrations[n - 1]`.
    public static let migrations: [[String]] = [
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
        ]
    ]

    /// The link columns in the order every backend selects them.
    public static let linkColumns = """
        code, deep_link, app_store_id, play_package, web_url, preview_title, preview_description, preview_image_url, \
        utm_source, utm_medium, utm_campaign, utm_term, utm_content, campaign, expires_at, created_at, updated_at
        """

    /// The click bucket columns, which form the clicks table's key.
    public static let clickKeyColumns = "code, day, platform, referrer_domain, utm_source, utm_medium, utm_campaign"
}
