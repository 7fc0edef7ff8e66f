import DeepLinkService
import Foundation
import Mustache

/// The values of `link.mustache`, one link: its short URL and QR code, its settings, whether it
/// has expired, and its numbers.
struct DashboardLinkView: DashboardPageView {
    /// `link.mustache`.
    static var template: KeyPath<DashboardTemplates, MustacheTemplate> { \.link }

    /// A setting the link has.
    struct Setting {
        /// Its name.
        let name: String
        /// Its value.
        let value: String
        /// Whether the value is code or an address, shown in a fixed-width font.
        let mono: Bool
    }

    /// The link's code.
    let code: String
    /// Its short URL.
    let shortURL: String
    /// Whether it has expired (which hides its QR code).
    let expired: Bool
    /// When it expires, if it does.
    let expires: String?
    /// The settings it has, the deep link first.
    let settings: [Setting]
    /// Its numbers.
    let numbers: DashboardNumbersView
    /// What happens on each device when someone taps it.
    let journeys: [Journey]

    /// One device's journey, as the panel lists it.
    struct Journey {
        /// `iPhone, app installed`.
        let heading: String
        /// How it ends, in words.
        let ending: String
        /// The steps.
        let steps: [Step]
    }

    /// A step of a journey.
    struct Step {
        /// Who takes it.
        let actor: String
        /// What happens.
        let text: String
        /// What decided it.
        let decidedBy: String?
    }

    /// A link's page.
    /// - Parameters:
    ///   - link: The link.
    ///   - shortURL: Its short URL.
    ///   - numbers: Its numbers.
    ///   - journeys: What happens on each device when someone taps it.
    ///   - now: The time it is, which tells whether it has expired.
    init(link: Link, shortURL: String, numbers: DashboardNumbersView, journeys: [DeviceJourney], now: Date) {
        code = link.code
        self.shortURL = shortURL
        expired = link.expiresAt.map { $0 <= now } ?? false
        expires = link.expiresAt.map(DashboardText.dateTime)
        settings = Self.settings(of: link)
        self.numbers = numbers
        self.journeys = journeys.map { journey in
            Journey(
                heading: journey.heading, ending: Self.ending(journey.ending),
                steps: journey.steps.map { Step(actor: $0.actor, text: $0.text, decidedBy: $0.decidedBy) })
        }
    }

    /// How a journey ends, in words.
    private static func ending(_ ending: DeviceJourney.Ending) -> String {
        switch ending {
        case .appOpened: "opens the app at the link's screen"
        case .installedAndOpened: "installs the app, which opens at the link's screen"
        case .installedWithoutLink: "installs the app, which opens at its start screen"
        case .webPage: "stays on the web"
        }
    }

    /// The settings a link has, in the order the page lists them.
    private static func settings(of link: Link) -> [Setting] {
        var settings = [Setting(name: "Deep link", value: link.deepLink, mono: true)]
        func add(_ name: String, _ value: String?, mono: Bool = false) {
            if let value, !value.isEmpty { settings.append(Setting(name: name, value: value, mono: mono)) }
        }
        add("Campaign", link.utm.campaign)
        add("Note", link.note)
        add("Created", DashboardText.dateTime(link.createdAt))
        if link.updatedAt != link.createdAt { add("Changed", DashboardText.dateTime(link.updatedAt)) }
        add("Expires", link.expiresAt.map(DashboardText.dateTime))
        add("After it expires", link.expiredURL, mono: true)
        if link.isPasswordProtected { add("Password", "Required: visitors give it on the link's page; the app is sent there") }
        add("Oldest iOS app", link.minIOSVersion, mono: true)
        add("Oldest Android app", link.minAndroidVersion.map { "versionCode \($0)" }, mono: true)
        for (index, target) in link.targets.enumerated() { add("Target \(index + 1)", target.summary) }
        for variant in link.variants { add("Variant", variant.summary) }
        add("Web page", link.webURL, mono: true)
        add("iPhone page", link.iosFallbackURL, mono: true)
        add("Android page", link.androidFallbackURL, mono: true)
        add("App Store ID", link.appStoreID, mono: true)
        add("Google Play", link.playPackage, mono: true)
        add("UTM source", link.utm.source)
        add("UTM medium", link.utm.medium)
        add("UTM term", link.utm.term)
        add("UTM content", link.utm.content)
        add("Preview title", link.preview.title)
        add("Preview text", link.preview.description)
        add("Preview image", link.preview.imageURL, mono: true)
        return settings
    }
}
