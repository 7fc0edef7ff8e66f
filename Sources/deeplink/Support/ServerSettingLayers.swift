import DeepLinkCore
import DeepLinkServer
import DeepLinkService
import Foundation

/// The link server's settings as every command that opens the database reads them, one layer
/// over the other: the defaults, the config's `server` section, the `DEEPLINK_*` environment
/// variables, then the flags. `serve`, `keys` and `import` all read them here, so they open the
/// same database and allow the same redirect hosts.
struct ServerSettingLayers {
    /// The config, when the command was given one.
    var config: DeepLinkConfig?
    /// The settings given as flags.
    var flags: [ServerSetting.Given]
    /// The environment the variables are read from.
    var environment: [String: String] = ProcessInfo.processInfo.environment

    /// The settings, layered.
    ///
    /// A relative SQLite path is resolved against the config file's folder when the config names
    /// it, and against the working directory when a variable or flag does, as any path typed in a
    /// shell. An empty variable counts as unset.
    /// - Throws: ``CommandFailure``: the `server` section's errors (exit 1), a variable's bad value
    ///   (exit 2), or, without a config, no database named anywhere (exit 64).
    func configuration() throws(CommandFailure) -> ServerConfiguration {
        var configuration: ServerConfiguration
        var databaseNamed = config != nil
        if let config {
            let read = ServerConfiguration.diagnose(config)
            guard read.errors.isEmpty else { throw CommandFailure(configErrors: read.errors) }
            configuration = read.configuration
        } else {
            configuration = ServerConfiguration(deepLinkConfig: DeepLinkConfig())
        }
        let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        for setting in ServerSetting.all {
            guard let text = environment[setting.environmentVariable], !text.isEmpty else { continue }
            do {
                try setting.apply(text: text, to: &configuration, relativeTo: workingDirectory)
            } catch {
                throw CommandFailure("\(setting.environmentVariable): \(error.message)", code: "invalid-setting", status: .environment)
            }
            databaseNamed = databaseNamed || setting.key == ServerSetting.database.key
        }
        for (setting, text) in flags {
            do {
                try setting.apply(text: text, to: &configuration, relativeTo: workingDirectory)
            } catch {
                throw CommandFailure("\(setting.flagName): \(error.message)", code: "invalid-setting", status: .usage)
            }
            databaseNamed = databaseNamed || setting.key == ServerSetting.database.key
        }
        guard databaseNamed else {
            throw CommandFailure(
                "no link database given",
                fix: "give --config with the server's config file, whose server section names it, or --database, or set \(ServerSetting.database.environmentVariable)",
                code: "no-database", status: .usage)
        }
        return configuration
    }
}
