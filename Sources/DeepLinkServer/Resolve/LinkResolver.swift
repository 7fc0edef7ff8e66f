import Foundation

/// What the server answers for a link: a page or a redirect. A `Sendable` value.
enum Resolution: Sendable, Equatable {
    /// An HTML page.
    case page(String)
    /// A `302 Found` to the URL.
    case redirect(String)
}

/// Decides how each kind of client opens a link, and builds its landing page. `Sendable`.
///
/// - iOS gets the landing page: Smart App Banner with `app-argument`, "Open in app", the App
///   Store and the web fallback.
/// - Android gets an `intent://` URL whose browser fallback is the Play Store with a referrer;
///   without a package, the web fallback.
/// - Desktop gets the web fallback; without one, the landing page.
/// - Crawlers get the landing page, for its Open Graph tags.
/// - `Prefer-Html-Meta-Tags: al` gets only the `al:*` tags.
///
/// Every redirect target is checked again by the ``RedirectPolicy``, so a stored URL that the
/// allowlist no longer allows is shown as a link, never followed.
struct LinkResolver: Sendable {
    let policy: RedirectPolicy
    let pages: PageRenderer
    let linkHost: String?
    let renderedPages = RenderedPageCache()

    /// The answer for one request.
    /// - Parameters:
    ///   - link: The link.
    ///   - platform: The client's platform.
    ///   - appLinksOnly: Whether the client asked for only the `al:*` tags.
    ///   - utm: The UTM fields in effect for this click.
    func resolve(_ link: Link, platform: ClientPlatform, appLinksOnly: Bool, utm: UTMFields) -> Resolution {
        if appLinksOnly {
            return .page(
                renderedPages.page(for: link, utm: utm, appLinksOnly: true) {
                    pages.renderAppLinksOnly(landingPage(for: link, utm: utm))
                })
        }
        switch platform {
        case .android:
            if let package = link.playPackage,
                let intent = AndroidIntentURL.make(
                    deepLink: link.deepLink, package: package, fallback: playStoreURL(package: package, code: link.code, utm: utm))
            {
                return .redirect(intent)
            }
            return webFallback(link, utm: utm)
        case .desktop:
            return webFallback(link, utm: utm)
        case .ios, .crawler:
            return landing(link, utm: utm)
        }
    }

    /// A redirect to the link's web fallback when the policy still allows it, or the landing page.
    private func webFallback(_ link: Link, utm: UTMFields) -> Resolution {
        if let webURL = link.webURL, policy.allowsRedirect(to: webURL) { return .redirect(webURL) }
        return landing(link, utm: utm)
    }

    private func landing(_ link: Link, utm: UTMFields) -> Resolution {
        .page(renderedPages.page(for: link, utm: utm, appLinksOnly: false) { pages.render(landingPage(for: link, utm: utm)) })
    }

    /// The landing page's content and tags.
    func landingPage(for link: Link, utm: UTMFields) -> LandingPage {
        let webURL = link.webURL.flatMap { policy.allowsRedirect(to: $0) ? $0 : nil }
        let appStoreURL = link.appStoreID.map { "https://apps.apple.com/app/id\($0)" }
        let playStore = link.playPackage.map { playStoreURL(package: $0, code: link.code, utm: utm) }
        let title = link.preview.title ?? "Open in the app"

        var nameTags: [(name: String, content: String)] = []
        if let appStoreID = link.appStoreID {
            nameTags.append(("apple-itunes-app", "app-id=\(appStoreID), app-argument=\(link.deepLink)"))
        }
        nameTags.append(("twitter:card", link.preview.imageURL == nil ? "summary" : "summary_large_image"))

        var propertyTags: [(property: String, content: String)] = [("al:ios:url", link.deepLink)]
        if let appStoreID = link.appStoreID { propertyTags.append(("al:ios:app_store_id", appStoreID)) }
        propertyTags.append(("al:android:url", link.deepLink))
        if let package = link.playPackage { propertyTags.append(("al:android:package", package)) }
        if let webURL {
            propertyTags.append(("al:web:url", webURL))
        } else {
            propertyTags.append(("al:web:should_fallback", "false"))
        }
        propertyTags.append(("og:type", "website"))
        propertyTags.append(("og:title", title))
        if let description = link.preview.description { propertyTags.append(("og:description", description)) }
        if let image = link.preview.imageURL { propertyTags.append(("og:image", image)) }
        if let linkHost { propertyTags.append(("og:url", "https://\(linkHost)/\(link.code)")) }

        return LandingPage(
            title: title, description: link.preview.description, imageURL: link.preview.imageURL, openURL: link.deepLink,
            appStoreURL: appStoreURL, playStoreURL: playStore, webURL: webURL, nameTags: nameTags, propertyTags: propertyTags)
    }

    private func playStoreURL(package: String, code: String, utm: UTMFields) -> String {
        AndroidIntentURL.playStore(package: package, referrer: utm.queryItems + [URLQueryItem(name: "deeplink_code", value: code)])
    }
}
