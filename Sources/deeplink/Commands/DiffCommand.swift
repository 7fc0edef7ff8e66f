import ArgumentParser
import DeepLinkAssociation
import DeepLinkCore
import DeepLinkServer
import DeepLinkService
import Foundation

/// `deeplink diff OLD NEW`: what a release changes: routes, association files and intent
/// filters, and with `--database` the stored links it affects.
struct DiffCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff", abstract: "Show what changes between two configs: routes, association files, intent filters and affected links.",
        discussion: """
            Routes are compared by key: added, removed, and changed (destination, parameters, handlers, sign-in, origins, \
            parent). Every file deeplink generate writes is generated from both configs and its changed lines listed: each \
            host's apple-app-site-association and assetlinks.json, the entitlements, the URL types and the Android intent \
            filters. With --database, every stored link is routed with both configs, as links verify does; the command \
            exits 1 when a link that routes today would fall back, be refused or stop routing, and 3 when the database is \
            not there or has no links (--allow-empty passes that).
            """)

    @Argument(help: ArgumentHelp("The config in production now.", valueName: "old"))
    var old: String

    @Argument(help: ArgumentHelp("The next release's config.", valueName: "new"))
    var new: String

    @OptionGroup var databaseOptions: DatabaseOptions

    @Flag(name: .long, help: "Print JSON: {routes, files, links}.")
    var json = false

    @Flag(name: .long, help: "With --database, pass a database with no links (or none there) instead of exiting 3.")
    var allowEmpty = false

    func render() async throws(CommandFailure) -> String {
        let oldConfig = try ConfigOptions.parseOrFail(["--config", old]).load()
        let newConfig = try ConfigOptions.parseOrFail(["--config", new]).load()
        let diff: ConfigDiff
        do {
            diff = try ConfigDiff(
                old: oldConfig, new: newConfig, oldLinkDomain: try Self.linkDomain(oldConfig), newLinkDomain: try Self.linkDomain(newConfig))
        } catch let error as ConfigError {
            throw CommandFailure(configErrors: [error])
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("cannot generate the files to compare: \(error)", code: "invalid-config")
        }
        var verification: LinkVerification?
        if databaseOptions.database != nil {
            let start = LinkVerification(
                next: try LinksVerifyCommand.router(newConfig, file: new), current: try LinksVerifyCommand.router(oldConfig, file: old))
            let configuration = try ServerSettingLayers(config: nil, flags: databaseOptions.settingFlags).configuration()
            verification = try await LinksVerifyCommand.verifyingEveryLink(
                start, configuration: configuration, label: "deeplink.diff", allowEmpty: allowEmpty, given: "--database")
        }
        var output: String
        if json {
            var document = diff.jsonValue.objectValue ?? [:]
            document["links"] = verification?.jsonValue ?? .null
            output = JSONWriter.write(.object(document))
        } else {
            output = diff.summary
            if let verification { output += "\n" + LinksVerifyCommand.report(verification, withCurrent: true) }
        }
        if let verification, !verification.broken.isEmpty { throw .verdict(output) }
        return output
    }

    /// The link domain a config's server section names.
    static func linkDomain(_ config: DeepLinkConfig) throws(CommandFailure) -> LinkDomain? {
        try ServerSettingLayers(config: config, flags: []).configuration().publicHost.map(ServerPaths.linkDomain)
    }
}
