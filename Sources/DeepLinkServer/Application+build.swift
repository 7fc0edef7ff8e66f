import protocol DeepLinkCore.MonotonicClock
import struct DeepLinkCore.SystemClock
import DeepLinkService
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// Builds the link server: association files, short-link resolution, the admin API, health,
/// metrics and the OpenAPI document, over a store.
///
/// Run it with `try await app.runService()`, which stops gracefully on SIGINT and SIGTERM, or
/// test it in-process with `app.test(.router)`.
/// - Parameters:
///   - configuration: The server's settings and the app's config.
///   - store: Where links, clicks and keys live; already migrated.
///   - metrics: The metrics to record into; `/metrics` serves them.
///   - logger: The server's logger; requests add their id and key to its metadata.
///   - clock: The monotonic clock the link cache, the click counter, the purge of deferred clicks
///     and the in-memory rate limits run on; tests move one by hand.
///   - passwords: Where dashboard passwords are checked; tests read how many checks ran.
///   - resolver: Where webhook endpoints' host names are resolved; tests give fixed answers.
///   - sendsWebhooks: Whether this server delivers the outbox; tests deliver it themselves, at the times they choose.
/// - Returns: The application.
/// - Throws: ``ConfigError`` for a bad `deferred` or `pages` section, ``ConfigError`` or ``AssociationError``
///   for an `apps` section that cannot produce association files, or a build error when the
///   router cannot be built from the config; ``LinkServerError`` for a `clientAddressHeader`
///   that is not a header name; ``TemplateLoadingError`` for a page template that is missing or broken;
///   ``GeoIPError`` for a GeoIP database that cannot be read.
package func buildApplication(
    configuration: ServerConfiguration, store: any LinkStore, metrics: ServerMetrics = ServerMetrics(), logger: Logger,
    clock: any MonotonicClock = SystemClock(), passwords: PasswordChecks = PasswordChecks(),
    resolver: any WebhookHostResolver = SystemHostResolver(), sendsWebhooks: Bool = true
) throws -> some ApplicationProtocol {
    let setup = try DeepLinkSetup(configuration: configuration)
    let webhookEvents = WebhookEvents(store: store, clock: clock, logger: logger)
    let clicks = ClickCounter(store: store, interval: configuration.clickFlushInterval, logger: logger, clock: clock, webhooks: webhookEvents)
    let deferred = DeferredLinks(
        store: store, settings: setup.deferred, purgeInterval: configuration.deferredPurgeInterval,
        clicksPerMinutePerAddress: configuration.deferredClicksPerMinutePerAddress, logger: logger, clock: clock)
    let cache = LinkCache(lifetime: configuration.linkCacheLifetime, clock: clock)
    let webhookPolicy = WebhookURLPolicy(allowsPrivateAddresses: configuration.allowPrivateWebhookURLs, resolver: resolver)
    let access = AccessService(store: store, passwords: passwords, logger: logger)
    let countries = try configuration.geoIPDatabase.map { (path) throws(GeoIPError) in try GeoIPCountries(path: path) }
    if let countries {
        logger.info("using a GeoIP database for visitors' countries", metadata: ["geoip.path": "\(countries.path)", "geoip.type": "\(countries.databaseType)"])
    }
    let router = try buildRouter(
        configuration: configuration, setup: setup, store: store, metrics: metrics, cache: cache, clicks: clicks, deferred: deferred,
        webhooks: WebhookService(store: store, policy: webhookPolicy, events: webhookEvents), access: access, countries: countries, logger: logger,
        clock: clock)
    let sender = WebhookSender(
        // A database whose store shares rate limits (PostgreSQL) may serve several servers, whose leases must stand.
        store: store, policy: webhookPolicy, transport: HTTPWebhookTransport(), releasesLeasesAtStart: !(store is any RateLimitStorage),
        retention: .seconds(Int64(configuration.webhookRetentionDays) * 86_400), clock: clock, logger: logger)
    var services: [any Service] = sendsWebhooks ? [clicks, deferred, sender] : [clicks, deferred]
    if let feed = store as? any LinkChangeFeed { services.append(LinkChangeFollower(feed: feed, cache: cache, logger: logger)) }
    if let countries { services.append(GeoIPReloader(countries: countries, clock: clock, logger: logger)) }
    let cap = configuration.connectionsPerAddress > 0 ? ConnectionCap(limit: configuration.connectionsPerAddress) : nil
    let timeouts = ConnectionGuardHandler.Timeouts(
        header: TimeAmount(configuration.headerTimeout), body: TimeAmount(configuration.bodyTimeout),
        idle: TimeAmount(configuration.idleTimeout))
    return Application(
        router: router,
        server: .http1(
            configuration: .init(
                additionalChannelHandlers: [ConnectionGuardHandler(cap: cap, timeouts: timeouts, logger: logger)])),
        configuration: ApplicationConfiguration(
            address: .hostname(configuration.host, port: configuration.port), serverName: "deeplink"),
        services: services,
        onServerRunning: { channel in
            let port = channel.localAddress?.port.map(String.init) ?? "?"
            logger.info("listening", metadata: ["host": "\(configuration.host)", "port": "\(port)"])
            await logFirstRunHints(configuration: configuration, port: port, access: access, logger: logger)
        },
        logger: logger)
}

