import DeepLinkService
import DeepLinkAppLinks

/// What a landing page can show: the preview, every button and the meta tags. Which buttons a
/// visitor sees is the ``LandingPageKind``'s choice. A `Sendable` value.
struct LandingPage: Sendable {
    var title: String
    var description: String?
    var imageURL: String?
    /// The link's own https URL, which the desktop page's QR code encodes; `nil` without a link host.
    var pageURL: String?
    /// The deep link, which "Open in app" opens.
    var openURL: String
    /// The `intent://` URL Android's "Open in app" opens instead: the app, or the store without it.
    var intentURL: String?
    var appStoreURL: String?
    var playStoreURL: String?
    /// Where iOS users without the app go instead of the App Store.
    var iosFallbackURL: String?
    /// Where Android users without the app go instead of the Play Store.
    var androidFallbackURL: String?
    var webURL: String?
    /// Whether the store buttons add the time zone and screen to their link.
    var collectsSignals = false
    /// The link the App Store button copies to the pasteboard, with a click token.
    var copyText: String? = nil
    /// `<meta name=…>` tags: the Smart App Banner and Twitter's card.
    var nameTags: [(name: String, content: String)]
    /// The App Links the page declares, as `al:*` tags.
    var appLinks: AppLinkMetadata
    /// `<meta property=…>` tags of Open Graph.
    var openGraphTags: [(property: String, content: String)]
}
