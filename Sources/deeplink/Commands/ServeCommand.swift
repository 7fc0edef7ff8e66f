import ArgumentParser
import DeepLinkAssociation
import DeepLinkCore
import DeepLinkServer
import DeepLinkService
import Foundation
import Hummingbird
import Logging
import NIOCore

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

            Settings come from the config's server section, then the DEEPLINK_* environment variables, then \
            these flags, each over the one before; keys and import read the same ones, so they open the same \
            database. A relative SQLite path in the config is relative to the config file's folder.
            """)

    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var databaseOptions: DatabaseOptions
    @OptionGroup var serverOptions: ServerOptions
    @OptionGroup var redirectOptions: RedirectAllowlistOptions

    @Option(name: .long, help: "The log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("--log-level \(logLevel) is not a log level") }
    }

    func run() async throws {
        try await runReporting(json: false) { () async throws(CommandFailure) -> String in
            try await serve()
            return ""
        }
    }

    /// Reads the settings, opens the database and serves until SIGINT or SIGTERM.
    private func serve() async throws(CommandFailure) {
        let configuration = try ServerSettingLayers(
            config: try configOptions.load(),
            flags: databaseOptions.settingFlags + serverOptions.settingFlags + redirectOptions.settingFlags
        ).configuration()
        let logger = Logger.standardError(label: "deeplink.server", level: Logger.Level(rawValue: logLevel) ?? .info)
        do {
            try await configuration.withStore(logger: logger) { [logger] store in
                let app = try buildApplication(configuration: configuration, store: store, logger: logger)
                try await app.runService()
                logger.info("stopped")
            }
        } catch let error as StoreError {
            throw CommandFailure(error)
        } catch let error as ConfigError {
            throw CommandFailure(configErrors: [error])
        } catch let error as AssociationError {
            throw CommandFailure(error.message, code: error.code.description)
        } catch let error as GeoIPError {
            throw CommandFailure(
                error.description, fix: "give a GeoLite2-Country or DB-IP country .mmdb file, or leave the setting out", code: "invalid-geoip-database",
                status: .environment)
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw CommandFailure(
                "\(configuration.host):\(configuration.port) is already in use", fix: "use --port", code: "address-in-use", status: .environment)
        } catch let error as IOError where error.errnoCode == EADDRNOTAVAIL || error.errnoCode == EACCES {
            throw CommandFailure(
                "cannot listen on \(configuration.host):\(configuration.port): \(String(cString: strerror(error.errnoCode)).lowercased())",
                fix: "use --host with an address of this machine, or --port above 1023", code: "cannot-listen", status: .environment)
        } catch {
            throw CommandFailure("the server failed: \(error)", code: "server-failed", status: .environment)
        }
    }
}
