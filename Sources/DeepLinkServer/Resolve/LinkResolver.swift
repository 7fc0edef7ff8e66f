import DeepLinkService
import DeepLinkAppLinks
import DeepLinkCore
import Foundation
import DeepLinkFirebase
import NIOCore

/// What the server answers for a link: a page or a redirect. A `Sendable` value.
enum Resolution: Sendable, Equatable {
    /// An HTML page, in the bytes it is sent as.
    case page(ByteBuffer)
    /// A `302 Found` to the URL.
    case redirect(String)
}

/// Decides how each kind of client opens a link, and builds its landing page. `Sendable`.
///
/// - iOS gets the landing page: Smart App Banner with `app-argument`, "Open in app", the App
///   Store and the web fallback; never Google Play.
/// - Android gets an `intent://` URL whose browser fallback is the Play Store with a referrer;
///   without a package, the web fallback. An Android WebView (an in-app browser), which cannot
///   follow the intent, gets the landing page with Google Play instead.
/// - Desktop gets the web fallback; without one, the landing page with the link's QR code.
/// - Crawlers get the desktop's landing page, for its Open Graph tags.
/// - `Prefer-Html-Meta-Tags: al` gets only the `al:*` tags.
///
/// Every redirect target is checked again by the ``RedirectPolicy``, so a stored URL that the
/// allowlist no longer allows is shown as a link, never followed.
///
/// A class, so that the routes share one rather than copy its many fields on every request.
final class LinkResolver: Sendable {
    /// The config, read once: the redirect policy, the link host and the `deferred` section.
    let setup: DeepLinkSetup
    let pages: PageRenderer
    let renderedPages = RenderedPageCache()

    /// Creates the resolver of a config's links.
    /// - Parameters:
    ///   - setup: The config, read once.
    ///   - pages: The page templates.
    init(setup: DeepLinkSetup, pages: PageRenderer) {
        self.setup = setup
        self.pages = pages
    }

    /// The answer for one request.
    /// - Parameters:
    ///   - link: The link.
    ///   - visitor: Who opens it.
    ///   - appLinksOnly: Whether the client asked for only the `al:*` tags.
    ///   - utm: The UTM fields in effect for this click.
    ///   - language: The language of a page it answers; the config's when `nil`.
    ///   - rule: Which of the link's rules decided (``VisitRule/pageKey``): each is a page of its own.
    func resolve(
        _ link: Link, visitor: Visitor, appLinksOnly: Bool, utm: UTMFields, language: PageRenderer.Language? = nil, rule: String = ""
    ) -> Resolution {
        let language = language ?? pages.defaultLanguage
        if appLinksOnly {
            return .page(
                renderedPages.page(for: link, utm: utm, variant: .appLinksOnly, rule: rule) {
                    pages.renderAppLinksOnly(landingPage(for: link, utm: utm))
                })
        }
        let kind = LandingPageKind(visitor)
        switch visitor.platform {
        case .android:
            if visitor.isAndroidWebView { return landing(link, utm: utm, kind: kind, language: language, rule: rule) }
            if let intent = intentURL(link, utm: utm) { return .redirect(intent) }
            return webFallback(link, utm: utm, kind: kind, language: language, rule: rule)
        case .desktop:
            return webFallback(link, utm: utm, kind: kind, language: language, rule: rule)
        case .ios, .crawler:
            return landing(link, utm: utm, kind: kind, language: language, rule: rule)
        }
    }

    /// A redirect to the link's web fallback when the policy still allows it, carrying the UTM
    /// fields in effect (``DeepLinkSetup/webFallbackUTM``), or the landing page.
    private func webFallback(_ link: Link, utm: UTMFields, kind: LandingPageKind, language: PageRenderer.Language, rule: String) -> Resolution {
        if let webURL = link.webURL.flatMap(setup.policy.redirectURL(for:)) {
            return .redirect(setup.webFallbackUTM ? utm.carried(into: webURL) : webURL)
        }
        return landing(link, utm: utm, kind: kind, language: language, rule: rule)
    }

    private func landing(_ link: Link, utm: UTMFields, kind: LandingPageKind, language: PageRenderer.Language, rule: String) -> Resolution {
        .page(
            renderedPages.page(for: link, utm: utm, variant: .landing(kind), language: language.tag, rule: rule) {
                pages.render(landingPage(for: link, utm: utm, language: language), as: kind, language: language)
            })
    }

    /// The `intent://` URL that opens the app on Android, or its fallback without it; `nil`
    /// without an Android package.
    private func intentURL(_ link: Link, utm: UTMFields) -> String? {
        guard let package = link.playPackage else { return nil }
        return AndroidIntentURL.make(deepLink: link.deepLink, package: package, fallback: androidFallback(link, utm: utm))
    }

