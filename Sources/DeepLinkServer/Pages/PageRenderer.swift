import DeepLinkService
import DeepLinkAppLinks
import Mustache

/// Renders the public pages from ``PageTemplates`` in the visitor's language (``language(for:)``:
/// RFC 4647's lookup of `Accept-Language` among the languages with texts, else the config's
/// `pages.language`) and the config's branding. `Sendable`.
struct PageRenderer: Sendable {
    /// A language pages are written in: the tag `<html lang>` says, and its texts. A class, so
    /// that handing one to each request is one reference, not a copy of every text.
    final class Language: Sendable {
        /// The tag: `fr`, `zh-Hans`, or the config's own `pages.language` (`de-CH`) for its language.
        let tag: String
        /// The texts.
        let strings: PageStrings
        /// The texts templates look up as `t.name`.
        let texts: [String: String]

        init(tag: String, strings: PageStrings, texts: [String: String]) {
            self.tag = tag
            self.strings = strings
            self.texts = texts
        }
    }

    /// The config's `pages` section.
    let settings: PageSettings
    /// The stylesheet every page links to.
    let stylesheet: PageStylesheet
    /// The website problem pages send people to: the config's first host.
    let websiteHost: String?
    /// Every language with texts, by ``PageStrings/available`` tag.
    private let languages: [String: Language]
    /// The config's language: what a visitor gets whose `Accept-Language` finds none of the others.
    let defaultLanguage: Language
    /// The pages' templates and scripts.
    private let templates: PageTemplates
    /// The landing page's template compiled per shape of page, which is what requests render.
    private let landingPages: CompiledPageTemplate
    /// QR codes drawn once: the desktop page's, and the `qr.svg` and `qr.png` routes'.
    let qrCodes = QRCodeImages()

    /// Uses the templates of the server's bundle.
    /// - Parameters:
    ///   - settings: The config's `pages` section.
    ///   - websiteHost: The website problem pages link to.
    /// - Throws: ``TemplateLoadingError`` when a template of the bundle is missing or broken.
    init(settings: PageSettings = PageSettings(), websiteHost: String? = nil) throws(TemplateLoadingError) {
        self.settings = settings
        self.websiteHost = websiteHost
        stylesheet = PageStylesheet(themeColor: settings.themeColor)
        let configured = PageStrings.language(for: settings.language) ?? "en"
        var languages: [String: Language] = [:]
        for (tag, _) in PageStrings.available {
            let strings = PageStrings.all[tag] ?? settings.strings
            languages[tag] = Language(tag: tag == configured ? settings.language : tag, strings: strings, texts: Self.texts(strings))
        }
        self.languages = languages
        defaultLanguage = languages[configured] ?? Language(tag: settings.language, strings: settings.strings, texts: Self.texts(settings.strings))
        let templates = try PageTemplates.bundled.get()
        self.templates = templates
        landingPages = CompiledPageTemplate { context in templates.landing.render(context, library: templates.partials) }
    }

    /// The language of a visitor's pages: RFC 4647's lookup of their `Accept-Language` ranges
    /// among the languages with texts, else the config's.
    /// - Parameter acceptLanguage: The request's `Accept-Language`.
    func language(for acceptLanguage: String?) -> Language {
        guard let acceptLanguage, !acceptLanguage.isEmpty else { return defaultLanguage }
        let tag = lookups.value(for: acceptLanguage) { header in
            LanguageTag.lookup(LanguageTag.preferences(in: header), in: PageStrings.available, defaultTag: "")
        }
        return languages[tag] ?? defaultLanguage
    }

    /// The languages `Accept-Language` headers came to, by header: each is read once.
    private let lookups = HeaderTable<String>()

    /// The landing page with the buttons of one kind of visitor.
    func render(_ page: LandingPage, as kind: LandingPageKind, language: Language? = nil) -> String {
        landingPages.page(landingContext(page, as: kind, language: language ?? defaultLanguage))
    }

    /// The landing page as swift-mustache renders it, which ``render(_:as:language:)`` must equal.
    func renderedByMustache(_ page: LandingPage, as kind: LandingPageKind, language: Language? = nil) -> String {
        templates.landing.render(landingContext(page, as: kind, language: language ?? defaultLanguage), library: templates.partials)
    }

