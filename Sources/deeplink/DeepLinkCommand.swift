import ArgumentParser

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
            ServeCommand.self,
            KeysCommand.self,
            LinksCommand.self,
            UsersCommand.self,
            ImportCommand.self,
        ]
    )
}
