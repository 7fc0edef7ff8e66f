import ArgumentParser
import DeepLinkCore
import Foundation

/// `--config FILE`, shared by every command that reads a MobileDeepLinkingConfig.json.
struct ConfigOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The MobileDeepLinkingConfig.json to use.", valueName: "file"))
    var config: String

    /// The config file's URL, relative paths resolved against the working directory.
    var configURL: URL {
        URL(fileURLWithPath: config, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .standardizedFileURL
    }

    /// Loads the config, or fails with every error in it.
    func load() throws(CommandFailure) -> DeepLinkConfig {
        let report = DeepLinkConfig.diagnose(contentsOf: configURL)
        guard let config = report.config else { throw CommandFailure(configErrors: report.errors) }
        return config
    }
}

extension ConfigOptions {
    /// Loads the config and builds a router in which every handler the config names is a no-op,
    /// so commands can show where links go without the app's code.
    func loadRouterWithAllHandlers() throws(CommandFailure) -> Router {
        // `route` and `test` show the trail themselves; the config's `logging` would print it
        // again into their output.
        var builder = RouterBuilder(config: try load(), logger: SilentRouteLogger())
        builder.registerPassThroughHandlers()
        do {
            return try builder.build()
        } catch {
            throw CommandFailure(configErrors: [error])
        }
    }
}

extension ConfigOptions {
    /// Options parsed from arguments, for commands whose config is optional.
    static func parseOrFail(_ arguments: [String]) throws(CommandFailure) -> ConfigOptions {
        do {
            return try ConfigOptions.parse(arguments)
        } catch {
            throw CommandFailure(ConfigOptions.message(for: error), code: "invalid-argument", status: .usage)
        }
    }
}