    /// How many shapes of landing page have been compiled.
    var compiledLandingShapes: Int { landingPages.shapeCount }

    /// The landing page's values for its template.
    private func landingContext(_ page: LandingPage, as kind: LandingPageKind, language: Language) -> [String: Any] {
        let strings = language.strings
        var context = common(title: page.title, language: language)
        context["nameTags"] = page.nameTags.map { ["name": $0.name, "content": $0.content] }
        context["appLinkTags"] = page.appLinks.metaTagsHTML
        context["openGraphTags"] = page.openGraphTags.map { ["property": $0.property, "content": $0.content] }
        context["description"] = page.description
        context["imageURL"] = page.imageURL
        var scripts: [String] = []
        switch kind {
        case .ios, .android:
            let actions = phoneActions(page, for: kind)
            context["phone"] = actions
            if actions["storeScript"] != nil { scripts.append(templates.storeButtonScript) }
        case .desktop(let mayBeIPad):
            var desktop: [String: Any] = [:]
            desktop["qrSVG"] = page.pageURL.flatMap { qrCode($0, language: language) }
            // Each platform's way to the app: its store, or the link's own fallback that replaces it.
            let ios = page.appStoreURL.map { ["url": $0, "name": strings.appStoreName] }
                ?? page.iosFallbackURL.map { ["url": $0, "name": strings.iPhoneAppName] }
            let android = page.playStoreURL.map { ["url": $0, "name": strings.googlePlayName] }
                ?? page.androidFallbackURL.map { ["url": $0, "name": strings.androidAppName] }
            if ios != nil || android != nil {
                var stores: [String: Any] = ["both": ios != nil && android != nil]
                stores["ios"] = ios
                stores["android"] = android
                desktop["stores"] = stores
            }
            if mayBeIPad {
                let actions = phoneActions(page, for: .ios)
                desktop["iPad"] = actions
                scripts.append(templates.platformScript)
                if actions["storeScript"] != nil { scripts.append(templates.storeButtonScript) }
            }
            context["desktop"] = desktop
        }
        context["scripts"] = scripts
        return context
    }

    /// A page with only the `al:*` tags of a landing page.
    func renderAppLinksOnly(_ page: LandingPage) -> String {
        templates.appLinksOnly.render(["appLinkTags": page.appLinks.metaTagsHTML])
    }

    /// The page that says why a link cannot be opened, with a button to the website.
    func render(_ problem: PageProblem, language: Language? = nil) -> String {
        let language = language ?? defaultLanguage
        let (title, message) = texts(of: problem, in: language)
        var context = common(title: title, language: language)
        context["message"] = message
        context["symbol"] = problem.symbolSVG
        if let websiteHost {
            context["homeURL"] = "https://\(websiteHost)/"
            context["homeLabel"] = language.strings.goToWebsite(websiteHost)
        }
        return templates.problem.render(context, library: templates.partials)
    }

    /// A password link's page, in the visitor's language: the password's field, and why the last
    /// try failed, if it did. It names nothing of the link: no title, preview or destination.
    /// - Parameters:
    ///   - language: The page's language; the config's when `nil`.
    ///   - error: Why the last password was refused, already in the page's language.
    func renderPassword(language: Language? = nil, error: String? = nil) -> String {
        let language = language ?? defaultLanguage
        let strings = language.strings
        var context = common(title: strings.passwordTitle, language: language)
        context["message"] = strings.passwordMessage
        context["label"] = strings.passwordLabel
        context["button"] = strings.passwordButton
        context["error"] = error
        return templates.password.render(context, library: templates.partials)
    }

    /// The page after the right password, which goes on to the link.
    /// - Parameters:
    ///   - next: The link's path and query, such as `/spring?utm_source=mail`.
    ///   - language: The page's language; the config's when `nil`.
    func renderUnlocked(next: String, language: Language? = nil) -> String {
        let language = language ?? defaultLanguage
        var context = common(title: language.strings.passwordTitle, language: language)
        context["next"] = next
        context["button"] = language.strings.passwordButton
        return templates.unlocked.render(context, library: templates.partials)
    }

