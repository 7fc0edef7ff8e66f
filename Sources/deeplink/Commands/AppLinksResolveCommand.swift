import ArgumentParser
import DeepLinkAppLinks
import DeepLinkCore
import Foundation

/// `deeplink applinks resolve`: fetches a page and shows its App Links.
struct AppLinksResolveCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Fetch a page over HTTP (with Prefer-Html-Meta-Tags: al) and show its App Links.")

    @Option(help: "The longest the fetch may take, in seconds, redirects included.")
    var timeout: Double = 10

    @Option(name: .customLong("max-redirects"), help: "The most redirects followed.")
    var maximumRedirects: Int = 5

    @Option(name: .customLong("max-size"), help: "The largest page read, in bytes.")
    var maximumPageSize: Int = 2 << 20

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    @Argument(help: "The page's http or https URL.")
    var url: String

    func validate() throws {
        guard timeout > 0, timeout.isFinite else { throw ValidationError("--timeout must be a positive number of seconds") }
        guard maximumRedirects >= 0 else { throw ValidationError("--max-redirects must not be negative") }
        guard maximumPageSize > 0 else { throw ValidationError("--max-size must be positive") }
    }

    /// The command's output.
    func render() async throws(CommandFailure) -> String {
        // A bad argument is a usage error, as for `applinks parse --url`, not a page that failed to load.
        let pageURL = try httpPageURL(url, named: url)
        let resolver = HTTPAppLinkResolver(
            configuration: .init(
                timeout: .milliseconds(Int64((timeout * 1000).rounded())), maximumRedirects: maximumRedirects,
                maximumPageSize: maximumPageSize))
        do {
            let metadata = try await resolver.appLinks(for: pageURL)
            return json ? JSONWriter.write(metadata.jsonValue) : metadata.humanDescription
        } catch {
            throw CommandFailure("\(pageURL.absoluteString): \(error.description)", code: "\(error.code)", status: .environment)
        }
    }
}
