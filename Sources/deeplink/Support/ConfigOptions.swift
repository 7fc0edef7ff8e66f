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
        guard let config = report.config else {
            throw CommandFailure(report.errors.map { "error: \($0.description)" }.joined(separator: "\n"))
        }
        return config
    }
}

extension ConfigOptions {
    /// Loads the config and builds a router in which every handler the config names is a no-op,
    /// so commands can show where links go without the app's code.
    func loadRouterWithAllHandlers() throws(CommandFailure) -> Router {
        var builder = RouterBuilder(config: try load())
        builder.registerPassThroughHandlers()
        do {
            return try builder.build()
        } catch {
            throw CommandFailure("error: \(error.description)")
        }
    }
}

/// A failure the command reports on standard error before exiting with a non-zero status.
struct CommandFailure: Error, CustomStringConvertible {
    let message: String
    let exitCode: Int32

    init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }

    var description: String { message }
}

/// Runs a command body, printing its output, or its failure to standard error with a non-zero exit.
func runReporting(_ body: () async throws(CommandFailure) -> String) async throws {
    do {
        let output = try await body()
        if !output.isEmpty { print(output) }
    } catch {
        FileHandle.standardError.write(Data((error.message + "\n").utf8))
        throw ExitCode(error.exitCode)
    }
}

/// Reads a text file named on the command line.
func readTextFile(_ path: String, what: String) throws(CommandFailure) -> String {
    do {
        return try String(contentsOfFile: path, encoding: .utf8)
    } catch {
        throw CommandFailure("error: cannot read \(what) \(path): \(error.localizedDescription)")
    }
}
