import DeepLinkCore
import DeepLinkTesting
import Testing

@testable import DeepLinkService

struct DeferredLinkSettingsTests {
    func config(_ deferred: String) throws -> DeepLinkConfig {
        try DeepLinkConfig.parse(#"{"routes": {"cart": {"class": "Cart"}}, "deferred": \#(deferred)}"#, file: "app.json")
    }

    @Test func defaultsKeepEverythingOptInOff() throws {
        let settings = try DeferredLinkSettings.load(from: try config("{}"))
        #expect(settings == DeferredLinkSettings())
        #expect(!settings.pasteboard)
        #expect(!settings.probabilistic)
        #expect(settings.probabilisticWindow == .seconds(7200))
        #expect(settings.tokenLifetime == .seconds(86_400))
    }

    @Test func theExampleConfigReadsWithoutWarnings() throws {
        let report = DeepLinkConfig.diagnose(contentsOf: Fixtures.shopConfig)
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        let config = try DeepLinkConfig.load(contentsOf: Fixtures.shopConfig)
        #expect(try DeferredLinkSettings.load(from: config) == DeferredLinkSettings())
    }

    @Test func readsEveryField() throws {
        let settings = try DeferredLinkSettings.load(
            from: try config(#"{"pasteboard": true, "tokenLifetimeHours": 48, "probabilistic": {"enabled": true, "windowMinutes": 30}}"#))
        #expect(settings == DeferredLinkSettings(pasteboard: true, tokenLifetime: .seconds(48 * 3600), probabilistic: true, probabilisticWindow: .seconds(1800)))
    }

    @Test(arguments: [
        (#"{"pasteboard": "yes"}"#, "deferred.pasteboard"),
        (#"{"tokenLifetimeHours": 1.5}"#, "deferred.tokenLifetimeHours"),
        (#"{"tokenLifetimeHours": 0}"#, "deferred.tokenLifetimeHours"),
        (#"{"probabilistic": {"enabled": true, "windowMinutes": 5000}}"#, "deferred.probabilistic.windowMinutes"),
        (#"{"probablistic": {"enabled": true}}"#, "deferred.probablistic"),
        (#"{"tokenLifetimeHours": 1, "probabilistic": {"windowMinutes": 120}}"#, "deferred"),
    ])
    func namesTheFileAndPathOfABadValue(section: String, path: String) throws {
        let error = try #require(throws: ConfigError.self) { try DeferredLinkSettings.load(from: try config(section)) }
        #expect(error.path.description == path)
        #expect(error.file == "app.json")
        #expect(error.location != nil)
        #expect(error.description.hasPrefix("app.json:1:"))
    }

    @Test func aTypoSuggestsTheKnownKey() throws {
        let error = try #require(throws: ConfigError.self) {
            try DeferredLinkSettings.load(from: try config(#"{"probablistic": {"enabled": true}}"#))
        }
        #expect(error.message.contains("did you mean \"probabilistic\""))
    }
}
