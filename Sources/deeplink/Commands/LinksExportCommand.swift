import ArgumentParser
import DeepLinkCore
import DeepLinkServer
import DeepLinkService
import Foundation

/// `deeplink links export --csv [FILE]`: every link as CSV, to a file or standard output.
struct LinksExportCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write every link as CSV, to a file or standard output.",
        discussion: """
            The header row names the fields as the admin API does (code, deepLink, fallbacks.webURL, \
            utm.campaign, ...), code first; a row per link, by code. Cells a spreadsheet would run as \
            formulas start with a ' that links import takes off again, so an export imported into an \
            empty database gives the same links.
            """)

    @OptionGroup var configOptions: OptionalConfigOptions
    @OptionGroup var databaseOptions: DatabaseOptions

    @Flag(name: .long, help: "Write CSV (RFC 4180), the one format of the export.")
    var csv = false

    @Argument(help: ArgumentHelp("Where to write; standard output without it.", valueName: "file.csv"))
    var file: String?

    /// The export has no JSON form; its output is the CSV.
    var json: Bool { false }

    /// Pages through the links by code, writing each page as it is read.
    func render() async throws(CommandFailure) -> String {
        let configuration = try configOptions.serverConfiguration(databaseOptions)
        let handle: FileHandle
        if let file {
            guard FileManager.default.createFile(atPath: file, contents: nil) else {
                throw CommandFailure("cannot create \(file)", fix: "check the folder exists and may be written", code: "unwritable-file")
            }
            guard let opened = FileHandle(forWritingAtPath: file) else {
                throw CommandFailure("cannot write \(file)", code: "unwritable-file")
            }
            handle = opened
        } else {
            handle = FileHandle.standardOutput
        }
        let count = try await configuration.withCommandStore(label: "deeplink.links", access: .readOnly) { store in
            try await LinkCSV.export(from: store) { text in handle.write(Data(text.utf8)) }
        }
        if let file {
            try? handle.close()
            printError("exported \(count) link\(count == 1 ? "" : "s") to \(file)")
        }
        return ""
    }
}
