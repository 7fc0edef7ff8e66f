import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

struct VisitorTests {
    static let macSafari = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15"
    static let windowsChrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36"
    static let androidInAppBrowser =
        "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A.240205.004; wv) AppleWebKit/537.36 Version/4.0 Chrome/126.0 Mobile Safari/537.36 Instagram 339.0"

    @Test(arguments: [
        (ServerHarness.iPhone, ClientPlatform.ios, false, false),
        ("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148", .ios, false, false),
        (macSafari, .desktop, true, false),
        (ServerHarness.desktop, .desktop, true, false),
        (windowsChrome, .desktop, false, false),
        (ServerHarness.android, .android, false, false),
        (androidInAppBrowser, .android, false, true),
        ("facebookexternalhit/1.1 (Macintosh)", .crawler, false, false),
        ("", .desktop, false, false),
    ])
    func tellsThePlatformAndTheBrowsersWhosePageDiffers(userAgent: String, platform: ClientPlatform, mayBeIPad: Bool, isWebView: Bool) {
        let visitor = Visitor(userAgent: userAgent)
        #expect(visitor.platform == platform)
        #expect(visitor.platform == ClientPlatform(userAgent: userAgent))
        #expect(visitor.mayBeIPad == mayBeIPad)
        #expect(visitor.isAndroidWebView == isWebView)
    }

    @Test(arguments: [
        ("curl/8.5.0", true), ("Wget/1.21.4", true), ("python-requests/2.32.3", true), ("Go-http-client/2.0", true),
        ("Python-urllib/3.12", true), ("okhttp/4.12.0", true), ("PostmanRuntime/7.39.0", true), ("HTTPie/3.2.2", true),
        (macSafari, false), (windowsChrome, false), ("curlew browser", false), ("Mozilla/5.0 curl/8.5.0", false),
        // A phone is a phone, whatever library its app fetches with.
        ("okhttp/4.12.0 (Linux; Android 14)", false),
    ])
    func commandLineClientsAreToldApartAndCountWithPreviews(userAgent: String, isClient: Bool) {
        let visitor = Visitor(userAgent: userAgent)
        #expect(visitor.isCommandLineClient == isClient, "\(userAgent)")
        #expect(visitor.countedPlatform == (isClient ? .crawler : visitor.platform))
    }
}
