import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

struct DeviceSignalsTests {
    @Test func readsTheBrowsersPlatformVersionAndLanguage() throws {
        let iPhone = try #require(
            DeviceSignals(
                userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1",
                acceptLanguage: "fr-CA,fr;q=0.9,en;q=0.8", timeZone: "America/Toronto", screen: "2556x1179"))
        #expect(iPhone == DeviceSignals(platform: .ios, osVersion: "18.1", language: "fr", timeZone: "America/Toronto", screen: "1179x2556"))
        // The platform the request already read gives the same signals.
        #expect(
            DeviceSignals(
                userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1",
                platform: .ios, acceptLanguage: "fr-CA,fr;q=0.9,en;q=0.8", timeZone: "America/Toronto", screen: "2556x1179") == iPhone)
        let android = try #require(
            DeviceSignals(
                userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36",
                acceptLanguage: nil, timeZone: nil, screen: nil))
        #expect(android.platform == .android)
        #expect(android.osVersion == "14.0")
        #expect(android.language == nil)
    }

    @Test func hasNoSignalsForDesktopsAndCrawlers() {
        #expect(DeviceSignals(userAgent: ServerHarness.desktop, acceptLanguage: "en", timeZone: nil, screen: nil) == nil)
        #expect(DeviceSignals(userAgent: ServerHarness.crawler, acceptLanguage: "en", timeZone: nil, screen: nil) == nil)
    }

    @Test(arguments: [
        ("screen", "wide"), ("screen", "0x100"), ("timeZone", "Europe/Paris<script>"), ("language", "e"), ("osVersion", "latest"),
    ])
    func dropsValuesThatCannotBeRead(field: String, value: String) {
        let signals = DeviceSignals(
            platform: .ios, osVersion: field == "osVersion" ? value : nil, language: field == "language" ? value : nil,
            timeZone: field == "timeZone" ? value : nil, screen: field == "screen" ? value : nil)
        #expect(signals == DeviceSignals(platform: .ios))
    }

    @Test func matchesOnlyWhenEverySignalIsKnownAndAgrees() {
        let click = DeviceSignals(platform: .ios, osVersion: "18.1", language: "en", timeZone: "Europe/Paris", screen: "1179x2556")
        #expect(click.matches(DeviceSignals(platform: .ios, osVersion: "18.1.0", language: "en-GB", timeZone: "Europe/Paris", screen: "2556x1179")))
        #expect(!click.matches(DeviceSignals(platform: .ios, osVersion: "18.1")))
        #expect(!click.matches(DeviceSignals(platform: .ios, osVersion: "18.1", language: "en", timeZone: "Europe/Paris")))
        #expect(!click.matches(DeviceSignals(platform: .android, osVersion: "18.1", language: "en", timeZone: "Europe/Paris", screen: "1179x2556")))
        #expect(!click.matches(DeviceSignals(platform: .ios, osVersion: "18.2", language: "en", timeZone: "Europe/Paris", screen: "1179x2556")))
        #expect(!click.matches(DeviceSignals(platform: .ios, osVersion: "18.1", language: "en", timeZone: "Europe/Berlin", screen: "1179x2556")))
        let partial = DeviceSignals(platform: .ios, osVersion: "18.1", language: "en")
        #expect(!partial.matches(partial))
    }

    @Test func survivesStorage() {
        let signals = DeviceSignals(platform: .android, osVersion: "14", language: "de-DE", timeZone: "Europe/Berlin", screen: "1080x2400")
        #expect(DeviceSignals(stored: signals.stored) == signals)
        #expect(DeviceSignals(stored: "{}") == nil)
    }

    /// What the scan reads, case by case, as the regular expressions `OS ([0-9]+(?:_[0-9]+)*) like
    /// Mac OS X` and `Android ([0-9]+(?:\.[0-9]+)*)` it replaced did.
    @Test(arguments: [
        ("Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15", "OS ", "_", " like Mac OS X", "17_4"),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)", "OS ", "_", " like Mac OS X", "18_0"),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_ like Mac OS X)", "OS ", "_", " like Mac OS X", nil),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS like Mac OS X)", "OS ", "_", " like Mac OS X", nil),
        ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)", "OS ", "_", " like Mac OS X", nil),
        ("Mozilla/5.0 (Linux; Android 14; Pixel 8)", "Android ", ".", "", "14"),
        ("Mozilla/5.0 (Linux; Android 13.0.1; SM-S911B)", "Android ", ".", "", "13.0.1"),
        ("Mozilla/5.0 (Linux; Android 10.; K)", "Android ", ".", "", "10"),
        ("Mozilla/5.0 (Linux; Android; K) Android 9 later", "Android ", ".", "", "9"),
        ("Mozilla/5.0 (Linux; U; Android)", "Android ", ".", "", nil),
    ] as [(String, String, String, String, String?)])
    func readsTheVersionAsTheRegularExpressionsDid(userAgent: String, marker: String, separator: String, suffix: String, version: String?) {
        #expect(DeviceSignals.version(in: userAgent, after: marker, separator: separator.utf8.first!, before: suffix) == version)
    }
}
