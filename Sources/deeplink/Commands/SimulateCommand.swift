import ArgumentParser
import DeepLinkCore
import DeepLinkServer
import DeepLinkService
import Foundation

extension DeviceJourney.Device: ExpressibleByArgument {}

/// `deeplink simulate`: what happens on each device when someone taps a short link, followed with
/// the product's own parts: the association file of the link's host and the platform's decision,
/// the server's answer to that device, the app's resolution of the code and the router's result,
/// or the store, the install and the first launch's claim. Nothing is recorded.
struct SimulateCommand: ReportingCommand {
    /// Whether the app is installed.
    enum AppState: String, CaseIterable, ExpressibleByArgument {
        case installed, missing
    }

    static let configuration = CommandConfiguration(
        commandName: "simulate", abstract: "Show what happens on each device when someone taps a short link.",
        discussion: """
            Reads the link from the database and follows a tap as the server, iOS, Android, the app and its \
            router would: the association file of the link's host, the server's answer to the device, the \
            app's POST /api/v1/opens and the route it reaches, or the store, the install and the first \
            launch's claim. Nothing is counted or recorded. Without --device every device is shown, and \
            without --app both an installed and a missing app. --country and --language say who taps, for \
            the link's targets; the first step then says which target decided and why. For a link with A/B \
            variants the journey follows the first variant, or the one --variant names.
            """)

    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var databaseOptions: DatabaseOptions

    @Argument(help: ArgumentHelp("The short link tapped, such as https://go.shop.example.com/spring?utm_source=mail.", valueName: "url"))
    var url: String

    @Option(name: .long, help: ArgumentHelp("The device: iphone, ipad, android, desktop or crawler (repeatable).", valueName: "device"))
    var device: [DeviceJourney.Device] = []

    @Option(name: .long, help: ArgumentHelp("Whether the app is installed: installed or missing.", valueName: "state"))
    var app: AppState?

    @Flag(name: .long, help: "The tap comes from an in-app browser (a social or mail app's web view).")
    var inAppBrowser = false

    @Option(name: .long, help: ArgumentHelp("The visitor's country, such as DE, for the link's country targets.", valueName: "code"))
    var country: String?

    @Option(
        name: .long, help: ArgumentHelp("The visitor's first language, such as fr-CA, for the link's language targets.", valueName: "tag"))
    var language: String?

    @Option(name: .long, help: ArgumentHelp("The A/B variant to follow, by name, for a link with variants; the first by default.", valueName: "name"))
    var variant: String?

    @Flag(name: .long, help: "Print JSON: {\"url\", \"journeys\": [{\"device\", \"app\", \"steps\": [...]}]}.")
    var json = false

    /// Follows the tap on each device asked for.
    func render() async throws(CommandFailure) -> String {
        let country = try country.map { (text) throws(CommandFailure) -> String in
            guard LinkTarget.countryCodes.contains(text.uppercased()) else {
                throw CommandFailure(
                    "--country \(JSONWriter.quoted(text)) is not an ISO 3166-1 alpha-2 country code", fix: "give one such as DE or FR",
                    code: "invalid-country", status: .usage)
            }
            return text.uppercased()
        }
        let language = try language.map { (text) throws(CommandFailure) -> String in
            guard let tag = LanguageTag.canonical(text) else {
                throw CommandFailure(
                    "--language \(JSONWriter.quoted(text)) is not a language tag", fix: "give one such as fr or fr-CA", code: "invalid-language",
                    status: .usage)
            }
            return tag
        }
        let configuration = try ServerSettingLayers(config: try configOptions.load(), flags: databaseOptions.settingFlags).configuration()
        let journeys: DeviceJourneys
        do {
            journeys = try DeviceJourneys(configuration: configuration)
        } catch let error as ConfigError {
            throw CommandFailure(configErrors: [error])
        } catch {
            throw CommandFailure("the config cannot give association files or pages: \(error)", code: "invalid-config")
        }
        let (code, problem) = journeys.code(of: url)
        guard let code else {
            throw CommandFailure(
                "\(JSONWriter.quoted(url)) is not a short link of this server: \(problem ?? "")",
                fix: "give a link such as https://\(configuration.linkHost ?? "LINK_DOMAIN")/CODE", code: "not-a-short-link", status: .usage)
        }
        let link = try await configuration.withLinkService(label: "deeplink.simulate", access: .readOnly) { links throws(LinkServerError) -> DeviceJourneys.LinkState in
            let link: Link
            do throws(LinkServerError) {
                link = try await links.link(code: code)
            } catch {
                guard error.code == .notFound else { throw error }
                return .missing
            }
            return link.isExpired(at: Date()) ? .expired(link) : .live(link)
        }
        if let variant {
            let names: [String]
            switch link {
            case .live(let stored), .expired(let stored): names = stored.variants.map(\.name)
            default: names = []
            }
            guard names.contains(variant) else {
                throw CommandFailure(
                    "--variant \(JSONWriter.quoted(variant)) is not a variant of the link \(code)",
                    fix: names.isEmpty ? "the link has no A/B variants; leave --variant out" : "give one of \(names.joined(separator: ", "))",
                    code: "unknown-variant", status: .usage)
            }
        }
        let devices = device.isEmpty ? DeviceJourney.Device.allCases : device
        let states = app.map { [$0] } ?? AppState.allCases
        var results: [DeviceJourney] = []
        for device in devices {
            for state in device.isPhone ? states : [.missing] {
                results.append(
                    journeys.journey(
                        url: url, device: device, appInstalled: state == .installed, inAppBrowser: inAppBrowser, link: link, language: language,
                        country: country, variant: variant.map(DeviceJourneys.VariantChoice.named) ?? .first))
            }
        }
        if json { return JSONWriter.write(["url": .string(url), "journeys": .array(results.map(\.jsonValue))]) }
        return results.map(\.text).joined(separator: "\n\n")
    }
}
