extension ServerSetting {
    /// `server.database`, `DEEPLINK_DATABASE`, `--database`.
    package static let database = ServerSetting(
        summary: "The link database: sqlite:PATH, a file path, or postgres://USER:PASSWORD@HOST:PORT/DATABASE",
        key: ["database"], flag: "database", defaultDescription: "sqlite:.deeplink/deeplink.sqlite beside the config file",
        kind: .database)
    /// `server.databaseConnectTimeoutSeconds`, `DEEPLINK_DATABASE_CONNECT_TIMEOUT`, `--database-connect-timeout`.
    package static let databaseConnectTimeout = ServerSetting(
        summary: "Seconds opening the database may take before the command gives up",
        key: ["databaseConnectTimeoutSeconds"], flag: "database-connect-timeout", defaultDescription: "5",
        kind: .seconds(\.databaseConnectTimeout, 0.1...300))
    /// `server.databaseWaitSeconds`, `DEEPLINK_DATABASE_WAIT`, `--database-wait`.
    package static let databaseWait = ServerSetting(
        summary: "Seconds a request waits for a PostgreSQL connection before it fails with 503 and Retry-After",
        key: ["databaseWaitSeconds"], flag: "database-wait", defaultDescription: "1",
        kind: .seconds(\.databaseWait, 0.1...60))
    /// `server.listen.host`, `DEEPLINK_HOST`, `--host`.
    package static let host = ServerSetting(
        summary: "The address to listen on",
        key: ["listen", "host"], flag: "host", defaultDescription: "127.0.0.1", kind: .address(\.host))
    /// `server.listen.port`, `DEEPLINK_PORT`, `--port`.
    package static let port = ServerSetting(
        summary: "The port to listen on",
        key: ["listen", "port"], flag: "port", defaultDescription: "8080 (0 picks a free port)", kind: .whole(\.port, 0...65_535))
    /// `server.publicHost`, `DEEPLINK_PUBLIC_HOST`, `--public-host`.
    package static let publicHost = ServerSetting(
        summary: "The host short links live on: the link domain",
        key: ["publicHost"], flag: "public-host", defaultDescription: "the config's first hosts entry", kind: .host(\.publicHost))
    /// `server.publicURL`, `DEEPLINK_PUBLIC_URL`, `--public-url`.
    package static let publicURL = ServerSetting(
        summary: "Development only: this server's URL on your own network, such as http://192.168.1.20:8080, used in every link, QR code "
            + "and page instead of https://publicHost, to try links on a phone before DNS and TLS exist; a public host is refused",
        key: ["publicURL"], flag: "public-url", defaultDescription: "none: https:// and the public host", kind: .developmentOrigin(\.publicURL))
    /// `server.allowedRedirectHosts`, `DEEPLINK_ALLOW_REDIRECT_HOST`, `--allow-redirect-host`.
    package static let allowedRedirectHosts = ServerSetting(
        summary: "Hosts besides the config's and the app stores' that links may redirect to; *.example.com allows subdomains",
        key: ["allowedRedirectHosts"], flag: "allow-redirect-host", defaultDescription: "none (the config's hosts and the app stores)",
        kind: .hosts(\.redirectAllowlist))
    /// `server.clientAddressHeader`, `DEEPLINK_CLIENT_ADDRESS_HEADER`, `--client-address-header`.
    package static let clientAddressHeader = ServerSetting(
        summary: "The header trusted reverse proxies put the client's address in, e.g. X-Forwarded-For; only behind proxies that append to it",
        key: ["clientAddressHeader"], flag: "client-address-header", defaultDescription: "none (the connection's peer)",
        kind: .headerName(\.clientAddressHeader))
    /// `server.trustedProxies`, `DEEPLINK_TRUSTED_PROXIES`, `--trusted-proxies`.
    package static let trustedProxies = ServerSetting(
        summary: "How many trusted proxies append to the client-address header: 1 for a load balancer, 2 for a CDN in front of it",
        key: ["trustedProxies"], flag: "trusted-proxies", defaultDescription: "1", kind: .whole(\.trustedProxies, 1...10))
    /// `server.geoIPDatabase`, `DEEPLINK_GEOIP_DATABASE`, `--geoip-database`.
    package static let geoIPDatabase = ServerSetting(
        summary: "A GeoIP country database (GeoLite2-Country or DB-IP Lite, .mmdb) that tells visitors' countries for links' country "
            + "targets and the numbers' byCountry; read again when the file changes",
        key: ["geoIPDatabase"], flag: "geoip-database", defaultDescription: "none: links cannot have country targets",
        kind: .file(\.geoIPDatabase))
    /// `server.firebaseLongLinks`, `DEEPLINK_DISABLE_FIREBASE_LONG_LINKS`, `--disable-firebase-long-links`.
    package static let firebaseLongLinks = ServerSetting(
        summary: "Stop resolving Firebase Dynamic Links long links (/?link=…)",
        key: ["firebaseLongLinks"], flag: "disable-firebase-long-links", defaultDescription: "true",
        kind: .disabling(\.firebaseLongLinks))
    /// `server.webFallbackUTM`, `DEEPLINK_DISABLE_WEB_FALLBACK_UTM`, `--disable-web-fallback-utm`.
    package static let webFallbackUTM = ServerSetting(
        summary: "Stop adding the link's and the tap's utm_* fields to a redirect to the web fallback (desktop, Android without the app)",
        key: ["webFallbackUTM"], flag: "disable-web-fallback-utm", defaultDescription: "true",
        kind: .disabling(\.webFallbackUTM))
    /// `server.hsts`, `DEEPLINK_HSTS`, `--hsts`.
    package static let hsts = ServerSetting(
        summary: "Send Strict-Transport-Security (max-age=31536000; includeSubDomains) with every response; only behind a TLS proxy",
        key: ["hsts"], flag: "hsts", defaultDescription: "false", kind: .enabling(\.strictTransportSecurity))
    /// `server.allowPrivateWebhookURLs`, `DEEPLINK_ALLOW_PRIVATE_WEBHOOK_URLS`, `--allow-private-webhook-urls`.
    package static let allowPrivateWebhookURLs = ServerSetting(
        summary: "Let webhook endpoints be http URLs on loopback, private or link-local addresses; for development with a receiver on this machine",
        key: ["allowPrivateWebhookURLs"], flag: "allow-private-webhook-urls", defaultDescription: "false",
        kind: .enabling(\.allowPrivateWebhookURLs))
    /// `server.webhookRetentionDays`, `DEEPLINK_WEBHOOK_RETENTION_DAYS`, `--webhook-retention-days`.
    package static let webhookRetention = ServerSetting(
        summary: "Days a delivered or given-up webhook delivery stays in the delivery log before it is deleted",
        key: ["webhookRetentionDays"], flag: "webhook-retention-days", defaultDescription: "7",
        kind: .whole(\.webhookRetentionDays, 1...3650))
    /// `server.linkCacheSeconds`, `DEEPLINK_LINK_CACHE_SECONDS`, `--link-cache-seconds`.
    package static let linkCache = ServerSetting(
        summary: "Seconds an opened link stays in memory; 0 turns the cache off",
        key: ["linkCacheSeconds"], flag: "link-cache-seconds", defaultDescription: "2",
        kind: .seconds(\.linkCacheLifetime, 0...3600))
    /// `server.limits.writesPerMinutePerKey`, `DEEPLINK_WRITES_PER_MINUTE_PER_KEY`, `--writes-per-minute-per-key`.
    package static let writesPerKey = ServerSetting(
        summary: "Admin API writes each API key may make per minute",
        key: ["limits", "writesPerMinutePerKey"], flag: "writes-per-minute-per-key", defaultDescription: "1200",
        kind: .whole(\.writesPerMinutePerKey, 1...1_000_000_000))
    /// `server.limits.writesPerMinutePerAddress`, `DEEPLINK_WRITES_PER_MINUTE_PER_ADDRESS`, `--writes-per-minute-per-address`.
    package static let writesPerAddress = ServerSetting(
        summary: "Admin API writes each client address may make per minute",
        key: ["limits", "writesPerMinutePerAddress"], flag: "writes-per-minute-per-address", defaultDescription: "300",
        kind: .whole(\.writesPerMinutePerAddress, 1...1_000_000_000))
    /// `server.limits.claimsPerMinutePerAddress`, `DEEPLINK_CLAIMS_PER_MINUTE`, `--claims-per-minute`.
    package static let claimsPerAddress = ServerSetting(
        summary: "Deferred-link claims each client address may make per minute",
        key: ["limits", "claimsPerMinutePerAddress"], flag: "claims-per-minute", defaultDescription: "30",
        kind: .whole(\.claimsPerMinutePerAddress, 1...1_000_000_000))
    /// `server.limits.clicksPerMinutePerAddress`, `DEEPLINK_CLICKS_PER_MINUTE`, `--clicks-per-minute`.
    package static let clicksPerAddress = ServerSetting(
        summary: "Clicks on one link each client address makes per minute that count as people's; past it, clicks are answered and counted apart as excess",
        key: ["limits", "clicksPerMinutePerAddress"], flag: "clicks-per-minute", defaultDescription: "60",
        kind: .whole(\.clicksPerMinutePerAddress, 1...1_000_000_000))
    /// `server.limits.opensPerMinutePerAddress`, `DEEPLINK_OPENS_PER_MINUTE`, `--opens-per-minute`.
    package static let opensPerAddress = ServerSetting(
        summary: "Short links each client address may resolve in the app per minute (POST /api/v1/opens)",
        key: ["limits", "opensPerMinutePerAddress"], flag: "opens-per-minute", defaultDescription: "120",
        kind: .whole(\.opensPerMinutePerAddress, 1...1_000_000_000))
    /// `server.limits.deferredClicksPerMinutePerAddress`, `DEEPLINK_DEFERRED_CLICKS_PER_MINUTE`, `--deferred-clicks-per-minute`.
    package static let deferredClicksPerAddress = ServerSetting(
        summary: "Clicks the store hop records per client address per minute; past it, it redirects without a token",
        key: ["limits", "deferredClicksPerMinutePerAddress"], flag: "deferred-clicks-per-minute", defaultDescription: "60",
        kind: .whole(\.deferredClicksPerMinutePerAddress, 1...1_000_000_000))
    /// `server.limits.maxBodyBytes`, `DEEPLINK_MAX_BODY_BYTES`, `--max-body-bytes`.
    package static let maximumBodySize = ServerSetting(
        summary: "The largest admin API request body, in bytes",
        key: ["limits", "maxBodyBytes"], flag: "max-body-bytes", defaultDescription: "16384",
        kind: .whole(\.maximumBodySize, 1024...16 * 1024 * 1024))
    /// `server.limits.maxPageSize`, `DEEPLINK_MAX_PAGE_SIZE`, `--max-page-size`.
    package static let maximumPageSize = ServerSetting(
        summary: "The most links one page of the list API holds",
        key: ["limits", "maxPageSize"], flag: "max-page-size", defaultDescription: "100", kind: .whole(\.maximumPageSize, 1...1000))

