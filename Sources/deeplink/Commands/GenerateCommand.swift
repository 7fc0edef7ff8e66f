import ArgumentParser
import DeepLinkAssociation
import DeepLinkCore
import Foundation

/// `deeplink generate`: writes every association file from the config.
struct GenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write apple-app-site-association, assetlinks.json, entitlements, URL types and intent filters.",
        discussion: """
            Files go under the output folder: hosts/HOST/.well-known/ (serve these as application/json), \
            ios/ and android/. Exits non-zero when the config's apps section has errors or a file would be too large.
            """)

    @OptionGroup var configOptions: ConfigOptions

    @Option(name: .long, help: ArgumentHelp("The folder to write the files into.", valueName: "dir"))
    var out: String

    func run() async throws {
        try await runReporting(render)
    }

    /// Writes the files and returns one line per file.
    func render() async throws(CommandFailure) -> String {
        let config = try configOptions.load()
        let files: [GeneratedFile]
        do {
            files = try AssociationGenerator(config: config).files()
        } catch {
            throw CommandFailure("error: \(error)")
        }
        let folder = URL(fileURLWithPath: out, isDirectory: true)
        var lines: [String] = []
        for file in files {
            let url = folder.appendingPathComponent(file.path)
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url, options: .atomic)
            } catch {
                throw CommandFailure("error: cannot write \(url.path): \(error.localizedDescription)")
            }
            lines.append("wrote \(url.path) (\(file.contents.utf8.count) bytes)")
        }
        return lines.joined(separator: "\n")
    }
}
