import ArgumentParser
import DeepLinkCore
import DeepLinkFirebase
import DeepLinkServer
import DeepLinkService
import Foundation

/// `deeplink links verify`: every stored link (or every link of a CSV or Firebase export)
/// routed with the next release's config, reporting each that would fall back, be refused or
/// stop routing.
struct LinksVerifyCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify", abstract: "Check every link against the next release's config: which would fall back, be refused or stop routing.",
        discussion: """
            --config is the next release's config; its server section, --database or DEEPLINK_DATABASE name the database \
            whose links are checked, unless --csv or --firebase gives a file of links instead. With --previous, the config in \
            production now, each finding names the route the link reaches today, links that change route are listed, and \
            links already broken today are told apart. A short link is judged as it arrives, as a universal link. \
            Exits 1 when any link would break, 3 when nothing was checked (no database, or no links; --allow-empty passes that).
            """)

    @OptionGroup var configOptions: OptionalConfigOptions
    @OptionGroup var databaseOptions: DatabaseOptions

    @Option(name: .long, help: ArgumentHelp("The config in production now, to compare with.", valueName: "file"))
    var previous: String?

    @Option(name: .long, help: ArgumentHelp("A CSV of links instead of the database: a header row with a deepLink column (and code).", valueName: "file"))
    var csv: String?

    @Option(name: .long, help: ArgumentHelp("A Firebase Dynamic Links export instead of the database.", valueName: "file"))
    var firebase: String?

    @Flag(name: .long, help: "Print JSON: {checked, broken, rerouted, alreadyBroken}.")
    var json = false

    @Flag(name: .long, help: "Pass a check of no links (a missing database reads as empty) instead of exiting 3.")
    var allowEmpty = false

    func validate() throws {
        guard configOptions.config != nil else { throw ValidationError("give --config, the next release's config") }
        guard csv == nil || firebase == nil else { throw ValidationError("give --csv or --firebase, not both") }
    }

    func render() async throws(CommandFailure) -> String {
        let nextConfig = try configOptions.loadIfGiven() ?? DeepLinkConfig()
        let next = try Self.router(nextConfig, file: configOptions.config ?? "")
        let current = try previous.map { path throws(CommandFailure) in
            try Self.router(try ConfigOptions.parseOrFail(["--config", path]).load(), file: path)
        }
        var verification = LinkVerification(next: next, current: current)
        if let csv {
            for row in try Self.csvLinks(csv) { verification.add(code: row.code, deepLink: row.deepLink, origin: row.origin) }
            try Self.requireLinks(verification, in: "\(csv): the CSV has", allowEmpty: allowEmpty)
        } else if let firebase {
            // A Firebase short link opens the app as a universal link, as this server's do.
            for (code, deepLink) in try Self.firebaseLinks(firebase) { verification.add(code: code, deepLink: deepLink, origin: .universalLink) }
            try Self.requireLinks(verification, in: "\(firebase): the export has", allowEmpty: allowEmpty)
        } else {
            // The next config's server section names the database, unless --database does.
            let configuration = try ServerSettingLayers(config: nextConfig, flags: databaseOptions.settingFlags).configuration()
            verification = try await Self.verifyingEveryLink(
                verification, configuration: configuration, label: "deeplink.links", allowEmpty: allowEmpty,
                given: databaseOptions.database != nil ? "--database" : "the config \(configOptions.config ?? "")")
        }
        let output = json ? JSONWriter.write(verification.jsonValue) : Self.report(verification, withCurrent: current != nil)
        guard verification.broken.isEmpty else { throw .verdict(output) }
        return output
    }

    /// Why a check of no links fails: a gate that checked nothing must not pass.
    static func requireLinks(_ verification: LinkVerification, in what: String, allowEmpty: Bool) throws(CommandFailure) {
        guard verification.checked == 0, !allowEmpty else { return }
        throw CommandFailure(
            "\(what) no links, so nothing was checked", fix: "point at the links to check, or give --allow-empty if none is right",
            code: "nothing-checked", status: .nothingChecked)
    }

    /// The verification with every link of the database the settings name added, read only: a
    /// check before a release creates, migrates and writes nothing. A database that is not there
    /// (a mistyped path, or none beside the config) or holds no links fails with exit status 3,
    /// naming what was looked for, unless `allowEmpty`.
    /// - Parameters:
    ///   - given: What named the database, for the message: `--database`, or the config file.
    static func verifyingEveryLink(
        _ verification: LinkVerification, configuration: ServerConfiguration, label: String, allowEmpty: Bool, given: String
    ) async throws(CommandFailure) -> LinkVerification {
        if case .sqlite(let path) = configuration.database, !FileManager.default.fileExists(atPath: path), !allowEmpty {
            throw CommandFailure(
                "no database at \(path) (\(given == "--database" ? "given by --database" : "named by \(given), or its default beside it")), "
                    + "so no link was checked",
                fix: "give --database with the link server's database (sqlite:PATH or postgres://…), set DEEPLINK_DATABASE, "
                    + "or give --allow-empty if no links is right",
                code: "no-database", status: .nothingChecked)
        }
        let verification = try await configuration.withCommandStore(label: label, access: .readOnly) { store in
            var verification = verification
            try await verification.addEveryLink(in: store)
            return verification
        }
        try requireLinks(verification, in: "the database \(configuration.database) has", allowEmpty: allowEmpty)
        return verification
    }

    static func router(_ config: DeepLinkConfig, file: String) throws(CommandFailure) -> Router {
        do {
            return try Router.checking(config)
        } catch {
            throw CommandFailure("\(file): the config's routes cannot form a router: \(error)", code: "invalid-config")
        }
    }

    /// The report for people: the links that would break, then those that change route.
    static func report(_ verification: LinkVerification, withCurrent: Bool) -> String {
        var lines: [String] = []
        let width = (verification.broken + verification.rerouted).map(\.code.count).max() ?? 0
        func line(_ finding: LinkVerification.Finding) -> String {
            let was = finding.current.map { "; today it \($0.summary)" } ?? ""
            // A refusal depends on where the link comes from: say which origin was refused.
            let origin = finding.next.kind == .refused || finding.current?.kind == .refused ? " (opened as \(finding.origin.rawValue))" : ""
            return "  \(finding.code.padding(toLength: width, withPad: " ", startingAt: 0))  \(finding.deepLink)\(origin)  \(finding.next.summary)\(was)"
        }
        if verification.broken.isEmpty {
            lines.append("no link would break: \(counted(verification.checked, "link")) checked")
        } else {
            lines.append("\(verification.broken.count) of \(counted(verification.checked, "link")) would break:")
            lines += verification.broken.map(line)
        }
        if !verification.rerouted.isEmpty {
            lines.append("\(counted(verification.rerouted.count, "link")) would open another route:")
            lines += verification.rerouted.map(line)
        }
        if !verification.alreadyBroken.isEmpty {
            lines.append("\(counted(verification.alreadyBroken.count, "link")) already failed to route directly today (not this release's doing)")
        }
        if !withCurrent { lines.append("(give --previous with the config in production to see the route each link reaches today)") }
        return lines.joined(separator: "\n")
    }

    /// A link of a CSV: its code (or line), its deep link, and where it arrives from.
    struct CSVLink {
        let code: String
        let deepLink: String
        let origin: LinkOrigin
    }

    /// The links of a CSV's rows: the header names a `deepLink` (or `deep_link`, `link`) column
    /// and optionally `code` and `origin`. A row with a code is a short link, judged as a universal
    /// link; a row without one is a deep link tapped directly, a user tap; an `origin` value
    /// (`userTap`, `universalLink`, `pushLaunched`, …) says otherwise. Rows without a code are
    /// named by their line.
    static func csvLinks(_ path: String) throws(CommandFailure) -> [CSVLink] {
        var reader = CSVReader(try readTextFile(path, what: "the CSV file"))
        do {
            guard let header = try reader.next() else { return [] }
            let names = header.fields.map { $0.lowercased().trimmingCharacters(in: .whitespaces) }
            guard let linkColumn = names.firstIndex(where: { ["deeplink", "deep_link", "link"].contains($0) }) else {
                throw CommandFailure(
                    "\(path):\(header.line): the header row has no deepLink column (found \(header.fields.joined(separator: ", ")))",
                    code: "invalid-csv", status: .usage)
            }
            let codeColumn = names.firstIndex(of: "code")
            let originColumn = names.firstIndex(of: "origin")
            var links: [CSVLink] = []
            while let record = try reader.next() {
                guard linkColumn < record.fields.count else {
                    throw CommandFailure("\(path):\(record.line): the row has no deepLink value", code: "invalid-csv", status: .usage)
                }
                let code = codeColumn.flatMap { $0 < record.fields.count ? record.fields[$0] : nil }.flatMap { $0.isEmpty ? nil : $0 }
                var origin: LinkOrigin = code == nil ? .userTap : .universalLink
                if let column = originColumn, column < record.fields.count, !record.fields[column].isEmpty {
                    let text = record.fields[column].trimmingCharacters(in: .whitespaces)
                    guard let given = LinkOrigin(rawValue: text) else {
                        throw CommandFailure(
                            "\(path):\(record.line): origin \(JSONWriter.quoted(text)) is not an origin; write one of "
                                + LinkOrigin.allCases.map(\.rawValue).joined(separator: ", "),
                            code: "invalid-csv", status: .usage)
                    }
                    origin = given
                }
                links.append(CSVLink(code: code ?? "line \(record.line)", deepLink: record.fields[linkColumn], origin: origin))
            }
            return links
        } catch let error as FirebaseLinkError {
            throw CommandFailure("\(path): \(error.message)", code: "invalid-csv", status: .usage)
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("\(path): \(error)", code: "invalid-csv", status: .usage)
        }
    }

    /// `(code, deepLink)` of a Firebase export's rows: the short link's path and its `link`.
    static func firebaseLinks(_ path: String) throws(CommandFailure) -> [(String, String)] {
        let export: FirebaseLinkExport
        do {
            export = try FirebaseLinkExport(csv: try readTextFile(path, what: "the Firebase export"))
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("\(path): \(error)", code: "invalid-export", status: .usage)
        }
        return export.rows.compactMap { row in
            let code = URL(string: row.shortLink)?.path.split(separator: "/").last.map(String.init) ?? "line \(row.line)"
            if let link = row.parameters["link"] { return (code, link) }
            guard let longLink = row.longLink, let deepLink = try? FirebaseLongLink(url: longLink).fields["deepLink"] else {
                return (code, "")
            }
            return (code, deepLink)
        }
    }
}
