import ArgumentParser

/// `deeplink applinks`: reads, follows and decodes App Links.
struct AppLinksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "applinks",
        abstract: "Read a page's App Links, choose where a navigation goes, decode al_applink_data.",
        subcommands: [
            AppLinksParseCommand.self,
            AppLinksNavigateCommand.self,
            AppLinksDecodeCommand.self,
            AppLinksResolveCommand.self,
        ]
    )
}
