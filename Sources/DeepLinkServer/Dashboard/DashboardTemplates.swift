import Mustache

/// The dashboard's templates, `Templates/Dashboard` in the server's bundle, read once when the
/// server is first built; each page's values are a view model of `Views/`. `Sendable`.
///
/// `{{name}}` escapes HTML (by ``MarkupTemplate``), so every value from a link, a key or a form is
/// safe in text and quoted attributes; only the page body (rendered from these templates) and the
/// server-drawn SVG chart go in unescaped. No inline script or style: the look is
/// `/dashboard/assets/dashboard.css` and the one script, which only adds copy buttons, is
/// `/dashboard/assets/dashboard.js`. Every action is a link or a form that works without it.
struct DashboardTemplates: Sendable {
    /// `layout.mustache`, around every page: head, the navigation bar when signed in, the page body.
    let layout: MustacheTemplate
    /// `signIn.mustache`, the sign-in page.
    let signIn: MustacheTemplate
    /// `links.mustache`, the list of links with search, filter, order and pages.
    let links: MustacheTemplate
    /// `linkForm.mustache`, the form that creates or changes a link.
    let linkForm: MustacheTemplate
    /// `link.mustache`, one link: its URL, QR code, settings and numbers.
    let link: MustacheTemplate
    /// `allNumbers.mustache`, the numbers of all links.
    let allNumbers: MustacheTemplate
    /// `tag.mustache`, a tag: how many links have it and their numbers, summed.
    let tag: MustacheTemplate
    /// `webhooks.mustache`, webhook endpoints: the new one's secret once, the list, create, delete, turn on.
    let webhooks: MustacheTemplate
    /// `webhookDeliveries.mustache`, one endpoint's delivery log.
    let webhookDeliveries: MustacheTemplate
    /// `confirmDelete.mustache`, which asks before deleting a link.
    let confirmDelete: MustacheTemplate
    /// `keys.mustache`, admin API keys: the new one's token once, the list, create and revoke.
    let keys: MustacheTemplate
    /// `confirmRevoke.mustache`, which asks before revoking a key.
    let confirmRevoke: MustacheTemplate
    /// `health.mustache`, the config in use and the association files as served.
    let health: MustacheTemplate
    /// `problem.mustache`, a problem inside the dashboard: not found, refused, unavailable.
    let problem: MustacheTemplate
    /// The partials the pages include: `numbers` (range, totals, chart, breakdowns and the install
    /// funnel of one link or all), on a link's page and the numbers page.
    let partials: MustacheLibrary

    /// Reads and parses the templates of a folder.
    /// - Parameter directory: The folder.
    /// - Throws: ``TemplateLoadingError`` for a file that is missing, unreadable or not valid Mustache.
    init(directory: TemplateDirectory) throws(TemplateLoadingError) {
        layout = try directory.template("layout")
        signIn = try directory.template("signIn")
        links = try directory.template("links")
        linkForm = try directory.template("linkForm")
        link = try directory.template("link")
        allNumbers = try directory.template("allNumbers")
        tag = try directory.template("tag")
        webhooks = try directory.template("webhooks")
        webhookDeliveries = try directory.template("webhookDeliveries")
        confirmDelete = try directory.template("confirmDelete")
        keys = try directory.template("keys")
        confirmRevoke = try directory.template("confirmRevoke")
        health = try directory.template("health")
        problem = try directory.template("problem")
        partials = MustacheLibrary(templates: ["numbers": try directory.template("numbers")])
    }

    /// The templates of the server's bundle, read and parsed on first use, which is building the
    /// server: the dashboard's renderer throws the error, so the server does not start without them.
    static let bundled = Result { () throws(TemplateLoadingError) in try DashboardTemplates(directory: try .bundled("Dashboard")) }
}
