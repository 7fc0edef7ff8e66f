import DeepLinkServer

/// Servers sharing a PostgreSQL database share the per-address limits too: the token buckets
/// are rows of `rate_limits`, taken from by the statements ``SQLLinkStore`` runs for both backends.
extension PostgresLinkStore: RateLimitStorage {}
