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
