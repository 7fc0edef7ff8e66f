import DeepLinkCore
import Testing

@testable import DeepLinkAssociation

struct AssociationCoverageTests {
    static let ios = "\"ios\": [{\"appID\": \"ABCDE12345.com.example.shop\"}]"
    static let android = "\"android\": [{\"package\": \"com.example.shop\", \"sha256CertFingerprints\": [\"\(AssociationFixtures.fingerprint)\"]}]"

    @Test func theShopFixtureIsFullyCovered() throws {
        #expect(AssociationCoverage.lint(try AssociationFixtures.shopConfig()).isEmpty)
    }

    @Test func anExclusionThatSwallowsARouteIsAnErrorNamingTheRule() throws {
        let config = try AssociationFixtures.config(
            apps: "{\(Self.ios), \(Self.android), \"hosts\": {\"shop.example.com\": {\"exclude\": [\"/sales/*\"]}}}")
        let findings = AssociationCoverage.lint(config).filter { $0.code == "route-not-covered" }
        #expect(findings.count == 3)
        #expect(findings.allSatisfy { $0.path.description == "routes[\"sales/:saleId\"]" && $0.severity == .error })
        #expect(findings.first?.message.contains("applinks.details[0].components[0]") == true)
        #expect(findings.contains { $0.message.contains("excluded on Android") })
        #expect(findings.first?.file == "Test.json")
    }

    @Test func aRouteWhoseRegexNoSampleSatisfiesHasNoWebEquivalent() throws {
        let config = try AssociationFixtures.config(
            apps: "{\(Self.ios), \"hosts\": {\"shop.example.com\": {}}}",
            routes: "{\"codes/:code\": {\"class\": \"Code\", \"routeParameters\": {\"code\": {\"regex\": \"(zz9|yy8)\"}}}}")
        let findings = AssociationCoverage.lint(config)
        #expect(findings.map(\.code) == ["no-web-equivalent"])
    }

    @Test func catchAllAndTypedRoutesAreCoveredAndReached() throws {
        let config = try AssociationFixtures.config(
            apps: "{\(Self.ios), \(Self.android), \"hosts\": {\"shop.example.com\": {}}}",
            routes: """
                {"files/*path": {"class": "File"}, "orders/:id": {"class": "Order", "routeParameters": {"id": {"type": "uuid"}}},
                 "sales/:saleId": {"class": "Sale", "routeParameters": {"saleId": {"type": "int"}}}}
                """)
        #expect(AssociationCoverage.lint(config).isEmpty, "\(AssociationCoverage.lint(config))")
    }

    @Test func aPatternWiderThanItsRouteIsAWarning() throws {
        let config = try AssociationFixtures.config(
            apps: "{\(Self.ios), \"hosts\": {\"shop.example.com\": {}}}",
            routes: "{\"codes/:code\": {\"class\": \"Code\", \"routeParameters\": {\"code\": {\"regex\": \"(x1|y2)\"}}}}")
        let findings = AssociationCoverage.lint(config)
        #expect(findings.map(\.code) == ["pattern-reaches-no-route"])
        #expect(findings.first?.severity == .warning)
    }

    @Test func warnsAboutAHostWithoutAssociationSettings() throws {
        let config = try AssociationFixtures.config(
            apps: "{\(Self.ios), \"hosts\": {\"shop.example.com\": {}}}", hosts: "[\"shop.example.com\", \"m.example.com\"]")
        let findings = AssociationCoverage.lint(config)
        #expect(findings.map(\.code) == ["host-without-association"])
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.path.description == "hosts[1]")
        #expect(findings.first?.location?.line == 1)
        #expect(findings.first?.file == "Test.json")
        let withoutApps = try DeepLinkConfig.parse(#"{"hosts": ["shop.example.com"], "routes": {"a": {"class": "A"}}}"#)
        #expect(AssociationCoverage.lint(withoutApps).map(\.code) == ["host-without-association"])
    }

    @Test func settingsErrorsAreReportedByTheLint() throws {
        let config = try AssociationFixtures.config(apps: "{\"ios\": [{\"appID\": \"bad\"}], \"hosts\": {}}")
        #expect(AssociationCoverage.lint(config).map(\.code) == ["invalid-value"])
    }
}
