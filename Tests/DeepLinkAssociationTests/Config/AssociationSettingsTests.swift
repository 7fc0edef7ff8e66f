import DeepLinkCore
import Testing

@testable import DeepLinkAssociation

struct AssociationSettingsTests {
    @Test func theShopFixtureReadsEveryKey() throws {
        let settings = try AssociationFixtures.shopSettings()
        #expect(settings.iosApps.map(\.appID) == ["ABCDE12345.com.example.shop"])
        #expect(settings.iosApps.first?.appClipID == "ABCDE12345.com.example.shop.Clip")
        #expect(settings.iosApps.first?.teamID == "ABCDE12345")
        #expect(settings.iosApps.first?.bundleID == "com.example.shop")
        #expect(settings.androidApps.map(\.package) == ["com.example.shop"])
        #expect(settings.schemes == ["shop"])
        let host = try #require(settings.hosts.first)
        #expect(host.host == "shop.example.com")
        #expect(host.universalLinkRoutes.map(\.pattern.description) == ["sales/:saleId", "addToCart/:productId", "search"])
        #expect(host.exclusions == ["/addToCart/gift-cards/*"])
        #expect(host.webCredentials)
        #expect(host.appClips)
    }

    @Test func readsTheAppStoreIDOfAnIOSApp() throws {
        let config = try AssociationFixtures.config(
            apps: #"{"ios": [{"appID": "ABCDE12345.com.example.shop", "appStoreID": "123456789"}], "hosts": {}}"#)
        #expect(try AssociationSettings.load(from: config).iosApps.first?.appStoreID == "123456789")
        #expect(try AssociationFixtures.shopSettings().iosApps.first?.appStoreID == nil)
    }

    @Test(arguments: ["", "12a", "id123456789", "1234567890123"])
    func refusesAnAppStoreIDThatIsNotOneToTwelveDigits(appStoreID: String) {
        #expect(throws: AssociationError.self) { try IOSApp(appID: "ABCDE12345.com.example.shop", appStoreID: appStoreID) }
    }

    @Test func universalLinksDefaultToEveryRoute() throws {
        let config = try AssociationFixtures.config(
            apps: "{\"ios\": [{\"appID\": \"ABCDE12345.com.example.shop\"}], \"hosts\": {\"shop.example.com\": {}}}")
        let settings = try AssociationSettings.load(from: config)
        #expect(settings.hosts.first?.universalLinkRoutes.count == 2)
    }

    @Test func aConfigWithoutAppsHasNoFindingsButCannotBeLoaded() throws {
        let config = try DeepLinkConfig.parse("{\"routes\": {\"a\": {\"class\": \"A\"}}}")
        #expect(AssociationSettings.diagnose(config).diagnostics.isEmpty)
        #expect(throws: ConfigError.self) { try AssociationSettings.load(from: config) }
    }

    /// One broken `apps` section per row: the code and JSON path of the error.
    @Test(arguments: [
        ("{\"ios\": [{\"appID\": \"abcde12345.com.example.shop\"}], \"hosts\": {}}", "invalid-value", "apps.ios[0].appID"),
        ("{\"ios\": [{\"appID\": \"ABCDE1234.com.example.shop\"}], \"hosts\": {}}", "invalid-value", "apps.ios[0].appID"),
        ("{\"ios\": [{\"appID\": \"ABCDE12345.com..shop\"}], \"hosts\": {}}", "invalid-value", "apps.ios[0].appID"),
        ("{\"ios\": [{\"appID\": \"ABCDE12345.com.example.shop\", \"appClipID\": \"ABCDE12345.com.other.Clip\"}], \"hosts\": {}}",
         "invalid-value", "apps.ios[0].appClipID"),
        ("{\"android\": [{\"package\": \"com.example.shop\", \"sha256CertFingerprints\": [\"14:6d:e9\"]}], \"hosts\": {}}",
         "invalid-value", "apps.android[0].sha256CertFingerprints[0]"),
        ("{\"android\": [{\"package\": \"shop\", \"sha256CertFingerprints\": []}], \"hosts\": {}}", "invalid-value",
         "apps.android[0].package"),
        ("{\"android\": [{\"package\": \"com.example.shop\", \"sha256CertFingerprints\": []}], \"hosts\": {}}", "missing-value",
         "apps.android[0].sha256CertFingerprints"),
        ("{\"hosts\": {}}", "missing-value", "apps"),
        ("{\"ios\": [{\"appID\": \"ABCDE12345.com.example.shop\"}]}", "missing-value", "apps"),
        ("{\"ios\": [{\"appID\": \"ABCDE12345.com.example.shop\"}], \"hosts\": {\"other.example.com\": {}}}", "invalid-value",
         "apps.hosts[\"other.example.com\"]"),
        ("{\"ios\": [{\"appID\": \"ABCDE12345.com.example.shop\"}], \"hosts\": {\"shop.example.com\": {\"universalLinks\": [\"sale/:id\"]}}}",
         "invalid-value", "apps.hosts[\"shop.example.com\"].universalLinks[0]"),
        ("{\"ios\": [{\"appID\": \"ABCDE12345.com.example.shop\"}], \"hosts\": {\"shop.example.com\": {\"exclude\": [\"account\"]}}}",
         "invalid-value", "apps.hosts[\"shop.example.com\"].exclude[0]"),
        ("{\"ios\": [{\"appID\": \"ABCDE12345.com.example.shop\"}], \"hosts\": {\"shop.example.com\": {\"exclude\": [\"/$(food)\"]}}}",
         "invalid-value", "apps.hosts[\"shop.example.com\"].exclude[0]"),
        ("{\"ios\": [{\"appID\": \"ABCDE12345.com.example.shop\"}], \"hosts\": {\"shop.example.com\": {\"appclips\": true}}}",
         "invalid-value", "apps.hosts[\"shop.example.com\"].appclips"),
        ("{\"ios\": [{\"appID\": \"ABCDE12345.com.example.shop\"}], \"hosts\": {\"shop.example.com\": {\"defaults\": {\"caseSensitive\": 1}}}}",
         "wrong-type", "apps.hosts[\"shop.example.com\"].defaults.caseSensitive"),
        ("{\"ios\": [{\"appID\": \"ABCDE12345.com.example.shop\"}, {\"appID\": \"ABCDE12345.com.example.shop\"}], \"hosts\": {}}",
         "invalid-value", "apps.ios[1].appID"),
        (#"{"ios": [{"appID": "ABCDE12345.com.example.shop", "appStoreID": "id123456789"}], "hosts": {}}"#, "invalid-value",
         "apps.ios[0].appStoreID"),
        (#"{"ios": [{"appID": "ABCDE12345.com.example.shop", "appStoreID": 123456789}], "hosts": {}}"#, "wrong-type",
         "apps.ios[0].appStoreID"),
    ] as [(String, String, String)])
    func brokenAppsSectionsNameCodeAndPath(apps: String, code: String, path: String) throws {
        let report = AssociationSettings.diagnose(try AssociationFixtures.config(apps: apps))
        let error = report.errors.first { $0.path.description == path }
        #expect(error?.code.name == code, "\(report.errors)")
        #expect(error?.file == "Test.json")
        #expect(error?.location != nil)
        #expect(report.settings == nil)
    }

    @Test func aBadAppIDIsTheOnlyErrorNotAlsoTheAppClipItTookWithIt() throws {
        let config = try AssociationFixtures.config(
            apps: """
                {"ios": [{"appID": "abcde12345.com.example.shop", "appClipID": "abcde12345.com.example.shop.Clip"}],
                 "hosts": {"shop.example.com": {"appclips": true}}}
                """)
        let report = AssociationSettings.diagnose(config)
        #expect(report.errors.map(\.path.description) == ["apps.ios[0].appID"], "\(report.errors)")
    }

    @Test func unknownKeysAndShadowedVariablesAreWarnings() throws {
        let config = try AssociationFixtures.config(
            apps: """
                {"ios": [{"appID": "ABCDE12345.com.example.shop", "appClipId": "x"}],
                 "hosts": {"shop.example.com": {"substitutionVariables": {"digit": ["1"]}}}}
                """)
        let report = AssociationSettings.diagnose(config)
        #expect(report.errors.isEmpty)
        #expect(report.warnings.map(\.code) == ["unknown-key", "shadowed-variable"])
        #expect(report.warnings.first?.message.contains("did you mean \"appClipID\"") == true)
    }
}
