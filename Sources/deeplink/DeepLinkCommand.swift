import ArgumentParser

/// `deeplink`: the command-line tool over the swift-deeplink libraries.
@main
struct DeepLinkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deeplink",
        abstract: "Route, check and publish mobile deep links from one MobileDeepLinkingConfig.json.",
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
            ImportCommand.self,
        ]
    )
}