/// What a newcomer needs once the server listens: the dashboard's address; the command that
/// creates a way in when there is none; and, when it listens beyond loopback, that browsers sign
/// in only over https, since the dashboard's cookies are `Secure`.
private func logFirstRunHints(configuration: ServerConfiguration, port: String, access: AccessService, logger: Logger) async {
    var hasWayIn = true
    do {
        let keys = try await access.keys().filter { $0.revokedAt == nil }
        let users = try await access.users()
        hasWayIn = !keys.isEmpty || !users.isEmpty
    } catch {
        logger.warning("could not read the API keys and dashboard users: \(error)")
    }
    for hint in firstRunHints(configuration: configuration, port: port, hasWayIn: hasWayIn) {
        logger.log(level: hint.level, "\(hint.message)")
    }
}

/// The start-up hints of ``logFirstRunHints(configuration:port:store:logger:)``, in order.
/// - Parameters:
///   - configuration: The server's settings.
///   - port: The port it listens on.
///   - hasWayIn: Whether an API key or a dashboard user exists.
func firstRunHints(configuration: ServerConfiguration, port: String, hasWayIn: Bool) -> [(level: Logger.Level, message: String)] {
    var hints: [(level: Logger.Level, message: String)] = []
    let host = configuration.host.lowercased()
    let isLoopback = ["127.0.0.1", "::1", "localhost"].contains(host)
    if isLoopback || host == "0.0.0.0" || host == "::" {
        // Every address, or loopback: localhost reaches it from this machine.
        hints.append((.notice, "the dashboard is at http://localhost:\(port)/dashboard on this machine"))
    } else {
        hints.append((.notice, "the dashboard is at http://\(host.contains(":") ? "[\(host)]" : host):\(port)/dashboard"))
    }
    if !isLoopback {
        hints.append(
            (.notice,
             "listening beyond loopback: browsers keep the dashboard's Secure cookies only over https (or on localhost), so sign in through a TLS proxy in front (Docs/Operations.md), not over plain http"))
    }
    if let origin = configuration.publicURL {
        hints.append(
            (.warning,
             "development setting: links, QR codes and pages use \(origin) (server.publicURL), to try them on a phone on this network; phones verify universal links and App Links over https only, so there a tap shows the landing page and Open in app, not the app straight away (Docs/Settings.md#trying-links-on-a-phone)"))
        if isLoopback {
            hints.append((.warning, "listening on \(host) only: a phone cannot reach \(origin); listen on the network too, with --host 0.0.0.0"))
        }
    }
    if !hasWayIn {
        hints.append(
            (.notice,
             "no dashboard user or API key exists yet; create one with `deeplink users create NAME` or `deeplink keys create --name NAME`, with the --config or --database this server uses"))
    }
    return hints
}

