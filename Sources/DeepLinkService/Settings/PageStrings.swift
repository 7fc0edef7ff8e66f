import Foundation

/// Every text the public pages show, in one language. `Sendable`.
///
/// The table ``all`` is the one place translations live: add a language by adding an entry,
/// and the config's `pages.language` accepts it. Texts say what happened in plain words; the
/// technical reason for a problem page goes to the server's log, never to the page.
package struct PageStrings: Sendable {
    /// The button that opens the deep link in the installed app.
    package let openInApp: String
    /// The App Store button.
    package let appStore: String
    /// The Google Play button.
    package let googlePlay: String
    /// The button to the link's own page for iPhone users without the app.
    package let iosFallback: String
    /// The button to the link's own page for Android users without the app.
    package let androidFallback: String
    /// The button to the link's web fallback.
    package let continueInBrowser: String
    /// Under the App Store button when it also copies the link (the pasteboard flow).
    package let copiesLinkNote: String
    /// The page's title when the link has no preview title.
    package let defaultTitle: String
    /// The heading beside the desktop page's QR code.
    package let scanTitle: String
    /// What to do with the QR code.
    package let scanHint: String
    /// The QR code's accessible name, given the URL it encodes.
    package let qrCodeLabel: @Sendable (String) -> String
    /// Before the store links on the desktop page.
    package let getTheApp: String
    /// The store links' names on the desktop page.
    package let appStoreName: String
    package let googlePlayName: String
    /// The desktop page's names for a link's own iOS and Android fallbacks, which replace its stores.
    package let iPhoneAppName: String
    package let androidAppName: String
    /// An unknown code, or a path the server does not serve.
    package let notFoundTitle: String
    package let notFoundMessage: String
    /// An expired link, given its expiry day when known, already formatted.
    package let expiredTitle: String
    package let expiredMessage: @Sendable (String?) -> String
    /// The database did not answer.
    package let unavailableTitle: String
    package let unavailableMessage: String
    /// A Firebase long link with a value the server refuses.
    package let invalidTitle: String
    package let invalidMessage: String
    /// A store link that names no store, or a store the link has no app in.
    package let storeMissingTitle: String
    package let storeMissingMessage: String
    /// The problem pages' button to the website, given its host.
    package let goToWebsite: @Sendable (String) -> String

    /// The pages' texts by language subtag. English is the default.
    static let all: [String: PageStrings] = ["en": .english, "de": .german]

    /// The texts for a BCP 47 tag whose language subtag has an entry (`de-CH` gets German), or `nil`.
    static func forLanguage(_ tag: String) -> PageStrings? {
        all[primarySubtag(of: tag)]
    }

    /// The language subtag of a tag, lowercased: `de` of `de-CH`.
    static func primarySubtag(of tag: String) -> String {
        String(tag.prefix { $0 != "-" }).lowercased()
    }

    /// A day as the language writes it in full (`31 December 2026`), in UTC, the zone expiries are stored in.
    package static func day(_ date: Date, language: String) -> String {
        date.formatted(Date.FormatStyle(date: .long, time: .omitted, locale: Locale(identifier: language), timeZone: .gmt))
    }

    static let english = PageStrings(
        openInApp: "Open in app",
        appStore: "Download on the App Store",
        googlePlay: "Get it on Google Play",
        iosFallback: "Get the iPhone app",
        androidFallback: "Get the Android app",
        continueInBrowser: "Continue in the browser",
        copiesLinkNote: "This button also copies the link, so the app can open it after you install it.",
        defaultTitle: "Open in the app",
        scanTitle: "Open on your phone",
        scanHint: "Point your phone’s camera at the code to open this link in the app.",
        qrCodeLabel: { "QR code for \($0)" },
        getTheApp: "Get the app:",
        appStoreName: "App Store",
        googlePlayName: "Google Play",
        iPhoneAppName: "iPhone app",
        androidAppName: "Android app",
        notFoundTitle: "Link not found",
        notFoundMessage: "There is no link at this address. Check that it was copied completely.",
        expiredTitle: "Link expired",
        expiredMessage: { day in day.map { "This link expired on \($0) and can no longer be opened." } ?? "This link has expired and can no longer be opened." },
        unavailableTitle: "Try again in a moment",
        unavailableMessage: "This link cannot be opened right now. Please try again in a moment.",
        invalidTitle: "This link is not valid",
        invalidMessage: "This link is incomplete or was changed, so it cannot be opened. Ask whoever sent it for a new one.",
        storeMissingTitle: "Not available in this store",
        storeMissingMessage: "This link does not lead to an app in that store. Open the link itself to see where it leads.",
        goToWebsite: { "Go to \($0)" })

    static let german = PageStrings(
        openInApp: "In der App öffnen",
        appStore: "Laden im App Store",
        googlePlay: "Jetzt bei Google Play",
        iosFallback: "Die iPhone-App holen",
        androidFallback: "Die Android-App holen",
        continueInBrowser: "Im Browser fortfahren",
        copiesLinkNote: "Diese Schaltfläche kopiert auch den Link, damit die App ihn nach der Installation öffnen kann.",
        defaultTitle: "In der App öffnen",
        scanTitle: "Auf dem Smartphone öffnen",
        scanHint: "Richten Sie die Kamera Ihres Smartphones auf den Code, um diesen Link in der App zu öffnen.",
        qrCodeLabel: { "QR-Code für \($0)" },
        getTheApp: "Die App laden:",
        appStoreName: "App Store",
        googlePlayName: "Google Play",
        iPhoneAppName: "iPhone-App",
        androidAppName: "Android-App",
        notFoundTitle: "Link nicht gefunden",
        notFoundMessage: "Unter dieser Adresse gibt es keinen Link. Prüfen Sie, ob er vollständig kopiert wurde.",
        expiredTitle: "Link abgelaufen",
        expiredMessage: { day in day.map { "Dieser Link ist am \($0) abgelaufen und kann nicht mehr geöffnet werden." } ?? "Dieser Link ist abgelaufen und kann nicht mehr geöffnet werden." },
        unavailableTitle: "Gleich noch einmal versuchen",
        unavailableMessage: "Dieser Link kann gerade nicht geöffnet werden. Bitte versuchen Sie es gleich noch einmal.",
        invalidTitle: "Dieser Link ist ungültig",
        invalidMessage: "Dieser Link ist unvollständig oder wurde verändert und kann nicht geöffnet werden. Bitten Sie den Absender um einen neuen.",
        storeMissingTitle: "In diesem Store nicht erhältlich",
        storeMissingMessage: "Dieser Link führt zu keiner App in diesem Store. Öffnen Sie den Link selbst, um zu sehen, wohin er führt.",
        goToWebsite: { "Weiter zu \($0)" })
}
