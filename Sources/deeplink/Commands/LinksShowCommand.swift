import ArgumentParser
import DeepLinkCore
import DeepLinkServer
import DeepLinkService

/// `deeplink links show`: every field of one link.
struct LinksShowCommand: ReportingCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show every field of a link.")

    @OptionGroup var configOptions: OptionalConfigOptions
    @OptionGroup var databaseOptions: DatabaseOptions

    @Argument(help: "The link's code.")
    var code: String

    @Flag(name: .long, help: "Print JSON: the link as the admin API returns it.")
    var json = false

    /// Reads the link and returns its fields; `not-found` (exit 1) when there is none.
    func render() async throws(CommandFailure) -> String {
        let code = self.code
        let configuration = try configOptions.serverConfiguration(databaseOptions)
        let (link, origin) = try await configuration.withLinkService(label: "deeplink.links") { links throws(LinkServerError) in
            (try await links.link(code: code), links.linkOrigin)
        }
        return json ? JSONWriter.write(link.json(origin: origin)) : link.humanDescription(origin: origin)
    }
}