/// The server's routes, without binding a socket.
func buildRouter(
    configuration: ServerConfiguration, setup: DeepLinkSetup, store: any LinkStore, metrics: ServerMetrics, cache: LinkCache,
    clicks: ClickCounter, deferred: DeferredLinks, webhooks: WebhookService? = nil, access: AccessService, countries: GeoIPCountries? = nil,
    logger: Logger, clock: any MonotonicClock = SystemClock()
) throws -> Router<ServerRequestContext> {
    let association = try AssociationFiles(
        apps: setup.apps, linkDomain: setup.linkDomain, developmentHost: configuration.publicURL?.host, linkHost: setup.linkHost)
    let editor = LinkEditor(setup: setup)
    let pages = try PageRenderer(settings: setup.pages, websiteHost: setup.websiteHost)

    var clientAddress = ClientAddressReader(header: nil)
    if let name = configuration.clientAddressHeader {
        guard let field = HTTPField.Name(name) else {
            throw LinkServerError(
                code: .invalidField, message: "\(name) is not an HTTP header name, such as X-Forwarded-For", field: "clientAddressHeader")
        }
        guard configuration.trustedProxies >= 1 else {
            throw LinkServerError(code: .invalidField, message: "trustedProxies must be at least 1", field: "trustedProxies")
        }
        clientAddress = ClientAddressReader(header: field, trustedProxies: configuration.trustedProxies)
    }

    // Servers sharing a database that keeps token buckets (PostgreSQL) share their limits.
    func limiter(_ scope: String, _ perMinute: Int) -> any RequestLimiter {
        guard let buckets = store as? any RateLimitStorage else { return RateLimiter(perMinute: perMinute, clock: clock) }
        return SharedRateLimiter(scope: scope, perMinute: perMinute, store: buckets, logger: logger, localClock: clock)
    }

    let router = Router(context: ServerRequestContext.self)
    router.add(
        middleware: FrontDoorMiddleware(
            host: HostHeaderRule(), notFound: NotFoundAnswer(pages: pages),
            security: SecurityHeaders(sendsStrictTransportSecurity: configuration.strictTransportSecurity), metrics: RequestMetrics(metrics: metrics)))
    // Logging every request costs throughput even when filtered out, so it is only added when wanted.
    if logger.logLevel <= .debug { router.add(middleware: LogRequestsMiddleware(.debug)) }
    OperationsRoutes(checkStoreHealth: store.checkHealth, metrics: metrics, openAPIDocument: try OpenAPIDocument.text()).add(to: router)
    AssociationRoutes(files: association).add(to: router)
    PageAssetRoutes(stylesheet: pages.stylesheet).add(to: router)
    // One bucket per key for single writes and a bulk request's items alike.
    let writesPerKey = limiter("writes-per-key", configuration.writesPerMinutePerKey)
    let api = router.group("/api/v1")
        .add(middleware: APIKeyMiddleware(access: access))
        .add(
            middleware: WriteLimitMiddleware(
                perKey: writesPerKey,
                perAddress: limiter("writes-per-address", configuration.writesPerMinutePerAddress), clientAddress: clientAddress,
                maximumBodySize: configuration.maximumBodySize,
                maximumBulkBodySize: LinkBulkRoutes.maximumBodySize(for: configuration.maximumBodySize)))
    let visits = LinkVisits(
        store: store, cache: cache, clicks: clicks, deferred: deferred, setup: setup, webhooks: webhooks?.events, countries: countries,
        clickRate: RateLimiter(perMinute: configuration.clicksPerMinutePerAddress, clock: clock))
    var resolution = LinkResolution(visits: visits, resolver: LinkResolver(setup: setup, pages: pages), metrics: metrics, clientAddress: clientAddress)
    resolution.passwordAttempts = limiter("link-passwords", LinkPassword.failedAttemptsPerMinute)
    let journeys = try DeviceJourneys(setup: setup, resolver: resolution.resolver)
    let links = LinkService(store: store, setup: setup, cache: cache, clicks: clicks, webhooks: webhooks?.events, logger: logger)
    if let webhooks { WebhookRoutes(webhooks: webhooks, maximumBodySize: configuration.maximumBodySize).add(to: api) }
    LinkBulkRoutes(
        links: links, maximumBodySize: LinkBulkRoutes.maximumBodySize(for: configuration.maximumBodySize), perKey: writesPerKey,
        writesPerMinutePerKey: configuration.writesPerMinutePerKey
    ).add(to: api)
    LinkAPIRoutes(links: links, maximumBodySize: configuration.maximumBodySize, maximumPageSize: configuration.maximumPageSize).add(to: api)
    DashboardRoutes(
        links: links, access: access,
        sessions: DashboardSessions(
            access: access, failedSignIns: limiter("failed-sign-ins", DashboardSessions.failedSignInsPerMinute),
            failedSignInsPerName: limiter("failed-sign-ins-per-name", DashboardSessions.failedSignInsPerNamePerMinute),
            clientAddress: clientAddress),
        renderer: try DashboardRenderer(brand: setup.pages), health: DashboardHealth(configuration: configuration, setup: setup), journeys: journeys,
        webhooks: webhooks
    ).add(to: router)
    DeferredClaimRoutes(
        deferred: deferred, clientAddress: clientAddress, limiter: limiter("claims", configuration.claimsPerMinutePerAddress), webhooks: webhooks?.events
    ).add(to: router)
    AppOpenRoutes(
        visits: visits, linkHost: setup.linkHost, origin: setup.linkOrigin, clientAddress: clientAddress,
        limiter: limiter("opens", configuration.opensPerMinutePerAddress)
    ).add(to: router)
    ResolveRoutes(resolution: resolution, journeys: journeys).add(to: router)
    QRCodeRoutes(resolution: resolution).add(to: router)
    if configuration.firebaseLongLinks { FirebaseLongLinkRoutes(editor: editor, resolution: resolution).add(to: router) }
    MethodNotAllowedRoutes.add(to: router)
    return router
}
