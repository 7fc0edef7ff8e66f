import DeepLinkService

/// The values of `layout.mustache`, around every page: its title and body, who is signed in, and
/// the navigation entry it belongs to.
struct DashboardLayoutView {
    /// The page's title.
    let title: String
    /// The page's body, rendered from its own template.
    let body: String
    /// Who is signed in, shown with the navigation bar and the sign-out form; `nil` hides both.
    let signedIn: String?
    /// The session's form token, which the sign-out form carries.
    let formToken: String?
    /// Whether the page belongs to the links.
    let navLinks: Bool
    /// Whether the page belongs to the numbers.
    let navNumbers: Bool
    /// Whether the page belongs to the keys.
    let navKeys: Bool
    /// Whether the page belongs to the webhooks.
    let navWebhooks: Bool
    /// Whether the page belongs to the health page.
    let navHealth: Bool
    /// A message shown at the top.
    let notice: String?
    /// The app's name from the config's `pages`, shown in the bar and the title.
    let appName: String?
    /// The config's theme colour, for the browser's toolbar.
    let themeColor: String
    /// The session's role, as the body's class: `role-viewer` hides the controls that change
    /// links, which the routes refuse to a viewer anyway.
    let roleClass: String
    /// The session's role, shown beside who is signed in.
    let role: String

    /// The layout of a page.
    /// - Parameters:
    ///   - title: The page's title.
    ///   - body: The page's body.
    ///   - session: The signed-in session, for the navigation bar and the sign-out form.
    ///   - section: The navigation entry to mark current.
    ///   - notice: A message shown at the top.
    ///   - brand: The config's `pages` section: the app's name and theme colour.
    init(
        title: String, body: String, session: DashboardSession?, section: DashboardRenderer.Section?, notice: String?,
        brand: PageSettings = PageSettings()
    ) {
        appName = brand.appName
        themeColor = brand.themeColor
        self.title = title
        self.body = body
        signedIn = session?.signedInAs
        formToken = session?.formToken
        navLinks = section == .links
        navNumbers = section == .numbers
        navKeys = section == .keys
        navWebhooks = section == .webhooks
        navHealth = section == .health
        self.notice = notice
        roleClass = "role-\(session?.role.rawValue ?? "none")"
        role = session?.role.rawValue ?? ""
    }
}
