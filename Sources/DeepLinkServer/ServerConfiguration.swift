import DeepLinkCore

/// Everything the link server needs besides its store and logger. A `Sendable` value with
/// documented defaults; only the CLI reads flags into it.
public struct ServerConfiguration: Sendable {
    /// The app's MobileDeepLinkingConfig.json: routes, hosts and the `apps` section.
    public var deepLinkConfig: DeepLinkConfig
    /// The address to bind. Default `127.0.0.1`.
    public var host: String
    /// The port to bind; `0` picks a free one. Default `8080`.
    public var port: Int
    /// The https origin of short links, e.g. `https://shop.example.com`. Default: the first of the
    /// config's `hosts`.
    public var publicHost: String?
    /// Hosts besides the config's and the app stores' that links may redirect to. A leading
    /// `*.` allows every subdomain. Default empty.
    public var redirectAllowlist: [String]
    /// The largest admin request body, in bytes. Default 16 KiB.
    public var maximumBodySize: Int
    /// Writes each API key may make per minute. Default 120.
    public var writesPerMinutePerKey: Int
    /// Writes each client address may make per minute. Default 300.
    public var writesPerMinutePerAddress: Int
    /// The most links a list page may hold. Default 100.
    public var maximumPageSize: Int
    /// How long an opened link is kept in memory; changes made through another server sharing
    /// the database show within this time. Zero turns the cache off. Default 2 s.
    public var linkCacheLifetime: Duration
    /// How often click counts are written to the database. Default 1 s.
    public var clickFlushInterval: Duration

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
    public init(
        deepLinkConfig: DeepLinkConfig, host: String = "127.0.0.1", port: Int = 8080, publicHost: String? = nil,
        redirectAllowlist: [String] = [], maximumBodySize: Int = 16 * 1024, writesPerMinutePerKey: Int = 120,
        writesPerMinutePerAddress: Int = 300, maximumPageSize: Int = 100, linkCacheLifetime: Duration = .seconds(2),
        clickFlushInterval: Duration = .seconds(1)
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
    }

    /// The host short links live on.
    var linkHost: String? { publicHost ?? deepLinkConfig.hosts.first }
}
