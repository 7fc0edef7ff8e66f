import DeepLinkAssociation
import DeepLinkCore
import DeepLinkService
import Foundation

/// Follows a tap on a short link with the product's own parts: the association files the server
/// serves for the link's host, read with the project's iOS and Android matchers; the server's
/// answer to the device (``LinkResolver``, as `GET /{code}` uses it); the app's resolution
/// (``ShortLinkAnswer``, as `POST /api/v1/opens` answers it); and the config's router. Nothing is
/// counted or recorded. `Sendable`.
package struct DeviceJourneys: Sendable {
    /// What the server knows of a code.
    package enum LinkState: Sendable {
        case live(Link)
        case expired(Link)
        case missing
        case unavailable
    }

    let setup: DeepLinkSetup
    let resolver: LinkResolver
    private let appleFiles: [String: AppleAppSiteAssociation]
    private let assetLinks: [String: AssetLinkStatementList]

    /// The journeys of a server's settings, as `deeplink simulate` follows them outside a running server.
    /// - Parameter configuration: The server's settings and the app's config.
    /// - Throws: ``ConfigError``, ``AssociationError`` or ``TemplateLoadingError`` when the config
    ///   cannot give files or pages.
    package init(configuration: ServerConfiguration) throws {
        let setup = try DeepLinkSetup(configuration: configuration)
        try self.init(setup: setup, resolver: LinkResolver(setup: setup, pages: try PageRenderer(settings: setup.pages, websiteHost: setup.websiteHost)))
    }

    /// Reads the association files the server serves.
    /// - Parameters:
    ///   - setup: The config, read once.
    ///   - resolver: The server's answers per client.
    /// - Throws: ``ConfigError`` or ``AssociationError`` when the `apps` section cannot give files.
    init(setup: DeepLinkSetup, resolver: LinkResolver) throws {
        self.setup = setup
        self.resolver = resolver
        var apple: [String: AppleAppSiteAssociation] = [:]
        var android: [String: AssetLinkStatementList] = [:]
        if let error = setup.apps.errors.first { throw error }
        if let settings = setup.apps.settings {
            for file in try AssociationGenerator(settings: settings, linkDomain: setup.linkDomain).files() {
                guard let host = file.host else { continue }
                switch file.kind {
                case .appleAppSiteAssociation: apple[host] = try AppleAppSiteAssociation.parse(file.contents)
                case .assetLinks: android[host] = try AssetLinkStatementList.parse(file.contents)
                default: continue
                }
            }
        }
        appleFiles = apple
        assetLinks = android
    }

    /// The code of a short link of this server, or `nil` with why not.
    package func code(of url: String) -> (code: String?, problem: String?) {
        do {
            return (try ShortLinkAnswer.shortLink(in: url, linkHost: setup.linkHost, origin: setup.linkOrigin).code, nil)
        } catch {
            return (nil, error.message)
        }
    }

    /// Every device's journey for a tap on `url`: each phone with the app installed and missing,
    /// then a desktop and a link-preview crawler.
    /// - Parameters:
    ///   - url: The short link tapped, query included.
    ///   - link: What the server knows of the code.
    ///   - language: The visitor's first language, for the link's language targets.
    ///   - country: The visitor's country, for its country targets.
    ///   - variant: Which of the link's A/B variants to follow (``VariantChoice``).
    package func everyDevice(
        url: String, link: LinkState, language: String? = nil, country: String? = nil, variant: VariantChoice = .first
    ) -> [DeviceJourney] {
        DeviceJourney.Device.allCases.flatMap { device in
            (device.isPhone ? [true, false] : [false]).map { installed in
                journey(
                    url: url, device: device, appInstalled: installed, inAppBrowser: false, link: link, language: language, country: country,
                    variant: variant)
            }
        }
    }

    /// Which of a link's A/B variants a journey follows. A `Sendable` value.
    package enum VariantChoice: Sendable, Hashable {
        /// The first listed, for a visitor not yet assigned.
        case first
        /// The one with this name, as `simulate --variant` asks.
        case named(String)
        /// The one a visitor's stable value assigns, as the `dl_vid` cookie of the `?d=1` page's reader.
        case visitor(VisitorID)
    }

    /// The state of a code as the server's lookup found it.
    /// - Parameter lookup: The lookup.
    static func state(_ lookup: LinkLookup) -> LinkState {
        switch lookup {
        case .found(let link), .locked(let link): .live(link)
        case .expired(let link): .expired(link)
        case .unavailable: .unavailable
        case .missing: .missing
        }
    }

    /// One device's journey for a tap on `url`.
    /// - Parameters:
    ///   - url: The short link tapped, query included.
    ///   - device: The device.
    ///   - appInstalled: Whether the app is installed.
    ///   - inAppBrowser: Whether the tap comes from an in-app browser.
    ///   - link: What the server knows of the code.
    ///   - language: The visitor's first language, for the link's language targets.
    ///   - country: The visitor's country, for its country targets.
    ///   - variant: Which of the link's A/B variants to follow when no target decides.
    package func journey(
        url: String, device: DeviceJourney.Device, appInstalled: Bool, inAppBrowser: Bool, link: LinkState, language: String? = nil,
        country: String? = nil, variant: VariantChoice = .first
    ) -> DeviceJourney {
        // The link's targets decide first, for this device's platform and the visitor's language
        // and country; then, when none does, the visitor's A/B variant.
        var decided = link
        var explanations: [(text: String, decidedBy: String)] = []
        if case .live(let stored) = link {
            let traits = VisitorTraits(platform: Visitor(userAgent: device.userAgent).platform, language: language, country: country)
            if let explanation = stored.targetExplanation(for: traits) { explanations.append((explanation, "the link's targets")) }
            let (opened, targetIndex) = stored.opened(for: traits)
            decided = .live(opened)
            if targetIndex == nil, let (shown, explanation) = stored.variantExplanation(platform: traits.platform, choice: variant) {
                explanations.append((explanation, "the link's A/B variants"))
                decided = .live(shown.map(stored.applying) ?? stored)
            }
        }
        var path = Path(journeys: self, url: url, device: device, appInstalled: appInstalled && device.isPhone, inAppBrowser: inAppBrowser && device.isPhone, link: decided)
        for explanation in explanations { path.step("Server", explanation.text, decidedBy: explanation.decidedBy) }
        path.follow()
        return DeviceJourney(
            device: device, appInstalled: appInstalled && device.isPhone, inAppBrowser: inAppBrowser && device.isPhone, url: url, steps: path.steps,
            ending: path.ending, serverAnswer: path.serverAnswer)
    }

    /// A journey being followed.
    private struct Path {
        let journeys: DeviceJourneys
        let url: String
        let device: DeviceJourney.Device
        let appInstalled: Bool
        let inAppBrowser: Bool
        let link: LinkState
        var steps: [DeviceJourney.Step] = []
        var ending = DeviceJourney.Ending.webPage
        var serverAnswer: DeviceJourney.ServerAnswer?

        var setup: DeepLinkSetup { journeys.setup }
        var system: String { device == .android ? "Android" : device == .iphone || device == .ipad ? "iOS" : "Browser" }
        var appName: String { setup.pages.appName ?? "the app" }

        mutating func step(_ actor: String, _ text: String, decidedBy: String? = nil) {
            steps.append(DeviceJourney.Step(actor, text, decidedBy: decidedBy))
        }

        mutating func follow() {
            guard let parts = URLComponents(string: url), let host = parts.host?.lowercased() else {
                step("Server", "\(url) is not a URL")
                return
            }
            let (code, problem) = journeys.code(of: url)
            guard let code else {
                step("Server", problem ?? "not a short link of this server")
                return
            }
            if appInstalled, !inAppBrowser, systemOpensApp(host: host, path: parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath) {
                appResolves(code: code)
                return
            }
            if inAppBrowser {
                step(
                    system, "an in-app browser (Facebook's, Instagram's) loads the link in its own web view instead of handing it to the system, so the app does not open from it",
                    decidedBy: "Branch, “Deep linking from Facebook in 2017” (blog.branch.io): Facebook's in-app browser is built so that universal links do not open the app")
            } else if device.isPhone, !appInstalled {
                step(system, "the app is not installed, so the browser opens the link")
            } else if device == .crawler {
                step("Crawler", "a link-preview crawler fetches the link for the preview card")
            } else if !device.isPhone {
                step("Browser", "the browser opens the link")
            }
            serverAnswers(code: code)
        }

        /// Whether iOS or Android hands the URL to the installed app, by the files the server serves.
        mutating func systemOpensApp(host: String, path: String) -> Bool {
            guard let url = URL(string: url) else { return false }
            if device == .android {
                guard let list = journeys.assetLinks[host], let app = setup.apps.settings?.androidApps.first else {
                    step("Android", "\(host) serves no assetlinks.json for the app, so Chrome opens the link")
                    return false
                }
                let verified = list.statements.contains { statement in
                    statement.relations.contains(AssetLinkStatement.handleAllURLs)
                        && statement.target == .androidApp(package: app.package, sha256CertFingerprints: app.sha256CertFingerprints)
                }
                guard verified, list.androidOpensApp(for: url) else {
                    step("Android", "\(host)'s assetlinks.json does not take \(path) for \(app.package), so Chrome opens the link")
                    return false
                }
                step(
                    "Android", "\(host)'s assetlinks.json verifies \(app.package) and its rules take \(path), so the app opens (a verified App Link); no page is shown",
                    decidedBy: "https://\(host)/.well-known/assetlinks.json")
                return true
            }
            guard let app = setup.apps.settings?.iosApps.first else {
                step("iOS", "the config has no iOS app, so Safari opens the link")
                return false
            }
            guard let file = journeys.appleFiles[host] else {
                step("iOS", "\(host) serves no apple-app-site-association file, so Safari opens the link")
                return false
            }
            let match = file.match(url, appID: app.appID)
            guard match.decision == .match else {
                step("iOS", "\(host)'s association file does not open \(app.appID) for \(path), so Safari opens the link", decidedBy: match.description)
                return false
            }
            step("iOS", "\(host)'s association file lists \(app.appID) for \(path), so the app opens; no page is shown", decidedBy: match.description)
            return true
        }

        /// The app asks the server which deep link the short link opens, then routes it.
        mutating func appResolves(code: String) {
            switch link {
            case .live(let stored):
                let query = FormQuery.firstValues(percentEncoded: URLComponents(string: url)?.percentEncodedQuery ?? "")
                let platform: DeferredLinkDeviceSignals.Platform = device == .android ? .android : .ios
                guard let resolution = try? ShortLinkAnswer.resolution(of: stored, query: query, requirement: { utm in
                    setup.appRequirement(of: stored, platform: platform, utm: utm)
                }) else {
                    step("App", "POST /api/v1/opens answers 404: the link has no deep link; the app opens \(url) in the browser")
                    return
                }
                let utm = resolution.utm.sorted { $0.key < $1.key }.map { "utm_\($0.key)=\($0.value)" }.joined(separator: " ")
                step(
                    "App", "ShortLinkResolver asks POST /api/v1/opens, which answers \(resolution.deepLink.absoluteString)" + (utm.isEmpty ? "" : " (\(utm))")
                        + " and counts an app open", decidedBy: "link \(code)")
                if let minimum = resolution.minAppVersion {
                    let store = resolution.storeURL.map { "opens \($0.absoluteString) to update" } ?? "has no store page to open (the link names no app)"
                    step(
                        "App", "an app older than \(minimum) gets updateRequired and \(store); \(minimum) or newer goes on",
                        decidedBy: "minAppVersion of link \(code) or its route")
                }
                route(resolution.deepLink, origin: .universalLink)
                ending = .appOpened
            case .expired(let stored):
                let fallback = setup.browserURL(forExpired: stored) ?? url
                step("App", "POST /api/v1/opens answers 410 link-expired; the app opens \(fallback) in the browser", decidedBy: "link \(code) expired")
            case .missing:
                step("App", "POST /api/v1/opens answers 404 not-found; the app opens \(url) in the browser, which shows the server's \"link not found\" page")
            case .unavailable:
                step("App", "the server's database is not answering (503); the app uses its last answer for the link if it has one, else opens the browser")
            }
        }

        /// The server's answer to the device's browser, and what follows it.
        mutating func serverAnswers(code: String) {
            let stored: Link
            switch link {
            case .live(let found): stored = found
            case .expired(let expired):
                if let location = setup.expiredRedirect(for: expired) {
                    serverAnswer = .redirect(location)
                    return step("Server", "the link expired: 302 to its expiredURL, \(location)")
                }
                serverAnswer = .status(410)
                return step("Server", "the link expired: 410 and a page that says so, with the website's address")
            case .missing:
                serverAnswer = .status(404)
                return step("Server", "no link has the code \(code): 404 and a page that says so")
            case .unavailable:
                serverAnswer = .status(503)
                return step("Server", "the database is not answering: 503 with Retry-After")
            }
            var userAgent = device.userAgent
            if inAppBrowser, device == .android { userAgent = userAgent.replacingOccurrences(of: "Linux; Android 14; Pixel 8", with: "Linux; Android 14; Pixel 8; wv") }
            let visitor = Visitor(userAgent: userAgent)
            let query = FormQuery.firstValues(percentEncoded: URLComponents(string: url)?.percentEncodedQuery ?? "")
            let utm = stored.utm.overridden(by: query)
            let reading = "User-Agent read as \(visitor.platform.rawValue)\(visitor.isAndroidWebView ? " (a web view)" : "")"
            let page = journeys.resolver.landingPage(for: stored, utm: utm)
            if visitor.platform == .ios, setup.deferred.pasteboard, stored.appStoreID != nil, stored.iosFallbackURL == nil {
                let buttons = Self.buttons(of: page, ios: true)
                serverAnswer = .landingPage(buttons)
                step(
                    "Server", "records the click for deferred deep linking and answers the landing page (\(Self.names(buttons))); its App Store button copies the link with its token",
                    decidedBy: "deferred.pasteboard")
                return afterLandingPage(stored, platform: .ios, buttons: buttons)
            }
            switch journeys.resolver.resolve(stored, visitor: visitor, appLinksOnly: false, utm: utm) {
            case .redirect(let location) where location.hasPrefix("intent:"):
                serverAnswer = .redirect(location)
                step("Server", "302 to an intent:// URL for \(stored.playPackage ?? "the app")", decidedBy: reading)
                if appInstalled {
                    step("Chrome", "hands the intent to the installed app with \(stored.deepLink)")
                    route(URL(string: stored.deepLink), origin: .userTap)
                    ending = .appOpened
                } else if let fallback = stored.androidFallbackURL.flatMap(setup.policy.redirectURL(for:)) {
                    // The intent's browser fallback is the link's Android page itself: no store hop.
                    step("Chrome", "no app takes the intent, so it follows its browser fallback, the link's Android page, \(fallback)")
                } else {
                    step("Chrome", "no app takes the intent, so it follows its browser fallback, the store hop")
                    toStore(stored, platform: .android, buttons: [:])
                }
            case .redirect(let location):
                serverAnswer = .redirect(location)
                step("Server", "302 to \(location), the link's web page", decidedBy: reading)
            case .page:
                switch visitor.platform {
                case .crawler:
                    serverAnswer = .landingPage([:])
                    step(
                        "Server", "answers the landing page with the preview's Open Graph tags (title \(stored.preview.title ?? setup.pages.strings.defaultTitle))",
                        decidedBy: reading)
                case .desktop:
                    // A Mac's User-Agent may be an iPad asking for desktop sites: its page carries the iPad's buttons too.
                    serverAnswer = .landingPage(visitor.mayBeIPad ? Self.buttons(of: page, ios: true) : [:])
                    step("Server", "answers the landing page with the link's QR code to scan with a phone", decidedBy: reading)
                case .ios, .android:
                    let buttons = Self.buttons(of: page, ios: visitor.platform == .ios)
                    serverAnswer = .landingPage(buttons)
                    step("Server", "answers the landing page: \(Self.names(buttons))", decidedBy: reading)
                    afterLandingPage(stored, platform: visitor.platform, buttons: buttons)
                }
            }
        }

        /// The buttons a phone's landing page shows, each with its address, as ``PageRenderer`` shows them.
        static func buttons(of page: LandingPage, ios: Bool) -> [DeviceJourney.PageButton: String] {
            var buttons: [DeviceJourney.PageButton: String] = [.openInApp: ios ? page.openURL : page.intentURL ?? page.openURL]
            if ios {
                buttons[.appStore] = page.appStoreURL
                buttons[.iosFallback] = page.iosFallbackURL
            } else {
                buttons[.googlePlay] = page.playStoreURL
                buttons[.androidFallback] = page.androidFallbackURL
            }
            buttons[.web] = page.webURL
            return buttons
        }

        /// The buttons in the page's order, named: `Open in app, App Store, Continue in browser`.
        static func names(_ buttons: [DeviceJourney.PageButton: String]) -> String {
            DeviceJourney.PageButton.allCases.filter { buttons[$0] != nil }.map(\.rawValue).joined(separator: ", ")
        }

        /// What a phone does on the landing page.
        mutating func afterLandingPage(_ stored: Link, platform: ClientPlatform, buttons: [DeviceJourney.PageButton: String]) {
            guard appInstalled else { return toStore(stored, platform: platform, buttons: buttons) }
            if platform == .android {
                step("Browser", "Open in app is the intent:// URL, which Chrome hands to the installed app")
                route(URL(string: stored.deepLink), origin: .userTap)
                ending = .appOpened
                return
            }
            let open = setup.openInAppURL(for: stored.deepLink)
            if open.hasPrefix("https:") {
                step(
                    "Browser", "Open in app goes to \(open), a universal link of another domain: iOS opens the app there with no prompt",
                    decidedBy: "the website's association file")
                route(URL(string: open), origin: .universalLink)
            } else {
                step("Browser", "Open in app is the custom-scheme link \(open): Safari asks \"Open in \(appName)?\" and the app opens it")
                route(URL(string: open), origin: .userTap)
            }
            ending = .appOpened
        }

        /// What the page leaves a visitor without a store button: its web page, or nothing.
        mutating func noStore(_ what: String, buttons: [DeviceJourney.PageButton: String]) {
            if let web = buttons[.web] {
                step("Browser", "\(what): the page has no store button; Continue in the browser goes to \(web)")
            } else {
                step("Browser", "\(what): the page has no store button and no web page, so the visitor stays on it")
            }
        }

        /// The store hop, the install and the first launch's claim.
        mutating func toStore(_ stored: Link, platform: ClientPlatform, buttons: [DeviceJourney.PageButton: String]) {
            if platform == .ios {
                if let fallback = stored.iosFallbackURL.flatMap(setup.policy.redirectURL(for:)) {
                    return step("Browser", "the iPhone page button goes to the link's iPhone page, \(fallback)")
                }
                guard let appStoreID = stored.appStoreID else { return noStore("the link names no App Store app", buttons: buttons) }
                step("Store", "the App Store button goes through /\(stored.code)/install?store=apple (counted as a store visit) to apps.apple.com/app/id\(appStoreID)")
                if setup.deferred.pasteboard {
                    step("App", "first launch reads the pasteboard's link with its token and claims it with POST /api/v1/deferred/claim", decidedBy: "deferred.pasteboard")
                } else if setup.deferred.probabilistic {
                    step(
                        "App", "first launch claims with the device's signals; the server matches the click of the same network and device within the window",
                        decidedBy: "deferred.probabilistic")
                } else {
                    step("App", "first launch has no token to claim (neither deferred.pasteboard nor deferred.probabilistic is on), so the app opens at its start screen")
                    ending = .installedWithoutLink
                    return
                }
            } else {
                if let fallback = stored.androidFallbackURL.flatMap(setup.policy.redirectURL(for:)) {
                    return step("Browser", "the Android page button goes to the link's Android page, \(fallback)")
                }
                guard let package = stored.playPackage else { return noStore("the link names no Android app", buttons: buttons) }
                step("Store", "/\(stored.code)/install?store=google records the click and opens Google Play for \(package) with its token in the install referrer")
                step("App", "first launch reads the install referrer's deeplink_click and claims it with POST /api/v1/deferred/claim", decidedBy: "Play Install Referrer")
            }
            route(URL(string: stored.deepLink), origin: .deferred)
            ending = .installedAndOpened
        }

        /// Who routes in the app: DeepLinkCore's router in an iOS app; in an Android app, the
        /// app's own router, which this package does not ship (DeepLinkCore is Swift), deciding
        /// as the config says if it follows the same routes.
        var router: String { device == .android ? "App's router" : "Router" }

        /// The router's decision for the link the app received.
        mutating func route(_ url: URL?, origin: LinkOrigin) {
            guard let url else { return step(router, "the deep link is not a URL") }
            if device == .android {
                step(
                    "App", "the Android app routes \(url.absoluteString) with its own router; what follows is the config's decision, which that router must make too",
                    decidedBy: "the config's routes (DeepLinkCore, the Swift router, runs in the iOS app)")
            }
            let result = setup.router.match(RouteRequest(url: url, origin: origin))
            let parameters = result.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            let destination = result.className ?? (result.handlers.isEmpty ? nil : "handlers " + result.handlers.joined(separator: ", "))
            switch result.outcome {
            case .matched, .coordinated:
                step(
                    router, "\(url.absoluteString) → route \(result.route?.description ?? "?")" + (destination.map { " → \($0)" } ?? "")
                        + (parameters.isEmpty ? "" : " (\(parameters))"), decidedBy: "origin \(origin.rawValue)")
            case .signInRequired:
                step(router, "\(url.absoluteString) → route \(result.route?.description ?? "?") needs sign-in: the app holds it and opens it after sign-in")
            case .default:
                step(router, "\(url.absoluteString) → no route; the default route" + (destination.map { " (\($0))" } ?? ""), decidedBy: result.reason)
            case .rejected, .none:
                step(router, "\(url.absoluteString) is refused: \(result.reason ?? "no route")", decidedBy: "origin \(origin.rawValue)")
            }
        }
    }
}

