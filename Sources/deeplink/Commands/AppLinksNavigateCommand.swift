import ArgumentParser
import DeepLinkAppLinks
import DeepLinkCore
import Foundation

/// `deeplink applinks navigate`: shows where a navigation to a saved page goes on a device.
struct AppLinksNavigateCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "navigate",
        abstract: "Choose the app or web page a navigation to a saved page opens, with its al_applink_data.",
        discussion: """
            A target counts as openable when its URL (an Android intent's data URI, or its package name) \
            starts with one of the --can-open prefixes. Exits 0 when the navigation opens the app or a web \
            page, 1 when it cannot navigate; the result is printed either way.
            """)

    @OptionGroup var page: AppLinksPageOptions

    @Option(help: "The device: iphone, ipad, android or windows_phone.")
    var device: AppLinkDevice

    @Option(
        name: .customLong("can-open"),
        help: ArgumentHelp("Comma-separated prefixes of what the device can open, e.g. example://,com.example.", valueName: "prefixes"))
    var canOpen: String = ""

    @Option(help: ArgumentHelp("The extras to send, a JSON object.", valueName: "json"))
    var extras: String?

    @Option(help: ArgumentHelp("The referer_app_link to send, a JSON object: target_url, url, app_name.", valueName: "json"))
    var referer: String?

    @Option(name: .customLong("user-agent"), help: "The user_agent to send.")
    var userAgent: String = AppLinkNavigator.defaultUserAgent

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    /// The command's output.
    func render() throws(CommandFailure) -> String {
        let metadata = try page.load()
        let extras = try parsedExtras()
        let referer = try parsedReferer()
        let prefixes = canOpen.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let navigation = AppLinkNavigator(userAgent: userAgent).navigation(
            to: metadata, on: device, extras: extras, referer: referer
        ) { launch in
            prefixes.contains { prefix in
                switch launch {
                case .url(let url): url.absoluteString.hasPrefix(prefix)
                case .intent(let intent): intent.data.absoluteString.hasPrefix(prefix) || intent.packageName == prefix
                }
            }
        }
        let output = json ? JSONWriter.write(navigation.jsonValue) : navigation.humanDescription
        if case .failure = navigation { throw .verdict(output) }
        return output
    }

    private func parsedExtras() throws(CommandFailure) -> [String: JSONValue] {
        guard let extras else { return [:] }
        let value = try parseJSON(extras, option: "--extras")
        guard let object = value.objectValue else {
            throw CommandFailure("--extras must be a JSON object", fix: "e.g. '{\"myapp_token\": \"t0kEn\"}'", code: "invalid-argument", status: .usage)
        }
        return object
    }

    private func parsedReferer() throws(CommandFailure) -> AppLinkReferer? {
        guard let referer else { return nil }
        let value = try parseJSON(referer, option: "--referer")
        do {
            return try AppLinkReferer(jsonValue: value, path: JSONPath(components: [.key("referer_app_link")]))
        } catch {
            throw CommandFailure("--referer: \(error.description)", code: "invalid-argument", status: .usage)
        }
    }

    private func parseJSON(_ text: String, option: String) throws(CommandFailure) -> JSONValue {
        do {
            return try JSONValue(parsing: text)
        } catch {
            throw CommandFailure("\(option) is not valid JSON: \(error.description)", code: "invalid-argument", status: .usage)
        }
    }
}

extension AppLinkDevice: ExpressibleByArgument {}

extension AppLinkNavigation {
    /// The navigation as lines for a terminal.
    var humanDescription: String {
        switch self {
        case .app(let launch, let platform, let appName, let data):
            var lines = ["open the app" + (appName.map { " \($0)" } ?? "") + " (al:\(platform.rawValue) target)"]
            switch launch {
            case .url(let url):
                lines.append("  url: \(url.absoluteString)")
            case .intent(let intent):
                lines += ["  intent action: \(intent.action)", "  intent data:   \(intent.data.absoluteString)"]
                if let packageName = intent.packageName { lines.append("  package:       \(packageName)") }
                if let className = intent.className { lines.append("  class:         \(className)") }
            }
            lines.append("  al_applink_data: \(data.jsonText)")
            return lines.joined(separator: "\n")
        case .web(let url, let data):
            return ["open the web page", "  url: \(url.absoluteString)", "  al_applink_data: \(data.jsonText)"]
                .joined(separator: "\n")
        case .failure(let reason):
            return "cannot navigate: \(reason.description)"
        }
    }
}
