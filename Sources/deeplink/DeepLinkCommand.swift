import ArgumentParser
import DeepLinkCore

/// `deeplink`: the command-line tool over the swift-deeplink libraries.
@main
struct DeepLinkCommand: AsyncParsableCommand {
    /// The tool's version, which `deeplink --version` prints.
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "deeplink",
        abstract: "Route, check and publish mobile deep links from one MobileDeepLinkingConfig.json.",
        discussion: """
            Every command prints its report on standard output, as text or, with --json, as one JSON document, \
            whether it succeeds or fails; diagnostics go to standard error as "error: WHAT (FIX) (CODE)". Exit \
            status: 0 success, 1 a negative verdict or an invalid input file, 2 an environment error (an \
            unreadable file, a database out of reach, a port in use), 64 a usage error.
            """,
        version: version,
        subcommands: [
            RouteCommand.self,
            CheckCommand.self,
            TestCommand.self,
            AppLinksCommand.self,
            GenerateCommand.self,
            AASACommand.self,
            AssetLinksCommand.self,
            DoctorCommand.self,
            SimulateCommand.self,
            DiffCommand.self,
            ServeCommand.self,
            KeysCommand.self,
            LinksCommand.self,
            UsersCommand.self,
            WebhooksCommand.self,
            ImportCommand.self,
        ]
    )

    /// Parses and runs a command as swift-argument-parser does, and keeps the `--json` contract for
    /// its usage errors too: standard output gets `{"error": {"code": "usage", "message", "fix"}}`
    /// beside the parser's own text on standard error, and the exit status stays 64.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            // A command's own failures arrive as an ExitCode after their report was printed.
            if !(error is ExitCode), exitCode(for: error) == .validationFailure, arguments.contains("--json") {
                print(JSONWriter.write(["error": .object(usageError(error))]))
            }
            exit(withError: error)
        }
    }

    /// The `--json` error object for a usage error.
    private static func usageError(_ error: any Error) -> [String: JSONValue] {
        ["code": "usage", "message": .string(message(for: error)), "fix": "see deeplink help COMMAND for its arguments and options"]
    }
}
