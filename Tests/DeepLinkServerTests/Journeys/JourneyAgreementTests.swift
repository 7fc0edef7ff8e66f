import DeepLinkCore
import DeepLinkService
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import DeepLinkServer

/// `deeplink simulate` and the server agree: every journey of every fixture link says what the
/// running server answers the device's browser (a redirect and where to, a page and its buttons,
/// a status), and the server, asked the same with the device's `User-Agent`, answers exactly that.
struct JourneyAgreementTests {
    /// Links of every shape whose answer differs: with and without a web page, a store, a
    /// platform page of their own, expired with and without an expiredURL.
    static let links = [
        #"{"code": "full", "deepLink": "shop://sales/42", "fallbacks": {"webURL": "https://shop.example.com/sales/42", "appStoreID": "123456789", "playPackage": "com.example.shop"}}"#,
        #"{"code": "noweb", "deepLink": "shop://sales/42", "fallbacks": {"appStoreID": "123456789", "playPackage": "com.example.shop"}}"#,
        #"{"code": "pages", "deepLink": "shop://sales/42", "fallbacks": {"iosURL": "https://shop.example.com/ios", "androidURL": "https://shop.example.com/android", "playPackage": "com.example.shop"}}"#,
        #"{"code": "webonly", "deepLink": "shop://sales/42", "fallbacks": {"webURL": "https://shop.example.com/sales/42"}, "utm": {"source": "mail", "campaign": "spring"}}"#,
        #"{"code": "bare", "deepLink": "shop://cart"}"#,
        #"{"code": "ended", "deepLink": "shop://cart", "expiresAt": "2020-01-01T00:00:00Z", "expiredURL": "https://shop.example.com/over"}"#,
        #"{"code": "gone", "deepLink": "shop://cart", "expiresAt": "2020-01-01T00:00:00Z"}"#,
    ]

    /// The labels of each button on an English page.
    static let labels: [DeviceJourney.PageButton: String] = [
        .openInApp: "Open in app", .appStore: "Download on the App Store", .iosFallback: "Get the iPhone app",
        .googlePlay: "Get it on Google Play", .androidFallback: "Get the Android app", .web: "Continue in the browser",
    ]

    static func configurations() throws -> [ServerConfiguration] {
        [try ServerHarness.configuration(), try ServerHarness.configuration(deferred: #"{"pasteboard": true}"#)]
    }

    @Test(arguments: [false, true])
    func everyJourneyOfEveryFixtureLinkSaysWhatTheServerAnswers(pasteboard: Bool) async throws {
        let configuration = try Self.configurations()[pasteboard ? 1 : 0]
        let journeys = try DeviceJourneys(configuration: configuration)
        try await ServerHarness.run(.sqlite, configuration: configuration) { server in
            for body in Self.links {
                let response = try await server.api(.post, "/api/v1/links", json: body)
                // Links that expired already cannot be created through the API: store them directly.
                if response.status != .created {
                    let link = try LinkEditor(setup: DeepLinkSetup(configuration: configuration)).create(
                        from: try JSONValue(parsing: body), now: Date(), allowsPastExpiry: true)
                    try await server.store.insert(link)
                }
            }
            var compared = 0
            for code in Self.links.compactMap({ try? JSONValue(parsing: $0).objectValue?["code"]?.stringValue }) + ["missing"] {
                let state: DeviceJourneys.LinkState = switch try await server.store.link(code: code) {
                case let link? where link.isExpired(at: Date()): .expired(link)
                case let link?: .live(link)
                case nil: .missing
                }
                let url = "https://shop.example.com/\(code)?utm_source=poster"
                for device in DeviceJourney.Device.allCases {
                    for (installed, inAppBrowser) in device.isPhone ? [(true, false), (false, false), (true, true)] : [(false, false)] {
                        let journey = journeys.journey(url: url, device: device, appInstalled: installed, inAppBrowser: inAppBrowser, link: state)
                        guard let expected = journey.serverAnswer else { continue }
                        var agent = device.userAgent
                        if inAppBrowser, device == .android { agent = agent.replacingOccurrences(of: "Pixel 8", with: "Pixel 8; wv") }
                        let answer = try await server.open("/\(code)?utm_source=poster", userAgent: agent)
                        Self.expect(answer, matches: expected, journey: journey)
                        compared += 1
                    }
                }
            }
            #expect(compared >= 60, "every journey that reaches the server was compared: \(compared)")
        }
    }

    static func expect(_ answer: TestResponse, matches expected: DeviceJourney.ServerAnswer, journey: DeviceJourney) {
        let context = Comment(rawValue: "\(journey.text)\nserver: \(answer.status) \(answer.headers[.location] ?? "")")
        switch expected {
        case .redirect(let location):
            #expect(answer.status.code == 302, context)
            #expect(answer.headers[.location] == location, context)
        case .status(let code):
            #expect(answer.status.code == code, context)
        case .landingPage(let buttons):
            #expect(answer.status == .ok, context)
            let html = answer.text
            for button in DeviceJourney.PageButton.allCases {
                let label = labels[button] ?? ""
                if let href = buttons[button] {
                    #expect(html.contains(#"href="\#(escaped(href))"#), "\(button.rawValue) at \(href) — \(context.rawValue)")
                    #expect(html.contains(label), "\(label) — \(context.rawValue)")
                } else {
                    #expect(!html.contains(label), "the page shows \(label) the journey does not promise — \(context.rawValue)")
                }
            }
        }
    }

    /// A URL as Mustache writes it in an attribute.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    @Test func aDesktopRedirectToTheWebPageCarriesTheCampaignUnlessThePageSetsIt() async throws {
        try await ServerHarness.run(.sqlite) { server in
            _ = try await server.createLink(
                #"{"code": "camp", "deepLink": "shop://sales/42", "fallbacks": {"webURL": "https://shop.example.com/sales/42?utm_source=site#top"}, "utm": {"source": "mail", "medium": "email", "campaign": "spring"}}"#)
            let answer = try await server.open("/camp?utm_campaign=poster&utm_term=shoes", userAgent: ServerHarness.desktop)
            #expect(answer.status.code == 302)
            // The page's own utm_source stays; the link's medium, the tap's campaign and term are added.
            #expect(answer.headers[.location] == "https://shop.example.com/sales/42?utm_source=site&utm_medium=email&utm_campaign=poster&utm_term=shoes#top")
        }
        var configuration = try ServerHarness.configuration()
        configuration.webFallbackUTM = false
        try await ServerHarness.run(.sqlite, configuration: configuration) { server in
            _ = try await server.createLink(
                #"{"code": "camp", "deepLink": "shop://sales/42", "fallbacks": {"webURL": "https://shop.example.com/sales/42"}, "utm": {"source": "mail"}}"#)
            let answer = try await server.open("/camp", userAgent: ServerHarness.desktop)
            #expect(answer.headers[.location] == "https://shop.example.com/sales/42")
        }
    }

    @Test func aCampaignWithAPlusIsCarriedEncoded() {
        let utm = UTMFields(source: "a+b c")
        #expect(utm.carried(into: "https://shop.example.com/p") == "https://shop.example.com/p?utm_source=a%2Bb%20c")
        #expect(UTMFields().carried(into: "https://shop.example.com/p") == "https://shop.example.com/p")
    }
}
