import ArgumentParser
import DeepLinkServer
import DeepLinkService

/// `--config` (required), the database options and `--allow-redirect-host`, shared by
/// `links create` and `links update`: what checks a link as the server does, and where it goes.
struct LinkCheckingOptions: ParsableArguments {
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var databaseOptions: DatabaseOptions
    @OptionGroup var redirectOptions: RedirectAllowlistOptions

    /// The server's settings over the config: its router checks deep links, its hosts and the
    /// allowed redirect hosts check fallback URLs, its server section names the database.
    /// - Throws: ``CommandFailure`` as ``ServerSettingLayers/configuration()`` does, or with the config's errors.
    func serverConfiguration() throws(CommandFailure) -> ServerConfiguration {
        try ServerSettingLayers(config: try configOptions.load(), flags: databaseOptions.settingFlags + redirectOptions.settingFlags)
            .configuration()
    }
}
