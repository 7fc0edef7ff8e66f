import ArgumentParser
import DeepLinkCore
import DeepLinkServer
import DeepLinkService

/// `--database` and `--database-connect-timeout`, shared by every command that opens the link
/// database, which read them through ``ServerSettingLayers`` over the config's `server` section
/// and the environment.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .customLong(ServerSetting.database.flag), help: ServerSetting.database.help(valueName: "url"))
    var database: String?

    @Option(
        name: .customLong(ServerSetting.databaseConnectTimeout.flag), help: ServerSetting.databaseConnectTimeout.help(valueName: "seconds"))
    var databaseConnectTimeout: String?

    /// The settings given as flags.
    var settingFlags: [ServerSetting.Given] {
        ServerSetting.given([(.database, database), (.databaseConnectTimeout, databaseConnectTimeout)])
    }

    func validate() throws {
        try ServerSetting.validate(settingFlags)
    }
}

/// `--config FILE` where the config is optional: commands such as `keys` that only need the
/// database, which the config's `server` section names.
struct OptionalConfigOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("The server's MobileDeepLinkingConfig.json, whose server section names the database.", valueName: "file"))
    var config: String?

    /// The config, when one is given.
    /// - Throws: ``CommandFailure`` with every error in it.
    func loadIfGiven() throws(CommandFailure) -> DeepLinkConfig? {
        guard let config else { return nil }
        return try ConfigOptions.parseOrFail(["--config", config]).load()
    }

    /// The settings a command that only needs the database opens it with: the config's `server`
    /// section when a config is given, the environment's, and the database flags.
    /// - Throws: ``CommandFailure`` as ``ServerSettingLayers/configuration()`` does.
    func serverConfiguration(_ databaseOptions: DatabaseOptions) throws(CommandFailure) -> ServerConfiguration {
        try ServerSettingLayers(config: try loadIfGiven(), flags: databaseOptions.settingFlags).configuration()
    }
}
