import DeepLinkCore

/// What happens when someone taps a link on one kind of device: each step, who takes it, and
/// what decided it, from the system's association check to the app's screen, or through the
/// store and the install to the first launch's claim. `deeplink simulate`, the dashboard's "What
/// happens on each device" and `GET /{code}?d=1` show it. A `Sendable` value.
package struct DeviceJourney: Sendable, Hashable {
    /// A kind of device, with the `User-Agent` its browser sends.
    package enum Device: String, Sendable, Hashable, CaseIterable {
        case iphone, ipad, android, desktop, crawler

        /// How the device is named in the steps.
        package var name: String {
            switch self {
            case .iphone: "iPhone"
            case .ipad: "iPad"
            case .android: "Android"
            case .desktop: "Desktop"
            case .crawler: "Link preview"
            }
        }

        /// The `User-Agent` its browser (or the preview crawler) sends, which the server reads as the real one.
        var userAgent: String {
            switch self {
            case .iphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1"
            case .ipad: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15"
            case .android: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"
            case .desktop: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
            case .crawler: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"
            }
        }

        /// Whether an app can be installed on it.
        package var isPhone: Bool { self == .iphone || self == .ipad || self == .android }
    }

    /// One step: who took it, what happened, and what decided it.
    package struct Step: Sendable, Hashable {
        /// Who: `iOS`, `Android`, `Browser`, `Chrome`, `Crawler`, `Server`, `App`, `Router` (DeepLinkCore in the iOS app), `App's router` (the Android app's own), `Store`.
        package let actor: String
        /// What happened, in words.
        package let text: String
        /// What decided it: a rule of an association file, a header, a setting; `nil` when nothing needs naming.
        package let decidedBy: String?

        init(_ actor: String, _ text: String, decidedBy: String? = nil) {
            self.actor = actor
            self.text = text
            self.decidedBy = decidedBy
        }
    }

    /// How the journey ends.
    package enum Ending: String, Sendable, Hashable {
        /// The app opened at the link's screen.
        case appOpened = "app-opened"
        /// The app opened after the install, at the link's screen (deferred deep linking).
        case installedAndOpened = "installed-and-opened"
        /// The app opened after the install, without the link.
        case installedWithoutLink = "installed-without-link"
        /// A web page: the web fallback, the landing page, or a problem page.
        case webPage = "web-page"
    }

    /// A button of the landing page, as the page shows it to the device.
    package enum PageButton: String, Sendable, Hashable, CaseIterable {
        case openInApp = "Open in app"
        case appStore = "App Store"
        case iosFallback = "the iPhone page"
        case googlePlay = "Google Play"
        case androidFallback = "the Android page"
        case web = "Continue in the browser"
    }

    /// What the server answers the device's browser in the journey, so that a test can ask the
    /// running server the same and compare (`GET /{code}` with the device's `User-Agent`).
    package enum ServerAnswer: Sendable, Hashable {
        /// A `302` to this location.
        case redirect(String)
        /// The landing page with these buttons (a phone's; none for a desktop or a crawler) and each one's address.
        case landingPage([PageButton: String])
        /// A page with this status: `404`, `410`, `503`.
        case status(Int)
    }

    /// The device.
    let device: Device
    /// Whether the app is installed.
    let appInstalled: Bool
    /// Whether the tap comes from an in-app browser (a social or mail app's web view).
    let inAppBrowser: Bool
    /// The URL tapped.
    let url: String
    /// The steps, in order.
    package let steps: [Step]
    /// How it ends.
    package let ending: Ending
    /// What the server answered the browser, or `nil` when the app opened without a page.
    package let serverAnswer: ServerAnswer?

    /// The journey as JSON: `{"device", "app", "inAppBrowser", "url", "ending", "steps": [{"actor", "text", "decidedBy"}]}`.
    package var jsonValue: JSONValue {
        [
            "device": .string(device.rawValue), "app": device.isPhone ? .string(appInstalled ? "installed" : "missing") : .null, "inAppBrowser": .bool(inAppBrowser),
            "url": .string(url), "ending": .string(ending.rawValue),
            "steps": .array(
                steps.map { step in
                    ["actor": .string(step.actor), "text": .string(step.text), "decidedBy": step.decidedBy.map(JSONValue.string) ?? .null]
                }),
        ]
    }

    /// The device and the app's state: `iPhone, app installed`.
    package var heading: String {
        let app = device.isPhone ? ", app \(appInstalled ? "installed" : "missing")" : ""
        return "\(device.name)\(app)\(inAppBrowser ? ", in an in-app browser" : "")"
    }

    /// The journey as lines: a heading, then `1. iOS: … [what decided it]`.
    package var text: String {
        let heading = "\(heading): \(url)"
        let lines = steps.enumerated().map { index, step in
            "  \(index + 1). \(step.actor): \(step.text)" + (step.decidedBy.map { " [\($0)]" } ?? "")
        }
        return ([heading] + lines).joined(separator: "\n")
    }
}
