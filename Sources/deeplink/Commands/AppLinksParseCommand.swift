import ArgumentParser
import DeepLinkAppLinks
import DeepLinkCore

/// `deeplink applinks parse`: shows the App Links a saved page declares.
struct AppLinksParseCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Show the App Links (al:* meta tags) of a saved HTML page, per platform.")

    @OptionGroup var page: AppLinksPageOptions

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    /// The command's output.
    func render() throws(CommandFailure) -> String {
        let metadata = try page.load()
        return json ? JSONWriter.write(metadata.jsonValue) : metadata.humanDescription
    }
}
