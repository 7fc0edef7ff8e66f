import ArgumentParser

/// `deeplink links`: the admin API's link operations on the command line, for scripts.
struct LinksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "links",
        abstract: "List, show, create, update and delete short links, print their numbers and tags, export and import them as CSV.",
        discussion: """
            Each subcommand opens the database the server uses: give the server's --config (its server \
            section names the database, a relative path being relative to the config file, and the link \
            host), or --database, or set DEEPLINK_DATABASE. Links are checked as the admin API checks them, \
            so create and update need the --config whose router routes the deep link.
            """,
        subcommands: [
            LinksListCommand.self, LinksShowCommand.self, LinksCreateCommand.self, LinksUpdateCommand.self, LinksDeleteCommand.self,
            LinksStatsCommand.self, LinksTagsCommand.self, LinksVerifyCommand.self, LinksExportCommand.self, LinksImportCommand.self,
        ])
}
