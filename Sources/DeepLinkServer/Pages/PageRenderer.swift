import DeepLinkAppLinks
import Mustache

/// What a landing page shows: the preview, the buttons and the meta tags. A `Sendable` value.
struct LandingPage: Sendable {
    var title: String
    var description: String?
    var imageURL: String?
    var openURL: String
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

/// Renders the public pages from ``PageTemplates``. `Sendable`.
struct PageRenderer: Sendable {
    private let landing: MustacheTemplate
    private let appLinksOnly: MustacheTemplate
    private let problem: MustacheTemplate
    /// The partials the pages share.
    private let partials: MustacheLibrary

    /// Parses the templates.
    /// - Throws: A Mustache parse error, which would be a bug in ``PageTemplates``.
    init() throws {
        partials = MustacheLibrary(templates: ["head": try MustacheTemplate(string: PageTemplates.head)])
        landing = try MustacheTemplate(string: PageTemplates.landing)
        appLinksOnly = try MustacheTemplate(string: PageTemplates.appLinksOnly)
        problem = try MustacheTemplate(string: PageTemplates.problem)
    }

    /// The landing page.
    func render(_ page: LandingPage) -> String {
        var context: [String: Any] = [
            "title": page.title,
            "nameTags": page.nameTags.map { ["name": $0.name, "content": $0.content] },
            "appLinkTags": page.appLinks.metaTagsHTML,
            "openGraphTags": page.openGraphTags.map { ["property": $0.property, "content": $0.content] },
        ]
        context["description"] = page.description
        context["imageURL"] = page.imageURL
        context["openURL"] = page.openURL
        context["appStoreURL"] = page.appStoreURL
        context["playStoreURL"] = page.playStoreURL
        context["iosFallbackURL"] = page.iosFallbackURL
        context["androidFallbackURL"] = page.androidFallbackURL
        context["webURL"] = page.webURL
        context["collectsSignals"] = page.collectsSignals
        context["copyText"] = page.copyText
        context["script"] = page.collectsSignals || page.copyText != nil ? PageTemplates.storeButtonScript : nil
        return landing.render(context, library: partials)
    }

    /// A page with only the `al:*` tags of a landing page.
    func renderAppLinksOnly(_ page: LandingPage) -> String {
        appLinksOnly.render(["appLinkTags": page.appLinks.metaTagsHTML])
    }

    /// The page for an unknown or expired link.
    /// - Parameters:
    ///   - title: The heading.
    ///   - message: What happened and what to do.
    ///   - homeHost: The site to offer instead.
    func renderProblem(title: String, message: String, homeHost: String?) -> String {
        var context: [String: Any] = ["title": title, "message": message]
        context["homeHost"] = homeHost
        context["homeURL"] = homeHost.map { "https://\($0)/" }
        return problem.render(context, library: partials)
    }

}
