import ArgumentParser
import DeepLinkCore
import Foundation

/// `deeplink route`: shows where a URL goes.
struct RouteCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Show where a URL goes: the route, destination, parameters, handlers and fallback trail.",
        discussion: """
            Every handler name counts as registered; handlers run as no-ops. Exits 0 when the URL routes \
            (matched, default, signInRequired, coordinated), 1 when it is rejected or nothing routes it \
            (outcome none); the result is printed either way.
            """)

    @OptionGroup var configOptions: ConfigOptions

    @Option(help: "The device idiom, which chooses storyboards: iPhone or iPad.")
    var idiom: DeviceIdiom = .phone

    @Option(help: "Where the link came from: \(LinkOrigin.allCases.map(\.rawValue).joined(separator: ", ")).")
    var origin: LinkOrigin = .userTap

    @Flag(help: "Route as if a user is signed in (routes with requiresAuth otherwise answer signInRequired).")
    var signedIn = false

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    @Argument(help: "The URL to route, e.g. shop://sales/3?utm_source=mail.")
    var url: String

    /// The command's output; a rejected or unroutable URL fails with the result as the report.
    func render() async throws(CommandFailure) -> String {
        let router = try configOptions.loadRouterWithAllHandlers()
        let link = try urlArgument(url)
        let result = await router.route(RouteRequest(url: link, origin: origin, idiom: idiom, isSignedIn: signedIn))
        let output = json ? JSONWriter.write(result.jsonValue) : result.humanDescription
        guard result.outcome != .rejected, result.outcome != .none else { throw .verdict(output) }
        return output
    }
}

extension DeviceIdiom: ExpressibleByArgument {}
extension LinkOrigin: ExpressibleByArgument {}

extension RouteResult {
    /// The result as aligned lines for a terminal.
    var humanDescription: String {
        var lines = [url.absoluteString]
        func add(_ label: String, _ value: String?) {
            guard let value else { return }
            lines.append("  " + (label + ":").padding(toLength: 12, withPad: " ", startingAt: 0) + value)
        }
        add("outcome", outcome.rawValue)
        add("route", route?.description)
        add("class", className)
        add("identifier", identifier)
        add("storyboard", storyboard)
        add("params", parameters.isEmpty ? nil : parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
        add("handlers", handlers.isEmpty ? nil : handlers.joined(separator: " → "))
        add("stopped by", stoppedBy)
        add("coordinator", coordinator)
        add("plan", plan.count > 1 ? plan.map { $0.route ?? $0.className ?? "-" }.joined(separator: " → ") : nil)
        add("reason", reason)
        if !trail.isEmpty {
            lines.append("  trail:")
            lines += trail.map { "    \($0.path): \($0.reason)" }
        }
        return lines.joined(separator: "\n")
    }
}
