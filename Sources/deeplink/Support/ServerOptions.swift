import ArgumentParser
import DeepLinkServer
import DeepLinkService

/// The flags of `deeplink serve` that override the config's `server` section: the address, the
/// link domain, proxies and limits. Each is checked by the code that reads the section.
struct ServerOptions: ParsableArguments {
    @Option(name: .customLong(ServerSetting.host.flag), help: ServerSetting.host.help(valueName: "address"))
    var host: String?

    @Option(name: .customLong(ServerSetting.port.flag), help: ServerSetting.port.help(valueName: "port"))
    var port: String?

    @Option(name: .customLong(ServerSetting.publicHost.flag), help: ServerSetting.publicHost.help(valueName: "host"))
    var publicHost: String?

    @Option(name: .customLong(ServerSetting.publicURL.flag), help: ServerSetting.publicURL.help(valueName: "url"))
    var publicURL: String?

    @Option(name: .customLong(ServerSetting.clientAddressHeader.flag), help: ServerSetting.clientAddressHeader.help(valueName: "name"))
    var clientAddressHeader: String?

    @Option(name: .customLong(ServerSetting.trustedProxies.flag), help: ServerSetting.trustedProxies.help(valueName: "count"))
    var trustedProxies: String?

    @Option(name: .customLong(ServerSetting.geoIPDatabase.flag), help: ServerSetting.geoIPDatabase.help(valueName: "file"))
    var geoIPDatabase: String?

    @Flag(name: .customLong(ServerSetting.firebaseLongLinks.flag), help: ServerSetting.firebaseLongLinks.switchHelp)
    var disableFirebaseLongLinks = false

    @Flag(name: .customLong(ServerSetting.webFallbackUTM.flag), help: ServerSetting.webFallbackUTM.switchHelp)
    var disableWebFallbackUTM = false

    @Option(name: .customLong(ServerSetting.databaseWait.flag), help: ServerSetting.databaseWait.help(valueName: "seconds"))
    var databaseWait: String?

    @Flag(name: .customLong(ServerSetting.hsts.flag), help: ServerSetting.hsts.switchHelp)
    var hsts = false

    @Flag(name: .customLong(ServerSetting.allowPrivateWebhookURLs.flag), help: ServerSetting.allowPrivateWebhookURLs.switchHelp)
    var allowPrivateWebhookURLs = false

    @Option(name: .customLong(ServerSetting.webhookRetention.flag), help: ServerSetting.webhookRetention.help(valueName: "days"))
    var webhookRetentionDays: String?
    @Option(name: .customLong(ServerSetting.linkCache.flag), help: ServerSetting.linkCache.help(valueName: "seconds"))
    var linkCacheSeconds: String?

    @Option(name: .customLong(ServerSetting.writesPerKey.flag), help: ServerSetting.writesPerKey.help(valueName: "count"))
    var writesPerMinutePerKey: String?

    @Option(name: .customLong(ServerSetting.writesPerAddress.flag), help: ServerSetting.writesPerAddress.help(valueName: "count"))
    var writesPerMinutePerAddress: String?

    @Option(name: .customLong(ServerSetting.claimsPerAddress.flag), help: ServerSetting.claimsPerAddress.help(valueName: "count"))
    var claimsPerMinute: String?

    @Option(name: .customLong(ServerSetting.clicksPerAddress.flag), help: ServerSetting.clicksPerAddress.help(valueName: "count"))
    var clicksPerMinute: String?
    @Option(name: .customLong(ServerSetting.opensPerAddress.flag), help: ServerSetting.opensPerAddress.help(valueName: "count"))
    var opensPerMinute: String?

    @Option(
        name: .customLong(ServerSetting.deferredClicksPerAddress.flag), help: ServerSetting.deferredClicksPerAddress.help(valueName: "count"))
    var deferredClicksPerMinute: String?

    @Option(name: .customLong(ServerSetting.maximumBodySize.flag), help: ServerSetting.maximumBodySize.help(valueName: "bytes"))
    var maxBodyBytes: String?

    @Option(name: .customLong(ServerSetting.maximumPageSize.flag), help: ServerSetting.maximumPageSize.help(valueName: "count"))
    var maxPageSize: String?

    @Option(
        name: .customLong(ServerSetting.connectionsPerAddress.flag), help: ServerSetting.connectionsPerAddress.help(valueName: "count"))
    var connectionsPerAddress: String?

    @Option(name: .customLong(ServerSetting.headerTimeout.flag), help: ServerSetting.headerTimeout.help(valueName: "seconds"))
    var headerTimeout: String?

    @Option(name: .customLong(ServerSetting.bodyTimeout.flag), help: ServerSetting.bodyTimeout.help(valueName: "seconds"))
    var bodyTimeout: String?

    @Option(name: .customLong(ServerSetting.idleTimeout.flag), help: ServerSetting.idleTimeout.help(valueName: "seconds"))
    var idleTimeout: String?

    /// The settings given as flags.
    var settingFlags: [ServerSetting.Given] {
        ServerSetting.given([
            (.host, host), (.port, port), (.publicHost, publicHost), (.publicURL, publicURL), (.clientAddressHeader, clientAddressHeader),
            (.trustedProxies, trustedProxies), (.geoIPDatabase, geoIPDatabase), (.firebaseLongLinks, disableFirebaseLongLinks ? "true" : nil),
            (.webFallbackUTM, disableWebFallbackUTM ? "true" : nil), (.databaseWait, databaseWait),
            (.hsts, hsts ? "true" : nil), (.allowPrivateWebhookURLs, allowPrivateWebhookURLs ? "true" : nil),
            (.webhookRetention, webhookRetentionDays), (.linkCache, linkCacheSeconds),
            (.writesPerKey, writesPerMinutePerKey), (.writesPerAddress, writesPerMinutePerAddress), (.claimsPerAddress, claimsPerMinute),
            (.clicksPerAddress, clicksPerMinute), (.opensPerAddress, opensPerMinute),
            (.deferredClicksPerAddress, deferredClicksPerMinute), (.maximumBodySize, maxBodyBytes), (.maximumPageSize, maxPageSize),
            (.connectionsPerAddress, connectionsPerAddress), (.headerTimeout, headerTimeout), (.bodyTimeout, bodyTimeout),
            (.idleTimeout, idleTimeout),
        ])
    }

    func validate() throws {
        try ServerSetting.validate(settingFlags)
    }
}
