import DeepLinkServer
import DeepLinkService

/// What the imports (`import firebase`, `links import --csv`) share: the server's settings with
/// the database and redirect flags laid over the config, and how a store that fails part-way is
/// reported.
enum ImportTarget {
    /// The server's settings for an import.
    static func configuration(
        _ configOptions: ConfigOptions, _ databaseOptions: DatabaseOptions, _ redirectOptions: RedirectAllowlistOptions
    ) throws(CommandFailure) -> ServerConfiguration {
        let config = try configOptions.load()
        return try ServerSettingLayers(config: config, flags: databaseOptions.settingFlags + redirectOptions.settingFlags).configuration()
    }

    /// A store that failed during an import: what was stored stays, and running it again is safe.
    static func failure(_ error: StoreError) -> CommandFailure {
        CommandFailure(
            error.message, fix: "the links imported before it stay, and running the import again is safe", code: error.code.description,
            status: .environment)
    }
}
