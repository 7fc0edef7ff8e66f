import ArgumentParser
import DeepLinkCore
import DeepLinkServer
import DeepLinkService
import Foundation

/// `deeplink links import --csv FILE`: creates the links of a CSV file, as links export writes it.
struct LinksImportCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Create the links of a CSV file; what is already stored stays as it is.",
        discussion: """
            The header row names the columns as links export writes them and the admin API names the \
            fields: code, deepLink, note, expiresAt, fallbacks.webURL, fallbacks.iosURL, \
            fallbacks.androidURL, fallbacks.appStoreID, fallbacks.playPackage, utm.source, utm.medium, \
            utm.campaign, utm.term, utm.content, preview.title, preview.description, preview.imageURL; \
            any of them in any order, deepLink required. An empty cell sets the field to nothing; a \
            missing column leaves it to its default (the config's app); an empty code gets a random one.

            Each row is checked as the admin API checks a new link, and a row that fails is reported \
            with its line and the field at fault; skipped rows do not change the exit status. Stored \
            links are never changed, so the import can run again: a code stored with the same link \
            counts as already imported, one stored with another link is skipped. Codes follow the rules \
            of imported codes (1 to 64 letters, digits, - . _ ~), and a past expiresAt is kept. A broken \
            file (an unknown or missing column, an unclosed quote) fails before anything is written, \
            naming the line. A dry run writes nothing.
            """)

    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var databaseOptions: DatabaseOptions
    @OptionGroup var redirectOptions: RedirectAllowlistOptions

    @Flag(name: .long, help: "Read CSV (RFC 4180), the one format of the import.")
    var csv = false

    @Flag(name: .long, help: "Report what the import would do without writing anything.")
    var dryRun = false

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    @Argument(help: ArgumentHelp("The CSV file.", valueName: "file.csv"))
    var file: String

    func render() async throws(CommandFailure) -> String {
        let configuration = try ImportTarget.configuration(configOptions, databaseOptions, redirectOptions)
        let text = try readTextFile(file, what: "the CSV file")
        do throws(LinkCSVError) {
            try LinkCSVImporter.check(text)
        } catch {
            throw CommandFailure("\(file): \(error.description)", code: error.code)
        }
        let importer: LinkCSVImporter
        do {
            importer = LinkCSVImporter(editor: LinkEditor(setup: try DeepLinkSetup(configuration: configuration)))
        } catch let error as ConfigError {
            throw CommandFailure(configErrors: [error])
        } catch {
            throw CommandFailure("\(error)", code: "invalid-config")
        }
        let dryRun = self.dryRun
        let report = try await configuration.withCommandStore(label: "deeplink.import", access: dryRun ? .readOnly : .readWrite) { store in
            do {
                return try await importer.importLinks(text, into: store, dryRun: dryRun)
            } catch let error as StoreError {
                throw ImportTarget.failure(error)
            }
        }
        if json { return JSONWriter.write(report.jsonValue) }
        var lines = report.entries.compactMap { entry -> String? in
            guard case .skipped(let error) = entry.outcome else { return nil }
            return "line \(entry.line): " + (entry.code.map { "\($0): " } ?? "") + "skipped: " + (error.field.map { "\($0): " } ?? "")
                + error.message
        }
        let verb = dryRun ? "would import" : "imported"
        lines.append("\(verb) \(report.importedCount), already imported \(report.alreadyImportedCount), skipped \(report.skippedCount)")
        return lines.joined(separator: "\n")
    }
}
