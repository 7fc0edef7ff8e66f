import ArgumentParser
import DeepLinkAssociation
import DeepLinkCore
import DeepLinkService
import Foundation

/// `deeplink generate`: writes every association file from the config.
struct GenerateCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write apple-app-site-association, assetlinks.json, entitlements, URL types and intent filters.",
        discussion: """
            Files go under the output folder: hosts/HOST/.well-known/ (serve these as application/json), \
            ios/ and android/. The link domain (the server section's publicHost, DEEPLINK_PUBLIC_HOST or \
            --public-host) gets files that open the app for short links only, and the entitlements and \
            intent filters name it, so a tap on a short link opens the installed app. Exits 1 when the \
            config's apps section has errors or a file would be too large, 2 when a file cannot be written.
            """)

    @OptionGroup var configOptions: ConfigOptions

    @Option(name: .long, help: ArgumentHelp("The folder to write the files into.", valueName: "dir"))
    var out: String

    @Option(name: .customLong(ServerSetting.publicHost.flag), help: ServerSetting.publicHost.help(valueName: "host"))
    var publicHost: String?

    @Flag(help: "Print {\"files\": [{\"path\", \"bytes\"}]} as JSON.")
    var json = false

    /// Writes the files and returns one line per file.
    func render() async throws(CommandFailure) -> String {
        let config = try configOptions.load()
        let server = try ServerSettingLayers(config: config, flags: publicHost.map { [(ServerSetting.publicHost, $0)] } ?? []).configuration()
        let linkDomain = server.publicHost.map(ServerPaths.linkDomain)
        let files: [GeneratedFile]
        let apps = AssociationSettings.diagnose(config)
        if apps.settings == nil && apps.errors.isEmpty {
            // A config without `apps`, as the MobileDeepLinking spec's samples are: an app that
            // only registers custom schemes.
            files = AssociationGenerator.schemeOnlyFiles(schemes: config.schemes)
            printError(
                "note: the config has no \"apps\" section, so no association files, entitlements or verified intent filters are written "
                    + "(add \"apps\" with the iOS and Android apps and the hosts to get them)"
                    + (config.schemes.isEmpty
                        ? "; it names no \"schemes\" either, so there is nothing to write (add \"schemes\": [\"yourapp\"] for the URL types and the scheme intent filter)"
                        : ""))
        } else {
            files = try associationFiles(config: config, linkDomain: linkDomain)
        }
        return try write(files)
    }

    /// The files of a config with an `apps` section.
    private func associationFiles(config: DeepLinkConfig, linkDomain: LinkDomain?) throws(CommandFailure) -> [GeneratedFile] {
        let files: [GeneratedFile]
        do {
            let generator = try AssociationGenerator(config: config, linkDomain: linkDomain)
            if let linkDomain, generator.linkDomain == nil {
                printError(
                    "note: the link domain \(linkDomain.host) is one of the apps section's hosts, so it keeps the files its routes give "
                        + "it, and a short link on it opens its landing page rather than the app")
            }
            files = try generator.files()
        } catch let error as ConfigError {
            throw CommandFailure(configErrors: [error])
        } catch let error as AssociationError {
            throw CommandFailure(error.message, code: error.code.description)
        } catch {
            throw CommandFailure("\(error)", code: "invalid-config")
        }
        return files
    }

    /// Writes the files under `--out`; one line per file, or the JSON.
    private func write(_ files: [GeneratedFile]) throws(CommandFailure) -> String {
        let folder = URL(fileURLWithPath: out, isDirectory: true)
        var written: [(path: String, bytes: Int)] = []
        for file in files {
            let url = folder.appendingPathComponent(file.path)
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url, options: .atomic)
            } catch {
                throw CommandFailure(
                    "cannot write \(url.path): \(error.localizedDescription)", fix: "choose an --out folder you can write to", code: "unwritable-file",
                    status: .environment)
            }
            written.append((url.path, file.contents.utf8.count))
        }
        if json {
            return JSONWriter.write(["files": .array(written.map { ["path": .string($0.path), "bytes": .number(Double($0.bytes))] })])
        }
        return written.map { "wrote \($0.path) (\($0.bytes) bytes)" }.joined(separator: "\n")
    }
}
