import ArgumentParser
import DeepLinkCore
import DeepLinkServer
import DeepLinkService
import Foundation

/// `deeplink links tags`: every tag of the links, with how many links have it and their clicks.
struct LinksTagsCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "tags",
        abstract: "List the links' tags, each with its links and their clicks of all time.",
        discussion: "links list --tag lists a tag's links; links stats --tag sums their numbers.")

    @OptionGroup var configOptions: OptionalConfigOptions
    @OptionGroup var databaseOptions: DatabaseOptions

    @Flag(name: .long, help: "Print JSON, as GET /api/v1/tags answers.")
    var json = false

    /// Reads the tags and returns them as a table or JSON.
    func render() async throws(CommandFailure) -> String {
        let configuration = try configOptions.serverConfiguration(databaseOptions)
        let tags = try await configuration.withLinkService(label: "deeplink.links") { links throws(LinkServerError) in try await links.tags() }
        if json {
            return JSONWriter.write([
                "tags": .array(tags.map { ["tag": .string($0.tag), "links": .number(Double($0.links)), "clicks": .number(Double($0.clicks))] })
            ])
        }
        guard !tags.isEmpty else { return "no link has a tag; give one with links create --tags or links update --tags" }
        let rows = [["TAG", "LINKS", "CLICKS"]] + tags.map { [$0.tag, String($0.links), String($0.clicks)] }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            zip(row, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }
}
