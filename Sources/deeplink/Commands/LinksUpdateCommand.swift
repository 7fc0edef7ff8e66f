import ArgumentParser
import DeepLinkCore
import DeepLinkServer
import DeepLinkService

/// `deeplink links update`: changes a link's fields, checked as `PATCH /api/v1/links/{code}` checks them.
struct LinksUpdateCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "update", abstract: "Change a link's fields, checked as the admin API checks them.",
        discussion: """
            Fields not given stay as they are; an option given as "" clears its field, as null does in \
            the JSON body. The code cannot change. A rejected change exits with status 1, names the \
            field and leaves the link as it was.
            """)

    @OptionGroup var checkingOptions: LinkCheckingOptions

    @Argument(help: "The link's code.")
    var code: String

    @OptionGroup var fields: LinkFieldOptions

    @Flag(name: .long, help: "Print JSON: the link as the admin API returns it.")
    var json = false

    func validate() throws {
        guard fields.fromJSON != nil || !fields.givenFields.isEmpty || fields.passwordFromStandardInput || fields.removePassword else {
            throw ValidationError("nothing to change: give a field such as --campaign, --password-stdin, or --from-json FILE")
        }
    }

    /// Changes the link and returns it; `not-found` (exit 1) when there is none.
    func render() async throws(CommandFailure) -> String {
        let configuration = try checkingOptions.serverConfiguration()
        let body = try fields.body()
        let code = self.code
        let (link, origin) = try await configuration.withLinkService(label: "deeplink.links") { links throws(LinkServerError) in
            (try await links.update(code: code, with: body), links.linkOrigin)
        }
        return json ? JSONWriter.write(link.json(origin: origin)) : "updated link \(link.code)\n" + link.humanDescription(origin: origin)
    }
}
