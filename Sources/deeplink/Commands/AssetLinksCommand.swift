import ArgumentParser
import DeepLinkAssociation
import DeepLinkCore
import Foundation

/// `deeplink assetlinks`: reads Digital Asset Links statement lists as Android does.
struct AssetLinksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assetlinks",
        abstract: "Check and validate assetlinks.json statement lists.",
        subcommands: [AssetLinksCheckCommand.self, AssetLinksValidateCommand.self])
}

/// `deeplink assetlinks check`: whether a list links an app to its site.
struct AssetLinksCheckCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Tell whether the statement list grants a relation to an app, and why not.",
        discussion: """
            Answers from the well-formed statements, as Google's service does, and lists the file's errors \
            either way. Exits 1 when the app is not linked; the answer is printed either way.
            """)

    @Option(name: .long, help: ArgumentHelp("The assetlinks.json file.", valueName: "file"))
    var file: String

    @Option(name: .long, help: ArgumentHelp("The site serving the file, https://HOST.", valueName: "url"))
    var site: String

    @Option(name: .long, help: ArgumentHelp("The app's application ID.", valueName: "package"))
    var package: String

    @Option(name: .long, help: ArgumentHelp("The signing certificate's SHA-256 fingerprint.", valueName: "fingerprint"))
    var fingerprint: String

    @Option(name: .long, help: ArgumentHelp("The relation to check.", valueName: "relation"))
    var relation: String = AssetLinkStatement.handleAllURLs

    @Flag(help: "Print {\"linked\", \"statement\", \"diagnostics\"} as JSON.")
    var json = false

    /// The answer; an unlinked app fails with the answer as the message.
    func render() async throws(CommandFailure) -> String {
        let report = AssetLinkStatementList.validate(try readTextFile(file, what: "the file"), file: file)
        let result: AssetLinksCheck
        do {
            result = try report.check(site: site, package: package, fingerprint: fingerprint, relation: relation)
        } catch {
            throw CommandFailure(error.message, code: error.code.description, status: .usage)
        }
        let output = json ? JSONWriter.write(result.jsonValue) : text(result)
        guard result.linked else { throw .verdict(output) }
        return output
    }

    private func text(_ result: AssetLinksCheck) -> String {
        var lines = [result.linked ? "linked: \(site) grants \(relation) to \(package)" : "not linked: \(package) on \(site)"]
        if let statement = result.statement { lines.append("statement: \(statement.jsonPath)") }
        lines += result.diagnostics.map { "\($0.severity.rawValue): \($0.description) (\($0.code))" }
        if result.linked, result.diagnostics.contains(where: { $0.severity == .error }) {
            lines.append("note: Google's service skips the malformed statements and reads the others; fix them all the same")
        }
        return lines.joined(separator: "\n")
    }
}

/// `deeplink assetlinks validate`: everything Android's verifier would object to.
struct AssetLinksValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Validate an assetlinks.json statement list.",
        discussion: "Exits 1 when the file has errors; warnings alone exit 0.")

    @OptionGroup var options: ValidateOptions

    func run() async throws {
        try await runReporting(json: options.json, render)
    }

    /// The report; a file with errors fails with the report as the message.
    func render() async throws(CommandFailure) -> String {
        try options.render { text, file in AssetLinkStatementList.validate(text, file: file).diagnostics }
    }
}
