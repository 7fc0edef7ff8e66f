import DeepLinkService
import DeepLinkAppLinks
import DeepLinkQRCode
import Mustache

/// Renders the public pages from ``PageTemplates`` in the config's language and branding. `Sendable`.
struct PageRenderer: Sendable {
    /// The config's `pages` section.
    let settings: PageSettings
    /// The stylesheet every page links to.
    let stylesheet: PageStylesheet
    /// The website problem pages send people to: the config's first host.
    let websiteHost: String?
    private let strings: PageStrings
    /// The texts templates look up as `t.name`.
    private let texts: [String: String]
    /// The pages' templates and scripts.
    private let templates: PageTemplates
    /// The landing page's template compiled per shape of page, which is what requests render.
    private let landingPages: CompiledPageTemplate

    /// Uses the templates of the server's bundle.
    /// - Parameters:
    ///   - settings: The config's `pages` section.
    ///   - websiteHost: The website problem pages link to.
    /// - Throws: ``TemplateLoadingError`` when a template of the bundle is missing or broken.
    init(settings: PageSettings = PageSettings(), websiteHost: String? = nil) throws(TemplateLoadingError) {
        self.settings = settings
        self.websiteHost = websiteHost
        stylesheet = PageStylesheet(themeColor: settings.themeColor)
        strings = settings.strings
        texts = Self.texts(strings)
        let templates = try PageTemplates.bundled.get()
        self.templates = templates
        landingPages = CompiledPageTemplate { context in templates.landing.render(context, library: templates.partials) }
    }

    /// The landing page with the buttons of one kind of visitor.
    func render(_ page: LandingPage, as kind: LandingPageKind) -> String {
        landingPages.page(landingContext(page, as: kind))
    }

    /// The landing page as swift-mustache renders it, which ``render(_:as:)`` must equal.
    func renderedByMustache(_ page: LandingPage, as kind: LandingPageKind) -> String {
        templates.landing.render(landingContext(page, as: kind), library: templates.partials)
    }

    /// How many shapes of landing page have been compiled.
    var compiledLandingShapes: Int { landingPages.shapeCount }

    /// The landing page's values for its template.
    private func landingContext(_ page: LandingPage, as kind: LandingPageKind) -> [String: Any] {
        var context = common(title: page.title)
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
            desktop["qrSVG"] = page.pageURL.flatMap(qrCode)
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
    func render(_ problem: PageProblem) -> String {
        let (title, message) = texts(of: problem)
        var context = common(title: title)
        context["message"] = message
        context["symbol"] = problem.symbolSVG
        if let websiteHost {
            context["homeURL"] = "https://\(websiteHost)/"
            context["homeLabel"] = strings.goToWebsite(websiteHost)
        }
        return templates.problem.render(context, library: templates.partials)
    }

    /// What happens on each device when someone taps a short link: a step list per device.
    /// - Parameters:
    ///   - journeys: The journeys, in order.
    ///   - url: The short link.
    func render(journeys: [DeviceJourney], url: String) -> String {
        var context = common(title: "What happens on each device")
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
    private func common(title: String) -> [String: Any] {
        var context: [String: Any] = [
            "title": title, "language": settings.language, "themeColor": settings.themeColor, "stylesheetPath": stylesheet.path,
            "hasBrand": settings.appName != nil || settings.iconURL != nil, "t": texts,
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

    /// The QR code of a URL as inline SVG, or `nil` for a URL too long to encode.
    private func qrCode(_ url: String) -> String? {
        try? QRCode(encoding: url).svg(moduleSize: 4, margin: 4, title: qrCodeLabel(url))
    }

    /// A QR code's accessible name in the pages' language.
    func qrCodeLabel(_ url: String) -> String {
        strings.qrCodeLabel(url)
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
    private func texts(of problem: PageProblem) -> (String, String) {
        switch problem {
        case .notFound: (strings.notFoundTitle, strings.notFoundMessage)
        case .expired(let date):
            (strings.expiredTitle, strings.expiredMessage(date.map { PageStrings.day($0, language: settings.language) }))
        case .unavailable: (strings.unavailableTitle, strings.unavailableMessage)
        case .invalidLink: (strings.invalidTitle, strings.invalidMessage)
        case .notInStore: (strings.storeMissingTitle, strings.storeMissingMessage)
        }
    }
}
