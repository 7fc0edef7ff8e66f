import ArgumentParser
import DeepLinkCore
import DeepLinkServer
import DeepLinkService
import Foundation

/// `deeplink links list`: one page of the links that match a search, as the dashboard lists them.
struct LinksListCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List links: a search, a filter, an order and a page, with how many match in all.")

    @OptionGroup var configOptions: OptionalConfigOptions
    @OptionGroup var databaseOptions: DatabaseOptions

    @Option(name: .long, help: ArgumentHelp("Text to find in the code, the deep link, the campaign or the note, ignoring case.", valueName: "text"))
    var search = ""

    @Option(name: .long, help: "Which links to list.")
    var filter = LinkFilter.all

    @Option(name: .long, help: ArgumentHelp("Only links with this tag.", valueName: "tag"))
    var tag: String?

    @Option(name: .long, help: "The order.")
    var sort = LinkSort.newest

    @Option(name: .long, help: ArgumentHelp("The most links to list, 1 to \(Self.maximumLimit).", valueName: "n"))
    var limit = 50

    @Option(name: .long, help: ArgumentHelp("How many matching links to skip.", valueName: "n"))
    var offset = 0

    @Flag(name: .long, help: "Print JSON: the links as the admin API returns them, and the total.")
    var json = false

    /// The most links one page lists.
    static let maximumLimit = 1000

    func validate() throws {
        guard (1...Self.maximumLimit).contains(limit) else { throw ValidationError("--limit must be 1 to \(Self.maximumLimit)") }
        guard offset >= 0 else { throw ValidationError("--offset cannot be negative") }
    }

    /// Searches the links and returns the page.
    func render() async throws(CommandFailure) -> String {
        var tag: String?
        if let given = self.tag {
            do { tag = try LinkTags.checked(given, field: "tag") } catch { throw CommandFailure("--tag: \(error.message)", code: error.code.description, status: .usage) }
        }
        let search = LinkSearch(text: search, filter: filter, tag: tag, sort: sort, offset: offset, limit: limit)
        let configuration = try configOptions.serverConfiguration(databaseOptions)
        let (page, origin) = try await configuration.withLinkService(label: "deeplink.links") { links throws(LinkServerError) in
            (try await links.search(search), links.linkOrigin)
        }
        if json {
            let links = page.links.map { link in
                var json = link.json(origin: origin).objectValue ?? [:]
                json["clicks"] = .number(Double(page.clicks[link.code] ?? 0))
                return JSONValue.object(json)
            }
            return JSONWriter.write(["links": .array(links), "total": .number(Double(page.total))])
        }
        return Self.table(page, origin: origin, offset: offset)
    }

    /// The links as a table with a header (a URL column when the link host is known), then
    /// `N of TOTAL links`.
    static func table(_ page: LinkSearchPage, origin: ShortLinkOrigin?, offset: Int) -> String {
        let formatter = ISO8601DateFormatter()
        var rows = [["CODE"] + (origin == nil ? [] : ["URL"]) + ["DEEP LINK", "CAMPAIGN", "TAGS", "CLICKS", "CREATED"]]
        for link in page.links {
            let url = link.json(origin: origin).objectValue?["url"]?.stringValue
            rows.append(
                [link.code] + (url.map { [$0] } ?? [])
                    + [link.deepLink, link.utm.campaign ?? "-", link.tags.isEmpty ? "-" : link.tags.joined(separator: ","), String(page.clicks[link.code] ?? 0), formatter.string(from: link.createdAt)])
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        let lines = rows.map { row in
            zip(row, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }
        let count = page.links.isEmpty ? "0" : offset == 0 ? "\(page.links.count)" : "\(offset + 1)-\(offset + page.links.count)"
        return (page.links.isEmpty ? [] : lines).joined(separator: "\n") + (page.links.isEmpty ? "" : "\n") + "\(count) of \(counted(page.total, "link"))"
    }
}

extension LinkFilter: ExpressibleByArgument {}
extension LinkSort: ExpressibleByArgument {}
