import ArgumentParser
import DeepLinkCore
import DeepLinkServer
import Foundation
import Hummingbird
import Logging

/// `deeplink serve`: runs the self-hosted link server.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the link server: association files, short links, landing pages, stats and the admin API.",
        discussion: """
            Serves /.well-known/apple-app-site-association, /apple-app-site-association and \
            /.well-known/assetlinks.json from the config, GET /{code} for short links and /{code}/install for \
            their store buttons, Firebase long links on /, POST /api/v1/deferred/claim for apps on first launch, \
            the admin API under /api/v1 (create a key with deeplink keys create), /healthz, /metrics and \
            /openapi.yaml. The config's deferred section sets deferred deep linking. Stops gracefully on SIGINT \
            and SIGTERM. Logs go to standard error.
            """)

    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var databaseOptions: DatabaseOptions

    @Option(name: .long, help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(name: .long, help: "The port to listen on.")
    var port = 8080

    @Option(name: .long, help: ArgumentHelp("The host short links live on (default: the config's first host).", valueName: "host"))
    var publicHost: String?

    @OptionGroup var redirectOptions: RedirectAllowlistOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The header trusted reverse proxies put the client's address in, e.g. X-Forwarded-For. Only behind proxies that append to it.",
            valueName: "name"))
    var clientAddressHeader: String?

    @Option(
        name: .long,
        help: "How many trusted proxies append to --client-address-header: 1 for a load balancer, 2 for a CDN in front of it.")
    var trustedProxies = 1

    @Flag(name: .long, help: "Do not resolve Firebase Dynamic Links long links (/?link=…).")
    var disableFirebaseLongLinks = false

    @Option(name: .long, help: "Deferred-link claims each client address may make per minute.")
    var claimsPerMinute = 30

    @Option(name: .long, help: "Clicks the store hop records per client address per minute; past it, it redirects without a token.")
    var deferredClicksPerMinute = 60

    @Option(name: .long, help: "The log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("--log-level \(logLevel) is not a log level") }
        if let clientAddressHeader, !clientAddressHeader.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) {
            throw ValidationError("--client-address-header \(clientAddressHeader) is not a header name such as X-Forwarded-For")
        }
        guard (1...10).contains(trustedProxies) else { throw ValidationError("--trusted-proxies must be from 1 to 10") }
        guard claimsPerMinute >= 1, deferredClicksPerMinute >= 1 else {
            throw ValidationError("--claims-per-minute and --deferred-clicks-per-minute must be at least 1")
        }
    }

    func run() async throws {
        let config: DeepLinkConfig
        do {
            config = try configOptions.load()
        } catch {
            FileHandle.standardError.write(Data((error.message + "\n").utf8))
            throw ExitCode(error.exitCode)
        }
        let logger = {
            var logger = Logger(label: "deeplink.server")
            logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
            return logger
        }()
        let configuration = ServerConfiguration(
            deepLinkConfig: config, host: host, port: port, publicHost: publicHost, redirectAllowlist: redirectOptions.allowRedirectHost,
            clientAddressHeader: clientAddressHeader, trustedProxies: trustedProxies, firebaseLongLinks: !disableFirebaseLongLinks,
            claimsPerMinutePerAddress: claimsPerMinute, deferredClicksPerMinutePerAddress: deferredClicksPerMinute)
        let database = databaseOptions.database
        do {
            try await databaseOptions.withStore(logger: logger) { store in
                let app = try buildApplication(configuration: configuration, store: store, logger: logger)
                logger.info(
                    "serving links", metadata: ["address": "\(configuration.host):\(configuration.port)", "database": "\(Self.redacted(database))"])
                try await app.runService()
                logger.info("stopped")
            }
        } catch let failure as CommandFailure {
            FileHandle.standardError.write(Data((failure.message + "\n").utf8))
            throw ExitCode(failure.exitCode)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }

    /// The database URL without its password, for logs.
    static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "****"
        return components.string ?? url
    }
}
