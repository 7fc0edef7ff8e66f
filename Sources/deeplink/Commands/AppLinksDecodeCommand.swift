import ArgumentParser
import DeepLinkAppLinks
import DeepLinkCore
import Foundation

/// `deeplink applinks decode`: reads the `al_applink_data` of an incoming URL.
struct AppLinksDecodeCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode the al_applink_data parameter of a URL an app was opened with.",
        discussion: """
            Prints every member, extension properties such as campaign_ids included, and the optional members \
            left out because they were malformed. Exits 0 when the link data is valid, 1 when the URL has none \
            or it is invalid; the output says which, and why.
            """)

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    @Argument(help: "The incoming URL, e.g. example://docs?al_applink_data=%7B...%7D.")
    var url: String

    /// The command's output.
    func render() throws(CommandFailure) -> String {
        let incoming = try urlArgument(url)
        let result = InboundAppLink.read(from: incoming)
        let output = json ? JSONWriter.write(result.jsonValue) : result.humanDescription
        guard case .decoded = result else { throw .verdict(output) }
        return output
    }
}

extension InboundAppLinkResult {
    /// The result as lines for a terminal.
    var humanDescription: String {
        switch self {
        case .absent:
            return "no al_applink_data: the URL has no al_applink_data parameter"
        case .ignored(let reason):
            return "invalid al_applink_data (\(reason.code)): \(reason.description)"
        case .decoded(let appLink):
            var lines = [
                "valid al_applink_data", "  target_url: \(appLink.targetURL.absoluteString)", "  version:    \(appLink.version)",
            ]
            if let userAgent = appLink.data.userAgent { lines.append("  user_agent: \(userAgent)") }
            lines.append("  extras:     \(JSONWriter.write(.object(appLink.extras)))")
            if let referer = appLink.referer {
                let name = referer.appName ?? "(no app_name)"
                let back = referer.url.map { " at \($0.absoluteString)" } ?? ""
                lines.append("  referer:    \(name)\(back)")
            }
            for (key, value) in appLink.data.otherProperties.sorted(by: { $0.key < $1.key }) {
                lines.append("  \(key): \(JSONWriter.write(value))")
            }
            lines += appLink.ignoredMembers.map { "  ignored \($0.description) (\($0.code))" }
            return lines.joined(separator: "\n")
        }
    }
}