    /// `server.limits.connectionsPerAddress`, `DEEPLINK_CONNECTIONS_PER_ADDRESS`, `--connections-per-address`.
    package static let connectionsPerAddress = ServerSetting(
        summary: "Open connections each client address may hold; 0 for no cap, behind a reverse proxy that caps them itself",
        key: ["limits", "connectionsPerAddress"], flag: "connections-per-address", defaultDescription: "100",
        kind: .whole(\.connectionsPerAddress, 0...1_000_000))
    /// `server.timeouts.headerSeconds`, `DEEPLINK_HEADER_TIMEOUT`, `--header-timeout`.
    package static let headerTimeout = ServerSetting(
        summary: "Seconds a request's headers may take to arrive, from its first byte",
        key: ["timeouts", "headerSeconds"], flag: "header-timeout", defaultDescription: "10",
        kind: .seconds(\.headerTimeout, 0.1...3600))
    /// `server.timeouts.bodySeconds`, `DEEPLINK_BODY_TIMEOUT`, `--body-timeout`.
    package static let bodyTimeout = ServerSetting(
        summary: "Seconds a request's body may take to arrive, from the end of its headers",
        key: ["timeouts", "bodySeconds"], flag: "body-timeout", defaultDescription: "30",
        kind: .seconds(\.bodyTimeout, 0.1...3600))
    /// `server.timeouts.idleSeconds`, `DEEPLINK_IDLE_TIMEOUT`, `--idle-timeout`.
    package static let idleTimeout = ServerSetting(
        summary: "Seconds a connection may wait for its next request before it is closed",
        key: ["timeouts", "idleSeconds"], flag: "idle-timeout", defaultDescription: "30",
        kind: .seconds(\.idleTimeout, 0.1...3600))

    /// Every setting, in the order the docs list them.
    package static let all: [ServerSetting] = [
        database, databaseConnectTimeout, databaseWait, host, port, publicHost, publicURL, allowedRedirectHosts, clientAddressHeader, trustedProxies,
        geoIPDatabase, firebaseLongLinks, webFallbackUTM, hsts, allowPrivateWebhookURLs, webhookRetention, linkCache, writesPerKey, writesPerAddress, claimsPerAddress, clicksPerAddress, opensPerAddress,
        deferredClicksPerAddress, maximumBodySize,
        maximumPageSize, connectionsPerAddress, headerTimeout, bodyTimeout, idleTimeout,
    ]
}
