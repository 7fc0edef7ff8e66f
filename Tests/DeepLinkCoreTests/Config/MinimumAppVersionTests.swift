import Foundation
import Testing

@testable import DeepLinkCore

/// App versions as iOS and Android number them, and `minAppVersion` on a route of the config.
struct MinimumAppVersionTests {
    /// iOS compares `CFBundleShortVersionString` as dotted numbers (Apple's "CFBundleShortVersionString"
    /// reference: "three period-separated integers"); a missing part is 0.
    @Test(arguments: [("5.10", "5.9"), ("5.2.1", "5.2"), ("6", "5.99.99"), ("10.0", "9.9.9"), ("5.2.0.1", "5.2")])
    func aMarketingVersionIsNewerByItsNumbersNotItsText(newer: String, older: String) throws {
        let new = try #require(AppVersion(marketingVersion: newer))
        let old = try #require(AppVersion(marketingVersion: older))
        #expect(old < new)
        #expect(!(new < old))
    }

    @Test func trailingZerosMakeNoNewerVersion() throws {
        #expect(AppVersion(marketingVersion: "5.2") == AppVersion(marketingVersion: "5.2.0"))
        #expect(AppVersion(marketingVersion: "5.2.0")?.description == "5.2.0", "kept as written")
    }

    @Test(arguments: ["", "5.", ".5", "5..2", "v5", "5.2b", "1.2.3.4.5", "5.-1", " 5.2", "5,2", "12345678901"])
    func aMarketingVersionIsOneToFourWholeNumbers(text: String) {
        #expect(AppVersion(marketingVersion: text) == nil)
    }

    /// Android's `versionCode` is a positive whole number, at most 2,100,000,000 on Google Play
    /// (Android's "Version your app" guide).
    @Test(arguments: [("520", true), ("1", true), ("2100000000", true), ("0", false), ("2100000001", false), ("5.2", false), ("-1", false), ("", false)])
    func aVersionCodeIsAWholeNumberGooglePlayAccepts(text: String, valid: Bool) {
        #expect((AppVersion(versionCode: text) != nil) == valid)
    }

    @Test func theStricterRequirementIsEachPlatformsNewerVersion() {
        let link = MinimumAppVersion(ios: AppVersion(marketingVersion: "5.10"))
        let route = MinimumAppVersion(ios: AppVersion(marketingVersion: "5.2"), android: AppVersion(versionCode: "500"))
        let stricter = link.stricter(with: route)
        #expect(stricter.ios?.description == "5.10")
        #expect(stricter.android?.description == "500")
        #expect(MinimumAppVersion().isEmpty && !stricter.isEmpty)
    }

    @Test func aRouteOfTheConfigNamesItsMinimumAppVersion() throws {
        let config = try DeepLinkConfig.parse(
            #"{"routes": {"sales/:id": {"class": "S", "minAppVersion": {"ios": "5.2", "android": "520"}}, "cart": {"class": "C"}}}"#)
        let sales = try #require(config.routes.first { $0.pattern.description == "sales/:id" })
        #expect(sales.minAppVersion == MinimumAppVersion(ios: AppVersion(marketingVersion: "5.2"), android: AppVersion(versionCode: "520")))
        #expect(config.routes.first { $0.pattern.description == "cart" }?.minAppVersion.isEmpty == true)
    }

    @Test(arguments: [
        (#"{"ios": "5.x"}"#, #"routes.a.minAppVersion.ios"#),
        (#"{"android": "5.2"}"#, #"routes.a.minAppVersion.android"#),
        (#"{"android": 520}"#, #"routes.a.minAppVersion.android"#),
        (#"{"web": "1"}"#, #"routes.a.minAppVersion.web"#),
        (#"{}"#, #"routes.a.minAppVersion"#),
        (#""5.2""#, #"routes.a.minAppVersion"#),
    ])
    func aBadMinimumAppVersionIsAnErrorAtItsPath(value: String, path: String) {
        let report = DeepLinkConfig.diagnose(#"{"routes": {"a": {"class": "A", "minAppVersion": VALUE}}}"#.replacingOccurrences(of: "VALUE", with: value), file: "Bad.json")
        #expect(report.config == nil)
        #expect(report.errors.first?.path.description == path, "\(report.errors)")
        #expect(report.errors.first?.file == "Bad.json")
    }
}