extension Link {
    /// Which A/B variant a journey follows and why, in a sentence: the split, how a visitor is
    /// assigned, and the one shown; `nil` for a link without variants. A link-preview crawler
    /// gets the link's own preview (no variant).
    /// - Parameters:
    ///   - platform: The device's platform.
    ///   - choice: Which variant to follow.
    func variantExplanation(platform: ClientPlatform, choice: DeviceJourneys.VariantChoice) -> (shown: LinkVariant?, explanation: String)? {
        guard !variants.isEmpty else { return nil }
        let split = variants.map { "\($0.name) \($0.weight) %" }.joined(separator: ", ")
        guard platform != .crawler else {
            return (nil, "A/B variants (\(split)) are not shown to a link-preview crawler: it gets the link's own preview")
        }
        let assigned = "a visitor is assigned one on the first visit (the dl_vid cookie; an app's visitorId) and keeps it"
        switch choice {
        case .first:
            let shown = variants[0]
            return (
                shown,
                "A/B variants \(split): \(assigned); this journey follows variant \(shown.name) (--variant picks another): \(shown.summary)"
            )
        case .named(let name):
            let shown = variants.first { $0.name == name } ?? variants[0]
            return (shown, "A/B variants \(split): \(assigned); this journey follows variant \(shown.name): \(shown.summary)")
        case .visitor(let id):
            let shown = variant(for: id) ?? variants[0]
            return (
                shown,
                "A/B variants \(split): \(assigned); your dl_vid cookie falls in bucket \(id.bucket(for: code)) of 0–99, so you get "
                    + "variant \(shown.name): \(shown.summary)"
            )
        }
    }
}
