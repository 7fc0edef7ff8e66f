import DeepLinkAssociation
import DeepLinkCore

/// What the server takes from the app's config and its own settings, read and checked once: the
/// router deep links must reach, the `apps`, `deferred` and `pages` sections, the redirect policy,
/// the link host and the website. The association files, the link editor and the resolver share this one
/// value. `Sendable`.
package struct DeepLinkSetup: Sendable {
    /// The config's router with every handler continuing: the server only asks whether a deep link routes.
    let router: Router
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
        var builder = RouterBuilder(config: config)
        builder.registerPassThroughHandlers()
        router = try builder.build()
        policy = RedirectPolicy(configHosts: config.hosts, allowlist: configuration.redirectAllowlist)
        linkHost = configuration.linkHost
        linkDomain = configuration.publicHost.map(ServerPaths.linkDomain)
        websiteHost = config.hosts.first { !$0.hasPrefix("*") }
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
