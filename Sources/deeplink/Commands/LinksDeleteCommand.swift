import ArgumentParser
import DeepLinkCore
import DeepLinkServer
import DeepLinkService

/// `deeplink links delete`: deletes a link and its numbers.
struct LinksDeleteCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a link and its numbers; its short URL stops working.",
        discussion: "Running servers drop their cached copy at once on PostgreSQL, and within the config's linkCacheSeconds on SQLite.")

    @OptionGroup var configOptions: OptionalConfigOptions
    @OptionGroup var databaseOptions: DatabaseOptions

    @Argument(help: "The link's code.")
    var code: String

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    /// Deletes the link; `not-found` (exit 1) when there is none.
    func render() async throws(CommandFailure) -> String {
        let code = self.code
        let configuration = try configOptions.serverConfiguration(databaseOptions)
        try await configuration.withLinkService(label: "deeplink.links") { links throws(LinkServerError) in
            try await links.delete(code: code)
        }
        return json ? JSONWriter.write(["code": .string(code), "deleted": true]) : "deleted link \(code)"
    }
}