    /// The landing page for an iOS click already recorded for the pasteboard flow: its App
    /// Store button copies the click's link, with the token, before it leaves. Never cached.
    /// - Parameters:
    ///   - link: The link.
    ///   - utm: The UTM fields in effect.
    ///   - token: The recorded click's token.
    ///   - language: The page's language; the config's when `nil`.
    func pasteboardLanding(_ link: Link, utm: UTMFields, token: String, language: PageRenderer.Language? = nil) -> String {
        let language = language ?? pages.defaultLanguage
        var page = landingPage(for: link, utm: utm, click: token, language: language)
        var copied = setup.linkOrigin.flatMap { URLComponents(string: $0.description) } ?? URLComponents()
        copied.path = "/\(link.code)"
        copied.queryItems = [URLQueryItem(name: DeferredLinkToken.queryItemName, value: token)]
        page.copyText = copied.string
        return pages.render(page, as: .ios, language: language)
    }

    /// Where Chrome on Android goes when the app is not installed: the link's Android fallback,
    /// or the store hop, which records the click and adds its token to the Play Store's install
    /// referrer. Without a link host the hop cannot be addressed, so the Play Store directly.
    private func androidFallback(_ link: Link, utm: UTMFields) -> String {
        if let url = link.androidFallbackURL.flatMap(setup.policy.redirectURL(for:)) { return url }
        guard let origin = setup.linkOrigin else { return LinkVisits.playStoreURL(package: link.playPackage ?? "", utm: utm, token: nil) }
        return origin.url(AppStore.google.hopPath(for: link, utm: utm))
    }

    /// The landing page's content and tags.
    /// - Parameters:
    ///   - link: The link.
    ///   - utm: The UTM fields in effect.
    ///   - click: A token already recorded for this page view, passed on by the App Store button.
    ///   - language: The page's language, whose default title a link without one gets; the config's when `nil`.
    func landingPage(for link: Link, utm: UTMFields, click: String? = nil, language: PageRenderer.Language? = nil) -> LandingPage {
        let webURL = link.webURL.flatMap(setup.policy.redirectURL(for:))
        let iosFallback = link.iosFallbackURL.flatMap(setup.policy.redirectURL(for:))
        let androidFallback = link.androidFallbackURL.flatMap(setup.policy.redirectURL(for:))
        let appStoreURL = iosFallback == nil ? link.appStoreID.map { _ in AppStore.apple.hopPath(for: link, utm: utm, click: click) } : nil
        let playStore = androidFallback == nil ? link.playPackage.map { _ in AppStore.google.hopPath(for: link, utm: utm) } : nil
        let title = link.preview.title ?? (language ?? pages.defaultLanguage).strings.defaultTitle
        let pageURL = publicURL(of: link, utm: utm)

        var nameTags: [(name: String, content: String)] = []
        if let appStoreID = link.appStoreID {
            nameTags.append(("apple-itunes-app", "app-id=\(appStoreID), app-argument=\(link.deepLink)"))
        }
        nameTags.append(("twitter:card", link.preview.imageURL == nil ? "summary" : "summary_large_image"))

        let page = URL(string: pageURL ?? "/\(link.code)") ?? URL(filePath: "/")
        let appLinks = AppLinkMetadata(
            sourceURL: page, ios: [IOSAppLinkTarget(url: URL(string: link.deepLink), appStoreID: link.appStoreID)],
            android: [AndroidAppLinkTarget(url: URL(string: link.deepLink), packageName: link.playPackage)],
            web: webURL.flatMap { URL(string: $0) }.map { WebAppLinkTarget(url: $0) } ?? WebAppLinkTarget(url: page, shouldFallback: false))

        var openGraphTags: [(property: String, content: String)] = [("og:type", "website"), ("og:title", title)]
        if let description = link.preview.description { openGraphTags.append(("og:description", description)) }
        // Without a preview image of its own, a link's card shows the app's icon, and its site
        // name is the app's, so a shared link never has an empty card.
        if let image = link.preview.imageURL ?? pages.settings.iconURL { openGraphTags.append(("og:image", image)) }
        if let pageURL { openGraphTags.append(("og:url", pageURL)) }
        if let appName = pages.settings.appName { openGraphTags.append(("og:site_name", appName)) }

        return LandingPage(
            title: title, description: link.preview.description, imageURL: link.preview.imageURL, pageURL: pageURL,
            openURL: setup.openInAppURL(for: link.deepLink), intentURL: intentURL(link, utm: utm), appStoreURL: appStoreURL, playStoreURL: playStore, iosFallbackURL: iosFallback, androidFallbackURL: androidFallback,
            webURL: webURL, collectsSignals: setup.deferred.probabilistic, nameTags: nameTags, appLinks: appLinks,
            openGraphTags: openGraphTags)
    }

    /// The link's own https URL on the link host: `https://HOST/CODE`, or for a Firebase long
    /// link (no code) the long link; `nil` without a link host.
    /// - Parameters:
    ///   - link: The link.
    ///   - utm: The UTM fields in effect, which a long link carries.
    func publicURL(of link: Link, utm: UTMFields) -> String? {
        guard let origin = setup.linkOrigin else { return nil }
        guard link.code.isEmpty else { return origin.url("/\(link.code)") }
        var components = URLComponents(string: origin.description) ?? URLComponents()
        components.path = "/"
        components.queryItems = FirebaseLongLink.queryItems(for: link, utm: utm)
        // Long links are read as forms, where `+` is a space; a literal plus must arrive encoded.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.string
    }
}
