import Crypto
import Foundation
import Mustache

/// The public pages' templates, `Templates/Pages` in the server's bundle, read once when the
/// server is first built. `Sendable`.
///
/// `{{name}}` escapes HTML (`& < > " '`, by ``MarkupTemplate``), so values are safe in text and in
/// quoted attributes; only the landing page's scripts, the `al:*` tags, which `DeepLinkAppLinks`
/// writes escaped, and the QR code's SVG, which `DeepLinkQRCode` draws with its title escaped, go
/// in unescaped. Pages work without JavaScript; scripts only add to them. Their look is in
/// ``PageStylesheet``, served as `/assets/pages.css`.
struct PageTemplates: Sendable {
    /// `landing.mustache`, the landing page: the preview, then a phone's buttons, or on a desktop
    /// the QR code to open the link on a phone. A desktop page for a Mac's `User-Agent` also carries
    /// the iPad's buttons, hidden, which ``platformScript`` shows on a touch screen.
    let landing: MustacheTemplate
    /// `appLinksOnly.mustache`, only the `al:*` tags, for `Prefer-Html-Meta-Tags: al`.
    let appLinksOnly: MustacheTemplate
    /// `problem.mustache`, the page for unknown, expired and broken links: what happened in plain
    /// words and the way to the website.
    let problem: MustacheTemplate
    /// `password.mustache`, a password link's page: the password's field and nothing of where the link leads.
    let password: MustacheTemplate
    /// `unlocked.mustache`, after the right password: on to the link by a refresh.
    let unlocked: MustacheTemplate
    /// `journeys.mustache`, what happens on each device when someone taps a short link, for
    /// `GET /{code}?d=1`.
    let journeys: MustacheTemplate
    /// The partials the pages include: `head` (charset, viewport, colours, title, stylesheet, icon
    /// and meta tags), `brand` (the app's icon and name, when the config has them) and
    /// `phoneActions` (a phone's buttons, which the iPhone page and the iPad part of the desktop
    /// page share).
    let partials: MustacheLibrary
    /// `storeButton.js`, the landing page's store-button script, allowed by its SHA-256 in the
    /// page's Content-Security-Policy. It reads no page data but the store buttons' own attributes.
    /// On a tap of a store button it adds the time zone and screen size to the store link for
    /// `data-signals` (probabilistic matching), and for `data-copy` (the iOS pasteboard flow) holds
    /// the navigation until the link is on the pasteboard, or 800 ms have passed, so the copy is not
    /// lost to the page change. Both are opt-in in the config's `deferred` section; without them the
    /// page has no such script. The query it rewrites is form-encoded, which the store hop reads.
    let storeButtonScript: String
    /// `platform.js`, the desktop page's script for a Mac's `User-Agent`, allowed by its SHA-256:
    /// Safari on an iPad sends the same `User-Agent` but has a touch screen, so there it shows the
    /// iPad's buttons instead of the QR code. Macs report no touch points.
    let platformScript: String

    /// Reads and parses the templates of a folder.
    /// - Parameter directory: The folder.
    /// - Throws: ``TemplateLoadingError`` for a file that is missing, unreadable or not valid Mustache.
    init(directory: TemplateDirectory) throws(TemplateLoadingError) {
        landing = try directory.template("landing")
        appLinksOnly = try directory.template("appLinksOnly")
        problem = try directory.template("problem")
        password = try directory.template("password")
        unlocked = try directory.template("unlocked")
        journeys = try directory.template("journeys")
        partials = MustacheLibrary(templates: [
            "head": try directory.template("head"),
            "brand": try directory.template("brand"),
            "phoneActions": try directory.template("phoneActions"),
        ])
        storeButtonScript = try Self.script("storeButton.js", in: directory)
        platformScript = try Self.script("platform.js", in: directory)
    }

    /// The `script-src` sources that allow ``storeButtonScript`` and ``platformScript`` and
    /// nothing else: their digests, of the text the pages carry.
    var scriptSources: String {
        [storeButtonScript, platformScript].map { script in
            "'sha256-\(Data(SHA256.hash(data: Array(script.utf8))).base64EncodedString())'"
        }.joined(separator: " ")
    }

    /// An inline script as the pages carry it: the file's text without the line break that ends it.
    private static func script(_ file: String, in directory: TemplateDirectory) throws(TemplateLoadingError) -> String {
        try directory.text(of: file).trimmingCharacters(in: .newlines)
    }

    /// The templates of the server's bundle, read and parsed on first use, which is building the
    /// server: the page renderer throws the error, so the server does not start without them.
    static let bundled = Result { () throws(TemplateLoadingError) in try PageTemplates(directory: try .bundled("Pages")) }

    /// The bundle's ``scriptSources``, for the pages' Content-Security-Policy; `'none'` when the
    /// templates failed to load, in which case the server was not built.
    static var scriptSources: String { (try? bundled.get())?.scriptSources ?? "'none'" }

    /// The bundle's ``storeButtonScript``; empty when the templates failed to load.
    static var storeButtonScript: String { (try? bundled.get())?.storeButtonScript ?? "" }

    /// The bundle's ``platformScript``; empty when the templates failed to load.
    static var platformScript: String { (try? bundled.get())?.platformScript ?? "" }
}
