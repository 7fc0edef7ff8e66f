import ArgumentParser
import DeepLinkCore
import DeepLinkServer
import DeepLinkService

/// `deeplink links create`: creates a link from options or the admin API's JSON body, checked
/// as `POST /api/v1/links` checks it.
struct LinksCreateCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Create a link, checked as the admin API checks it.",
        discussion: """
            The deep link must reach a route of the config's router, and fallback URLs must be on the \
            config's hosts, the app stores or an allowed redirect host. Without --code a random code is \
            chosen. An option given as "" leaves the field empty, e.g. --play-package "" for no Android \
            app. A rejected link exits with status 1 and names the field.
            """)

    @OptionGroup var checkingOptions: LinkCheckingOptions

    @Option(name: .customLong(LinkFieldOptions.field("code").flag), help: LinkFieldOptions.help("code", valueName: "code"))
    var code: String?

    @OptionGroup var fields: LinkFieldOptions

    @Flag(name: .long, help: "Print JSON: the link as the admin API returns it.")
    var json = false

    func validate() throws {
        guard fields.fromJSON != nil || fields.deepLink != nil else {
            throw ValidationError("give --deep-link URL, or --from-json FILE with a deepLink")
        }
        if fields.fromJSON != nil, code != nil { throw ValidationError("give the code in the --from-json body, not with --code") }
    }

    /// Creates the link and returns it.
    func render() async throws(CommandFailure) -> String {
        let configuration = try checkingOptions.serverConfiguration()
        let body = try fields.body(adding: code.map { [("code", $0)] } ?? [])
        let (link, origin) = try await configuration.withLinkService(label: "deeplink.links") { links throws(LinkServerError) in
            (try await links.create(body), links.linkOrigin)
        }
        return json ? JSONWriter.write(link.json(origin: origin)) : "created link \(link.code)\n" + link.humanDescription(origin: origin)
    }
}
