import Foundation
import DeepLinkAssociation
import DeepLinkCore

/// What the server takes from the app's config and its own settings, read and checked once: the
/// router deep links must reach, the `apps`, `deferred` and `pages` sections, the redirect policy,
/// the link host and the website. The association files, the link editor and the resolver share this one
/// value. `Sendable`.
package struct DeepLinkSetup: Sendable {
    /// The config's router with every handler continuing: the server only asks whether a deep link routes.
    package let router: Router
    /// The `apps` section as read, with its errors; without the section, no settings and no errors.
    package let apps: AssociationSettingsReport
    /// The `deferred` section.
    package let deferred: DeferredLinkSettings
    /// The `pages` section.
    package let pages: PageSettings
    /// Where links may redirect.
    package let policy: RedirectPolicy
    /// The host short links live on.
    package let linkHost: String?
    /// Where short links are addressed: `https://` and ``linkHost``, or the development origin.
    package let linkOrigin: ShortLinkOrigin?
    /// The host short links live on when the server names one (`publicHost`), with the paths the
    /// server answers itself: its association files list the apps for short links only.
    package let linkDomain: LinkDomain?
    /// The website's host, the config's first that is not a wildcard: where problem pages send people. With short
    /// links on a link domain of their own it differs from ``linkHost``.
    package let websiteHost: String?
    /// The GeoIP database's path, when the server has one: links may then have country targets.
    package let geoIPDatabase: String?
    /// Whether a redirect to the web fallback carries the UTM fields in effect (``ServerConfiguration/webFallbackUTM``).
    package let webFallbackUTM: Bool
    /// The routes of the config that name a `minAppVersion`, by pattern: most configs have none,
    /// and then no deep link is matched to find one.
    let routeMinimums: [RoutePattern: MinimumAppVersion]

    /// Reads a server's config.
    /// - Throws: ``ConfigError`` for a bad `deferred` or `pages` section, or a build error when the router
    ///   cannot be built from the config.
    package init(configuration: ServerConfiguration) throws {
        let config = configuration.deepLinkConfig
        deferred = try DeferredLinkSettings.load(from: config)
        pages = try PageSettings.load(from: config)
        apps = AssociationSettings.diagnose(config)
        // The server routes links to check and describe them, not to open screens: the config's
        // `logging`, meant for the app, would print a line per request.
        var builder = RouterBuilder(config: config, logger: SilentRouteLogger())
        builder.registerPassThroughHandlers()
        router = try builder.build()
        policy = RedirectPolicy(configHosts: config.hosts, allowlist: configuration.redirectAllowlist)
        linkHost = configuration.linkHost
        linkOrigin = configuration.linkOrigin
        linkDomain = configuration.publicHost.map(ServerPaths.linkDomain)
        websiteHost = config.hosts.first { !$0.hasPrefix("*") }
        geoIPDatabase = configuration.geoIPDatabase
        webFallbackUTM = configuration.webFallbackUTM
        routeMinimums = Dictionary(
            config.routes.filter { !$0.minAppVersion.isEmpty }.map { ($0.pattern, $0.minAppVersion) }, uniquingKeysWith: { first, _ in first })
    }

    /// The oldest app versions that can open a link: each platform's newer of the link's own
    /// `minAppVersion` and that of the route its deep link reaches.
    /// - Parameter link: The link.
    package func minAppVersion(for link: Link) -> MinimumAppVersion {
        guard !routeMinimums.isEmpty, let url = URL(string: link.deepLink), let route = router.match(url).route,
            let routeMinimum = routeMinimums[route]
        else { return link.minAppVersion }
        return link.minAppVersion.stricter(with: routeMinimum)
    }

    /// Where an expired link sends a browser instead of the "link expired" page: its
    /// `expiredURL` while the redirect policy still allows it, else `nil`.
    /// - Parameter link: The expired link.
    package func expiredRedirect(for link: Link) -> String? {
        link.expiredURL.flatMap(policy.redirectURL(for:))
    }

    /// Where an app opens an expired link in the browser: its ``expiredRedirect(for:)``, else its
    /// web fallback, while the redirect policy allows them; `nil` for neither (the app then opens
    /// the short link, whose page says the link expired).
    /// - Parameter link: The expired link.
    package func browserURL(forExpired link: Link) -> String? {
        expiredRedirect(for: link) ?? link.webURL.flatMap(policy.redirectURL(for:))
    }

    /// What an app must be to open a link on its platform: the oldest version
    /// (``minAppVersion(for:)``) and, when there is one, the store page where an older install
    /// updates (the link's App Store id or Android package).
    /// - Parameters:
    ///   - link: The link.
    ///   - platform: The app's platform.
    ///   - utm: The UTM fields in effect, which the Play Store page's referrer carries.
    package func appRequirement(of link: Link, platform: DeferredLinkDeviceSignals.Platform, utm: UTMFields) -> AppRequirement {
        guard let minimum = minAppVersion(for: link).version(for: platform) else { return AppRequirement() }
        let storeURL: String? =
            switch platform {
            case .ios: link.appStoreID.map { "https://apps.apple.com/app/id\($0)" }
            case .android: link.playPackage.map { LinkVisits.playStoreURL(package: $0, utm: utm, token: nil) }
            }
        return AppRequirement(minimumVersion: minimum, storeURL: storeURL)
    }

    /// Where a landing page's "Open in app" leads on iOS. A universal link on one of the website's
    /// hosts whose association files list the deep link's route, where there is one: from a page
    /// on the link domain that is a tap across domains, which iOS hands to the installed app with
    /// no prompt, and without the app it opens the website's own page. Otherwise the deep link
    /// itself, whose custom scheme makes Safari ask "Open in …?"; so too when short links live on
    /// a website host, since a tap within one domain stays in Safari.
    /// - Parameter deepLink: The link's deep link.
    package func openInAppURL(for deepLink: String) -> String {
        guard let linkDomain, let settings = apps.errors.isEmpty ? apps.settings : nil, let url = URL(string: deepLink) else { return deepLink }
        let hosts = settings.hosts.filter { $0.host != linkDomain.host }
        let result = router.match(url)
        guard result.outcome == .matched || result.outcome == .signInRequired, let route = result.route else { return deepLink }
        let covering = hosts.filter { host in host.universalLinkRoutes.contains { $0.pattern == route } }
        if url.scheme == "https", let host = url.host?.lowercased(), covering.contains(where: { $0.host == host }) { return deepLink }
        for host in covering {
            if let universal = try? router.universalLinkURL(for: route.description, parameters: result.parameters, host: host.host) {
                return universal.absoluteString
            }
        }
        return deepLink
    }

    /// The first Android app's package, which a link that names none gets; `nil` when the `apps`
    /// section is missing or has errors.
    var defaultPlayPackage: String? {
        apps.errors.isEmpty ? apps.settings?.androidApps.first?.package : nil
    }

    /// The first App Store ID of the iOS apps, which a link that names none gets; `nil` when no
    /// iOS app has one or the `apps` section is missing or has errors.
    var defaultAppStoreID: String? {
        apps.errors.isEmpty ? apps.settings?.iosApps.lazy.compactMap(\.appStoreID).first : nil
    }
}
