import ArgumentParser
import DeepLinkCore
import DeepLinkServer
import DeepLinkService
import Foundation
import DeepLinkFirebase

/// `deeplink import firebase`: stores the links of a Firebase Dynamic Links export so each
/// short path keeps resolving to the same destination on the link server.
struct ImportFirebaseCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "firebase",
        abstract: "Import a Firebase Dynamic Links export (CSV) so each short path keeps its destination.",
        discussion: """
            The export is a CSV file with a header row, as Google Takeout writes it (one file per domain) or \
            as your own script wrote it. Header names are matched without case, spaces or punctuation. \
            Required: the short link column (Short link, short_link, shortLink) and the destination, as \
            a long link column (Long link, longDynamicLink: https://x.page.link/?link=...&apn=...) or as \
            one column per Firebase parameter, named by the parameter (link, apn, afl, isi, ifl, ipfl, \
            ofl, st, sd, si, utm_source, ...) or as Takeout names it (Deep link (link), Android fallback \
            link (afl), Social title (st), iTunes Connect at, ...). A Link column is the short link when \
            there is a long link column and no short link column. Link name becomes the link's note and \
            Creation timestamp (2023-06-01 09:30:00 UTC, or ISO 8601) its createdAt. Other columns \
            (Archived?) are not read; the report lists the columns read and not read.

            A link's code is its short link's path: https://shop.page.link/summer becomes /summer. Each \
            row is checked as the admin API checks a new link: the deep link must route through the \
            config, fallbacks must be on the config's hosts, the app stores or --allow-redirect-host. \
            A row that fails is skipped and reported with its line and the Firebase parameter at fault; \
            skipped rows do not change the exit status. A row's apps must be the config's: apn one of its \
            Android packages, isi one of its App Store IDs, ibi one of its bundle IDs; a row naming \
            another app is skipped. Parameters with no effect beyond that check (ibi, efr, ...) are \
            listed once.

            Stored links are never changed, so the import can run again: a code already stored with the \
            same link counts as already imported, a code stored with another link is skipped as a \
            conflict, and of several rows with one code the first that passes its checks is imported.

            The links go to the database the server uses: the config's server section names it (a relative \
            path is relative to the config file), DEEPLINK_DATABASE or --database override it. A dry run \
            creates and changes nothing, not even a missing database file.
            """)

    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var databaseOptions: DatabaseOptions
    @OptionGroup var redirectOptions: RedirectAllowlistOptions

    @Option(
        name: .long,
        help: ArgumentHelp("The path before the code on a custom domain, e.g. /links for https://go.example.com/links/summer.", valueName: "path"))
    var pathPrefix = "/"

    @Flag(name: .long, help: "Report what the import would do without writing anything.")
    var dryRun = false

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    @Argument(help: ArgumentHelp("The export.", valueName: "file.csv"))
    var file: String

    /// Imports the file and returns the report.
    func render() async throws(CommandFailure) -> String {
        let configuration = try ImportTarget.configuration(configOptions, databaseOptions, redirectOptions)
        let text = try readTextFile(file, what: "the Firebase export")
        // The file is read twice, rows one at a time: first to find any error before anything is
        // written, then to import, so an export of any size is never held as rows.
        let ignoredColumns: [String]
        let readColumns: [String]
        do throws(FirebaseLinkError) {
            var reader = try FirebaseLinkExport.RowReader(csv: text)
            while try reader.next() != nil {}
            ignoredColumns = reader.ignoredColumns
            readColumns = reader.readColumns
        } catch {
            throw CommandFailure("\(file): \(error.description)", code: "invalid-export")
        }
        let importer: FirebaseLinkImporter
        do {
            importer = try FirebaseLinkImporter(configuration: configuration, pathPrefix: pathPrefix)
        } catch let error as ConfigError {
            throw CommandFailure(configErrors: [error])
        } catch {
            throw CommandFailure("\(error)", code: "invalid-config")
        }
        let dryRun = self.dryRun
        let report = try await configuration.withCommandStore(label: "deeplink.import", access: dryRun ? .readOnly : .readWrite) { store in
            do throws(StoreError) {
                return try await importer.importLinks(CheckedRows(csv: text), into: store, dryRun: dryRun)
            } catch {
                throw ImportTarget.failure(error)
            }
        }
        return json
            ? JSONWriter.write(report.jsonValue(ignoredColumns: ignoredColumns, readColumns: readColumns))
            : report.humanDescription(ignoredColumns: ignoredColumns, readColumns: readColumns)
    }
}

/// The rows of an export already read once without an error, read again one at a time.
private struct CheckedRows: Sequence, IteratorProtocol {
    private var reader: FirebaseLinkExport.RowReader?

    init(csv: String) {
        reader = try? FirebaseLinkExport.RowReader(csv: csv)
    }

    /// The next row. The text was read to its end without an error before, and reading is
    /// deterministic, so no error can occur; one would end the rows rather than be hidden in them.
    mutating func next() -> FirebaseExportRow? {
        guard let row = try? reader?.next() else {
            reader = nil
            return nil
        }
        return row
    }
}

extension FirebaseImportReport {
    /// One line per skipped row, notes, and the counts last.
    func humanDescription(ignoredColumns: [String], readColumns: [String]) -> String {
        var lines = entries.compactMap { entry -> String? in
            guard case .skipped(let error) = entry.outcome else { return nil }
            let subject = entry.code ?? (entry.shortLink.isEmpty ? nil : entry.shortLink)
            return "line \(entry.line): " + (subject.map { "\($0): " } ?? "") + "skipped: " + (error.field.map { "\($0): " } ?? "")
                + error.message
        }
        if !ignoredParameters.isEmpty {
            lines.append(
                "note: Firebase parameters with no effect here were ignored: \(ignoredParameters.joined(separator: ", ")); "
                    + "the config's apps section and the landing page take their place")
        }
        lines.append("note: columns read: \(readColumns.joined(separator: ", "))")
        if !unreadTimestamps.isEmpty {
            let shown = unreadTimestamps.prefix(5).map { "line \($0.line) (\(JSONWriter.quoted($0.text)))" }.joined(separator: ", ")
            let more = unreadTimestamps.count > 5 ? " and \(unreadTimestamps.count - 5) more" : ""
            lines.append(
                "note: creation timestamps that are no date were not kept, so those links are dated by the import: \(shown)\(more); "
                    + "write 2023-06-01 09:30:00 UTC or ISO 8601 (2023-06-01T09:30:00Z)")
        }
        if !ignoredColumns.isEmpty {
            lines.append("note: columns not read: \(ignoredColumns.joined(separator: ", "))")
        }
        let googleHosts = Set(entries.compactMap { URLComponents(string: $0.shortLink)?.host?.lowercased() }.filter { $0.hasSuffix(".page.link") })
        if !googleHosts.isEmpty {
            lines.append(
                "note: \(googleHosts.sorted().joined(separator: ", ")) belongs to Google, so its short links ended with Firebase Dynamic Links; "
                    + "the imported codes resolve on the link server's own host")
        }
        let counts = "\(importedCount), already imported \(alreadyImportedCount), skipped \(skippedCount)"
        lines.append(dryRun ? "dry run, nothing written: would import \(counts)" : "imported \(counts)")
        return lines.joined(separator: "\n")
    }
}
