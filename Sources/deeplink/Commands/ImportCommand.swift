import ArgumentParser

/// `deeplink import`: brings links from other services into the link server's database.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import links from another service into the link database.",
        subcommands: [ImportFirebaseCommand.self])
}
