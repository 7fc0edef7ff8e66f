import ArgumentParser
import DeepLinkAssociation
import DeepLinkCore
import Foundation

/// `deeplink aasa`: reads apple-app-site-association files as Apple does.
struct AASACommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aasa",
        abstract: "Match URLs against and validate apple-app-site-association files.",
        subcommands: [AASAMatchCommand.self, AASAValidateCommand.self])
}

/// `deeplink aasa match`: what Apple decides for a URL and an app.
struct AASAMatchCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Decide match, exclude or no_match for a URL, with the rule that decided.",
        discussion: "Exits 0 for match, 1 for exclude or no_match; the decision is printed either way.")

    @Option(name: .long, help: ArgumentHelp("The apple-app-site-association file.", valueName: "file"))
    var file: String

    @Option(name: .customLong("app-id"), help: ArgumentHelp("The app's ID, TEAMID.bundle.id.", valueName: "id"))
    var appID: String

    @Flag(help: "Read only legacy \"paths\", as iOS 12 and earlier do.")
    var legacy = false

    @Flag(help: "Print {\"decision\", \"rule\", \"reason\"} as JSON.")
    var json = false

    @Argument(help: "The URL, e.g. https://shop.example.com/sales/42.")
    var url: String

    /// The decision; exclude and no_match fail with it as the report, a file that is not a JSON object fails.
    func render() async throws(CommandFailure) -> String {
        guard let target = URL(string: url), target.host != nil else {
            throw CommandFailure("\(JSONWriter.quoted(url)) is not an absolute URL", code: "invalid-url", status: .usage)
        }
        guard target.scheme?.lowercased() == "https" else {
            throw CommandFailure(
                "\(url) is not an https URL: iOS opens only https URLs as universal links, so no apple-app-site-association decides it",
                fix: "give the page's https URL, such as https://shop.example.com/sales/3", code: "invalid-url", status: .usage)
        }
        let report = AppleAppSiteAssociation.validate(try readTextFile(file, what: "the file"), file: file)
        guard let association = report.file else { throw CommandFailure(diagnostics: report.errors, code: "invalid-file") }
        let result = association.match(target, appID: appID, format: legacy ? .legacyPaths : .components)
        var lines = ["decision: \(result.decision.rawValue)"]
        if let rule = result.rule { lines.append("rule:     \(rule.jsonPath) \(rule.source.jsonText)") }
        lines.append("reason:   \(result.reason)")
        let output = json ? JSONWriter.write(result.jsonValue) : lines.joined(separator: "\n")
        guard result.decision == .match else { throw .verdict(output) }
        return output
    }
}

/// `deeplink aasa validate`: everything Apple would object to.
struct AASAValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Validate an apple-app-site-association file in any of its three shapes.",
        discussion: "Exits 1 when the file has errors; warnings alone exit 0.")

    @OptionGroup var options: ValidateOptions

    func run() async throws {
        try await runReporting(json: options.json, render)
    }

    /// The report; a file with errors fails with the report as the message.
    func render() async throws(CommandFailure) -> String {
        try options.render { text, file in AppleAppSiteAssociation.validate(text, file: file).diagnostics }
    }
}
