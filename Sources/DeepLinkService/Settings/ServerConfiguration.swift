import DeepLinkCore

/// Everything the link server needs besides its store and logger, and where that store is. A
/// `Sendable` value with documented defaults.
///
/// ``init(reading:)`` reads the config's `server` section into it; only the CLI lays the
/// environment and flags over that (``ServerSetting``).
package struct ServerConfiguration: Sendable {
    /// The app's MobileDeepLinkingConfig.json: routes, hosts and the `apps` section.
    package var deepLinkConfig: DeepLinkConfig
    /// The address to bind. Default `127.0.0.1`.
    package var host: String
    /// The port to bind; `0` picks a free one. Default `8080`.
    package var port: Int
    /// The host short links live on (the link domain), e.g. `go.shop.example.com`. Default: the
    /// first of the config's `hosts`.
    package var publicHost: String?
    /// Development only: the origin of this server on the local network, which every generated
    /// URL uses instead of `https://` and ``linkHost`` (``ShortLinkOrigin/development(_:)``). Default none.
    package var publicURL: ShortLinkOrigin?
    /// Hosts besides the config's and the app stores' that links may redirect to. A leading
    /// `*.` allows every subdomain. Default empty.
    package var redirectAllowlist: [String]
    /// The largest admin request body, in bytes. Default 16 KiB.
    package var maximumBodySize: Int
    /// Writes each API key may make per minute. Default 120.
    package var writesPerMinutePerKey: Int
    /// Writes each client address may make per minute. Default 300.
    package var writesPerMinutePerAddress: Int
    /// The most links a list page may hold. Default 100.
    package var maximumPageSize: Int
    /// How long an opened link is kept in memory; changes made through another server sharing
    /// the database show within this time. Zero turns the cache off. Default 2 s.
    package var linkCacheLifetime: Duration
    /// How often click counts are written to the database. Default 1 s.
    package var clickFlushInterval: Duration
    /// Clicks on one link per client address per minute counted as people's; past it they are
    /// answered and counted apart (``LinkNumbers/excessClicksPerDay``). Default 60.
    package var clicksPerMinutePerAddress: Int = 60
    /// Days a delivered or given-up webhook delivery is kept in the delivery log. Default 7.
    package var webhookRetentionDays: Int = 7
    /// The header in which trusted reverse proxies pass the client's address, such as
    /// `X-Forwarded-For`. Default `nil`: the connection's peer. Only set it behind proxies that
    /// append to the header, or clients can pretend to be anyone.
    package var clientAddressHeader: String?
    /// How many trusted proxies append to ``clientAddressHeader``: 1 for a load balancer (its last
    /// entry is the client), 2 for a CDN in front of it, and so on. Default 1.
    package var trustedProxies: Int
    /// Whether Firebase Dynamic Links long links (`/?link=…`) resolve. Default `true`; turn it off
    /// once no old long link is in use, since anyone can write one with their own preview.
    package var firebaseLongLinks: Bool
    /// Whether a redirect to a link's web fallback carries the UTM fields in effect (the link's,
    /// overridden by the tap's), where the fallback URL does not set them. Default `true`.
    package var webFallbackUTM = true
    /// Deferred-link claims each client address may make per minute. Default 30.
    package var claimsPerMinutePerAddress: Int
    /// Short links each client address may resolve in the app per minute. Default 120.
    package var opensPerMinutePerAddress = 120
    /// Whether every response says `Strict-Transport-Security: max-age=31536000; includeSubDomains`,
    /// for a server behind a TLS proxy: browsers then use only https for the host and its
    /// subdomains for a year. Default `false`, since a server reached over plain http must not send it.
    package var strictTransportSecurity: Bool
    /// Whether webhook endpoints may be http URLs and resolve to loopback, private or link-local
    /// addresses (``WebhookURLPolicy``): for development, with a receiver on this machine.
    /// Default `false`.
    package var allowPrivateWebhookURLs = false
    /// The GeoIP database (a MaxMind-format `.mmdb` file, such as GeoLite2-Country or DB-IP
    /// Lite) that tells a visitor's country for links' country targets; `nil` for none, and then
    /// a country target is refused.
    package var geoIPDatabase: String?
    /// Clicks each client address may record for deferred deep linking per minute; past it, the
    /// store buttons still work, without deferred deep linking. Default 60.
    package var deferredClicksPerMinutePerAddress: Int
    /// How often expired deferred clicks are deleted. Default 5 minutes.
    package var deferredPurgeInterval: Duration
    /// Where the commands open the link database; the server's `buildApplication`
    /// takes the store already open. Default: `.deeplink/deeplink.sqlite`, beside the config file
    /// when read from one.
    package var database: DatabaseLocation
    /// How long opening the database may take before the command gives up. Default 5 s.
    package var databaseConnectTimeout: Duration
    /// Open connections each client address (the connection's peer) may hold; more are closed as
    /// they open. Zero turns the cap off, as behind a reverse proxy, whose connections all come
    /// from one address. Default 100.
    package var connectionsPerAddress: Int
    /// How long a request's headers may take to arrive, from its first byte; then the connection
    /// is closed. Default 10 s.
    package var headerTimeout: Duration
    /// How long a request's body may take to arrive, from the end of its headers; then the
    /// connection is closed. Default 30 s.
    package var bodyTimeout: Duration
    /// How long an open connection may wait for its (next) request; then it is closed. Default 30 s.
    package var idleTimeout: Duration
    /// How long a request waits for a PostgreSQL connection before it fails with `503`: while the
    /// database is out, the first requests fail after it, later ones at once. Default 1 s.
    package var databaseWait: Duration

    /// Creates a configuration.
    /// - Parameters:
    ///   - deepLinkConfig: The app's config.
    ///   - host: The address to bind.
    ///   - port: The port to bind.
    ///   - publicHost: The host of short links.
    ///   - redirectAllowlist: Extra redirect hosts.
    ///   - maximumBodySize: The body limit in bytes.
    ///   - writesPerMinutePerKey: The per-key write rate.
    ///   - writesPerMinutePerAddress: The per-address write rate.
    ///   - maximumPageSize: The list page limit.
    ///   - linkCacheLifetime: How long opened links stay in memory.
    ///   - clickFlushInterval: How often click counts are written.
    ///   - clientAddressHeader: The trusted proxies' client-address header.
    ///   - trustedProxies: How many trusted proxies append to that header.
    ///   - firebaseLongLinks: Whether Firebase long links resolve.
    ///   - strictTransportSecurity: Whether every response sends `Strict-Transport-Security`.
    ///   - claimsPerMinutePerAddress: The per-address claim rate.
    ///   - deferredClicksPerMinutePerAddress: The per-address rate of recorded clicks.
    ///   - deferredPurgeInterval: How often expired deferred clicks are deleted.
    ///   - database: Where the link database is.
    ///   - databaseConnectTimeout: How long opening the database may take.
    ///   - connectionsPerAddress: The cap on each client address's open connections; zero for none.
    ///   - headerTimeout: How long a request's headers may take.
    ///   - bodyTimeout: How long a request's body may take.
    ///   - idleTimeout: How long a connection may wait for a request.
    ///   - databaseWait: How long a request waits for a database connection.
    package init(
        deepLinkConfig: DeepLinkConfig, host: String = "127.0.0.1", port: Int = 8080, publicHost: String? = nil,
        redirectAllowlist: [String] = [], maximumBodySize: Int = 16 * 1024, writesPerMinutePerKey: Int = 1_200,
        writesPerMinutePerAddress: Int = 300, maximumPageSize: Int = 100, linkCacheLifetime: Duration = .seconds(2),
        clickFlushInterval: Duration = .seconds(1), clientAddressHeader: String? = nil, trustedProxies: Int = 1,
        firebaseLongLinks: Bool = true, strictTransportSecurity: Bool = false, claimsPerMinutePerAddress: Int = 30,
        deferredClicksPerMinutePerAddress: Int = 60, deferredPurgeInterval: Duration = .seconds(300),
        database: DatabaseLocation = .sqlite(path: DatabaseLocation.defaultSQLitePath), databaseConnectTimeout: Duration = .seconds(5),
        connectionsPerAddress: Int = 100, headerTimeout: Duration = .seconds(10), bodyTimeout: Duration = .seconds(30),
        idleTimeout: Duration = .seconds(30),
        databaseWait: Duration = .seconds(1)
    ) {
        self.deepLinkConfig = deepLinkConfig
        self.host = host
        self.port = port
        self.publicHost = publicHost
        self.redirectAllowlist = redirectAllowlist
        self.maximumBodySize = maximumBodySize
        self.writesPerMinutePerKey = writesPerMinutePerKey
        self.writesPerMinutePerAddress = writesPerMinutePerAddress
        self.maximumPageSize = maximumPageSize
        self.linkCacheLifetime = linkCacheLifetime
        self.clickFlushInterval = clickFlushInterval
        self.clientAddressHeader = clientAddressHeader
        self.trustedProxies = trustedProxies
        self.firebaseLongLinks = firebaseLongLinks
        self.strictTransportSecurity = strictTransportSecurity
        self.claimsPerMinutePerAddress = claimsPerMinutePerAddress
        self.deferredClicksPerMinutePerAddress = deferredClicksPerMinutePerAddress
        self.deferredPurgeInterval = deferredPurgeInterval
        self.database = database
        self.databaseConnectTimeout = databaseConnectTimeout
        self.connectionsPerAddress = connectionsPerAddress
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
        self.idleTimeout = idleTimeout
        self.databaseWait = databaseWait
    }

    /// The host short links live on.
    package var linkHost: String? { publicHost ?? deepLinkConfig.hosts.first }

    /// Where short links are addressed: the development ``publicURL``, or `https://` and ``linkHost``.
    package var linkOrigin: ShortLinkOrigin? { publicURL ?? linkHost.map(ShortLinkOrigin.init(httpsHost:)) }
}
