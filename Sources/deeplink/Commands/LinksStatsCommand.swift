import ArgumentParser
import DeepLinkCore
import DeepLinkServer
import DeepLinkService
import Foundation

/// `deeplink links stats`: a link's numbers, or every link's, over the last days: the same
/// ``LinkNumbers`` the dashboard draws.
struct LinksStatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Print a link's numbers, or every link's: clicks per day and by source, and the install funnel.",
        discussion: """
            Clicks count people: link-preview crawlers' visits are counted apart, as link previews. The funnel counts only phones: clicks on iPhones, \
            iPads and Android, the store hops among them, and the installs whose app claimed a hop. Days \
            are UTC, today included.
            """)

    @OptionGroup var configOptions: OptionalConfigOptions
    @OptionGroup var databaseOptions: DatabaseOptions

    @Argument(help: "The link's code; or give --all or --tag.")
    var code: String?

    @Flag(name: .long, help: "Every link's numbers together.")
    var all = false

    @Option(name: .long, help: ArgumentHelp("The numbers of the links with this tag, summed.", valueName: "tag"))
    var tag: String?

    @Option(name: .long, help: ArgumentHelp("How many days, today included: 7, 30, 90 or any from 1 to \(Self.maximumDays).", valueName: "n"))
    var days = 30

    @Option(name: .long, help: ArgumentHelp("The first day of a range instead, YYYY-MM-DD (UTC).", valueName: "day"))
    var from: String?

    @Option(name: .long, help: ArgumentHelp("The range's last day, YYYY-MM-DD (UTC); today when only --from is given.", valueName: "day"))
    var to: String?

    @Flag(name: .long, help: "Print CSV: section,name,count rows.")
    var csv = false

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    /// The longest range.
    static let maximumDays = 366

    func validate() throws {
        switch [code != nil, all, tag != nil].count(where: { $0 }) {
        case 0: throw ValidationError("give a link's code, --all or --tag")
        case 1: break
        default: throw ValidationError("give one of a code, --all and --tag")
        }
        guard (1...Self.maximumDays).contains(days) else { throw ValidationError("--days must be 1 to \(Self.maximumDays)") }
        guard !(csv && json) else { throw ValidationError("give --csv or --json, not both") }
    }

    func run() async throws {
        try await runReporting(json: json) { () throws(CommandFailure) in
            let output = try await render()
            guard csv else { return output }
            // The CSV ends its own lines with CRLF, so it is written as is.
            FileHandle.standardOutput.write(Data(output.utf8))
            return ""
        }
    }

    /// Reads the numbers and returns them as text, JSON or CSV; `not-found` (exit 1) for an unknown code.
    func render() async throws(CommandFailure) -> String {
        let code = self.code
        let range: DayRange
        if from != nil || to != nil {
            do {
                range = try DayRange(optionalFrom: from, to: to)
            } catch {
                throw CommandFailure("--\(error.field ?? "from"): \(error.message)", code: error.code.description, status: .usage)
            }
        } else {
            range = .last(days, endingAt: Date())
        }
        let configuration = try configOptions.serverConfiguration(databaseOptions)
        let tag = self.tag
        let numbers = try await configuration.withLinkService(label: "deeplink.links") { links throws(LinkServerError) in
            if let tag { return try await links.numbers(tag: tag, range: range) }
            if let code { _ = try await links.link(code: code) }
            return try await links.numbers(code: code, range: range)
        }
        if json { return JSONWriter.write(numbers.jsonValue) }
        return csv ? numbers.csv : numbers.humanDescription
    }
}

extension LinkNumbers {
    /// The numbers for people: the total, clicks per day, the top sources and the funnel.
    var humanDescription: String {
        func shares(_ list: [Share]) -> String {
            list.isEmpty ? "-" : list.map { "\($0.name) \($0.count)" }.joined(separator: ", ")
        }
        func rate(_ value: Double?) -> String {
            value.map { " (\(Int(($0 * 100).rounded()))%)" } ?? ""
        }
        let range = "\(days.first ?? "") to \(days.last ?? "") (UTC)"
        var lines = ["\(code ?? tag.map { "links tagged \($0)" } ?? "all links"): \(counted(totalClicks, "click")) from \(range)", "clicks per day:"]
        lines += zip(days, clicksPerDay).map { "  \($0)  \($1)" }
        lines += [
            "by platform:   " + shares(byPlatform), "by referrer:   " + shares(byReferrer), "utm_source:    " + shares(byUTMSource),
            "utm_medium:    " + shares(byUTMMedium), "utm_campaign:  " + shares(byUTMCampaign),
            "by country:    " + (byCountry.isEmpty ? "- (needs a GeoIP database)" : shares(byCountry)),
            "by target:     " + (byTarget.isEmpty ? "-" : byTarget.map { "targets[\($0.index)] \($0.clicks)" }.joined(separator: ", ")),
            "by variant:    "
                + (byVariant.isEmpty
                    ? "-"
                    : byVariant.map {
                        "\($0.name): \(counted($0.clicks, "click")), \(counted($0.opens, "app open")), \(counted($0.storeVisits, "store visit")), "
                            + counted($0.installs, "install")
                    }.joined(separator: "; ")),
            "link previews: \(totalLinkPreviews) (crawlers such as Slack's and iMessage's, not counted as clicks)",
            "excess clicks: \(totalExcessClicks) (one address past the per-link rate, answered but not counted as clicks)",
            "app opens:     \(totalOpens) (\(shares(opensByPlatform)))",
            "funnel:        \(counted(funnel.phoneClicks, "phone click")) → \(counted(funnel.storeHops, "store hop"))\(rate(funnel.hopRate)) → "
                + "\(counted(funnel.claimedInstalls, "claimed install"))\(rate(funnel.installRate))"
                + (funnel.iosInstallsMeasured ? "" : " (Android only: iPhone installs need deferred.pasteboard or probabilistic matching)"),
        ]
        return lines.joined(separator: "\n")
    }
}
