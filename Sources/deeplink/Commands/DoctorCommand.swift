import ArgumentParser
import DeepLinkAssociation
import DeepLinkCore
import DeepLinkService
import Foundation

/// `deeplink doctor`: checks a domain's live association files.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Fetch a domain's association files and check them as Apple and Android do.",
        discussion: """
            Fetches /.well-known/apple-app-site-association, /apple-app-site-association and \
            /.well-known/assetlinks.json without following redirects, and reports each check as PASS, FAIL, WARN \
            or SKIP with the fix. With --config it also checks the app IDs, the fingerprints and that the files \
            are what `deeplink generate` writes. Exits 1 when a required check fails; the report is printed \
            either way. --resolve HOST:PORT:ADDRESS, as curl has it, checks a staging or local link server by its \
            host before DNS points at it: the requests connect to ADDRESS but name HOST (TLS included); plain http \
            only to a loopback address, with a warning.
            """)

    @Argument(help: "The site, https://HOST.")
    var site: String

    @Option(name: .long, help: ArgumentHelp("The MobileDeepLinkingConfig.json the files come from.", valueName: "file"))
    var config: String?

    @Option(
        name: .customLong("as-host"),
        help: ArgumentHelp("Compare with this host's files in the config (a staging or test server).", valueName: "host"))
    var asHost: String?

    @Flag(name: .customLong("allow-http-loopback"), help: "Allow http:// for 127.0.0.1, localhost and [::1] only, for tests.")
    var allowHTTPLoopback = false

    @Option(help: ArgumentHelp("How long to wait for each file, in seconds.", valueName: "seconds"))
    var timeout: Double = 15

    @Flag(help: "Print the report as JSON.")
    var json = false

    @Option(
        name: .customLong("resolve"),
        help: ArgumentHelp("Connect to ADDRESS for HOST on PORT, as curl --resolve (repeatable).", valueName: "host:port:address"))
    var resolve: [String] = []

    func validate() throws {
        guard timeout > 0, timeout <= 300 else { throw ValidationError("--timeout must be more than 0 and at most 300 seconds") }
    }

    func run() async throws {
        try await runReporting(json: json) { () async throws(CommandFailure) -> String in
            try await render()
        }
    }

    /// The report; a failed check fails with the report as the message.
    /// - Parameter given: What fetches the files; by default `URLSession`, or with `--resolve`
    ///   a client that connects to the addresses given.
    func render(fetcher given: (any AssociationFileFetcher)? = nil) async throws(CommandFailure) -> String {
        let url = try urlArgument(site)
        let entries = try resolve.map { text throws(CommandFailure) in try ResolvingAssociationFileFetcher.Entry(parsing: text) }
        let sitePort = url.port ?? (url.scheme?.lowercased() == "http" ? 80 : 443)
        for entry in entries where entry.host != url.host?.lowercased() || entry.port != sitePort {
            throw CommandFailure(
                "--resolve names \(entry.host):\(entry.port), but the site is \(url.host ?? ""):\(sitePort)",
                fix: "write the site's own host and port, e.g. --resolve \(url.host ?? "HOST"):\(sitePort):127.0.0.1", code: "invalid-resolve",
                status: .usage)
        }
        // Plain http only to this machine: an association file that travels the network must be over https.
        let loopbackHosts = Set(entries.filter(\.isLoopback).map(\.host))
        let fetcher: any AssociationFileFetcher =
            given ?? (entries.isEmpty
                ? URLSessionAssociationFileFetcher(timeout: timeout) : ResolvingAssociationFileFetcher(entries: entries, timeout: timeout))
        if url.scheme?.lowercased() == "http", let entry = entries.first {
            guard entry.isLoopback else {
                throw CommandFailure(
                    "plain http to \(entry.address) is not a loopback address", fix: "use https, or resolve to 127.0.0.1 or ::1",
                    code: "insecure-url", status: .usage)
            }
            printError("warning: plain http to \(entry.address) for \(entry.host): Apple and Android fetch association files over https only")
        }
        let loaded = try config.map { path throws(CommandFailure) in try ConfigOptions.parseOrFail(["--config", path]).load() }
        let settings = try loaded.map { config throws(CommandFailure) in
            do throws(ConfigError) {
                return try AssociationSettings.load(from: config)
            } catch {
                throw CommandFailure(configErrors: [error])
            }
        }
        // The link domain, from the server section as the server reads it, has files of its own.
        let linkDomain = loaded?.linkDomains.first.map(ServerPaths.linkDomain)
        let report: DoctorReport
        do throws(AssociationError) {
            report = try await AssociationDoctor(
                fetcher: fetcher, allowInsecureLoopback: allowHTTPLoopback || !loopbackHosts.isEmpty, loopbackHosts: loopbackHosts)
                .examine(url, settings: settings, configHost: asHost, linkDomain: linkDomain)
        } catch {
            throw CommandFailure(error.message, code: error.code.description, status: .usage)
        }
        let output = json ? JSONWriter.write(report.jsonValue) : report.text
        guard report.passed else { throw .verdict(output) }
        return output
    }
}