    /// What happens on each device when someone taps a short link: a step list per device.
    /// - Parameters:
    ///   - journeys: The journeys, in order.
    ///   - url: The short link.
    func render(journeys: [DeviceJourney], url: String) -> String {
        // A page for the team, in English, as the rest of the tools are.
        var context = common(title: "What happens on each device", language: languages["en"] ?? defaultLanguage)
        context["url"] = url
        context["devices"] = journeys.enumerated().map { index, journey -> [String: Any] in
            [
                "id": "journey-\(index + 1)", "heading": journey.heading,
                "steps": journey.steps.map { step -> [String: Any] in
                    var values: [String: Any] = ["actor": step.actor + ":", "text": step.text]
                    values["decidedBy"] = step.decidedBy
                    return values
                },
            ]
        }
        context["note"] = "Followed with the server's own association files, answers and the config's router; nothing was counted."
        return templates.journeys.render(context, library: templates.partials)
    }

    /// What every page's head and brand read: language, colours, stylesheet, icon, name and texts.
    private func common(title: String, language: Language) -> [String: Any] {
        var context: [String: Any] = [
            "title": title, "language": language.tag, "themeColor": settings.themeColor, "stylesheetPath": stylesheet.path,
            "hasBrand": settings.appName != nil || settings.iconURL != nil, "t": language.texts,
        ]
        context["appName"] = settings.appName
        context["iconURL"] = settings.iconURL
        return context
    }

    /// The buttons of a phone: the store and fallback of its own platform only. Every key is
    /// set, those of the other platform to `false`, so that inside the iPad's section of a
    /// desktop page Mustache finds nothing further out.
    private func phoneActions(_ page: LandingPage, for kind: LandingPageKind) -> [String: Any] {
        let ios = kind == .ios
        // Mustache takes `false` as an empty section; a missing key would be looked up further out.
        func shown(_ url: String?, when visible: Bool = true) -> Any {
            guard visible, let url else { return false }
            return url
        }
        var actions: [String: Any] = [
            "openURL": ios ? page.openURL : page.intentURL ?? page.openURL,
            "appStoreURL": shown(page.appStoreURL, when: ios), "iosFallbackURL": shown(page.iosFallbackURL, when: ios),
            "playStoreURL": shown(page.playStoreURL, when: !ios), "androidFallbackURL": shown(page.androidFallbackURL, when: !ios),
            "webURL": shown(page.webURL), "collectsSignals": page.collectsSignals, "copyText": shown(page.copyText, when: ios),
        ]
        let store = ios ? page.appStoreURL : page.playStoreURL
        if store != nil, page.collectsSignals || (ios && page.copyText != nil) { actions["storeScript"] = true }
        return actions
    }

    /// The QR code of a URL as inline SVG, drawn once per URL and language (not per visitor's
    /// UTM fields, which make a page of their own), or `nil` for a URL too long to encode.
    private func qrCode(_ url: String, language: Language) -> String? {
        qrCodes.pageSVG(QRCodeImages.Key(text: url, format: .svg, moduleSize: 4, margin: 4, title: language.strings.qrCodeLabel(url)))
    }

    /// A QR code's accessible name in a language, the config's by default.
    func qrCodeLabel(_ url: String, language: Language? = nil) -> String {
        (language ?? defaultLanguage).strings.qrCodeLabel(url)
    }

    private static func texts(_ strings: PageStrings) -> [String: String] {
        [
            "openInApp": strings.openInApp, "appStore": strings.appStore, "googlePlay": strings.googlePlay,
            "iosFallback": strings.iosFallback, "androidFallback": strings.androidFallback,
            "continueInBrowser": strings.continueInBrowser, "copiesLinkNote": strings.copiesLinkNote,
            "scanTitle": strings.scanTitle, "scanHint": strings.scanHint, "getTheApp": strings.getTheApp,
        ]
    }

    /// A problem's heading and message.
    private func texts(of problem: PageProblem, in language: Language) -> (String, String) {
        let strings = language.strings
        return switch problem {
        case .notFound: (strings.notFoundTitle, strings.notFoundMessage)
        case .expired(let date):
            (strings.expiredTitle, strings.expiredMessage(date.map { PageStrings.day($0, language: language.tag) }))
        case .unavailable: (strings.unavailableTitle, strings.unavailableMessage)
        case .invalidLink: (strings.invalidTitle, strings.invalidMessage)
        case .notInStore: (strings.storeMissingTitle, strings.storeMissingMessage)
        }
    }
}
