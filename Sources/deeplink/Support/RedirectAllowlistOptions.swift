import ArgumentParser
import DeepLinkServer
import DeepLinkService

/// `--allow-redirect-host HOST`, shared by `serve` and `import firebase`, which both read the
/// config's `server.allowedRedirectHosts` too, so that an import accepts exactly the fallback
/// URLs the server will redirect to.
struct RedirectAllowlistOptions: ParsableArguments {
    @Option(
        name: .customLong(ServerSetting.allowedRedirectHosts.flag),
        help: ServerSetting.allowedRedirectHosts.help(valueName: "host", repeatable: true))
    var allowRedirectHost: [String] = []

    /// The setting given as flags: the hosts, which replace the config's list.
    var settingFlags: [ServerSetting.Given] {
        ServerSetting.given([(.allowedRedirectHosts, allowRedirectHost.isEmpty ? nil : allowRedirectHost.joined(separator: ","))])
    }

    func validate() throws {
        try ServerSetting.validate(settingFlags)
    }
}
