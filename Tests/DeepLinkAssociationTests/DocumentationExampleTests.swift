// At the target's root: the DocC articles' samples span every source folder of the module.
import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

@testable import DeepLinkAssociation

/// The code samples of the DocC articles, run as written.
struct DocumentationExampleTests {
    @Test func theGenerateSampleListsTheFiles() throws {
        let configURL = Fixtures.file("Association/ShopConfig.json")
        let config = try DeepLinkConfig.load(contentsOf: configURL)
        let files = try AssociationGenerator(config: config).files()
        var printed: [String] = []
        for file in files {
            printed.append(file.path)
        }
        #expect(printed.first == "hosts/shop.example.com/.well-known/apple-app-site-association")
    }

    @Test func theMatchSampleDecidesAsTheArticleSays() throws {
        let text = try Fixtures.text("Association/Generated/hosts/shop.example.com/.well-known/apple-app-site-association")
        let url = try #require(URL(string: "https://shop.example.com/sales/42"))
        let association = try AppleAppSiteAssociation.parse(text)
        let result = association.match(url, appID: "ABCDE12345.com.example.shop")
        #expect(result.decision == .match)
        #expect(result.rule?.jsonPath.description == "applinks.details[0].components[1]")
        let legacy = association.match(url, appID: "ABCDE12345.com.example.shop", format: .legacyPaths)
        #expect(legacy.decision == .match)
    }

    /// The samples of the platform-rules article.
    @Test func thePlatformRulesSamplesDecideAsTheArticleSays() throws {
        let text = """
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [
              {"#": "no_universal_links", "exclude": true},
              {"/": "/buy/*"},
              {"/": "/help/*", "?": {"articleNumber": "????"}}
            ]}]}}
            """
        let association = try AppleAppSiteAssociation.parse(text)
        let appID = "ABCDE12345.com.example.app"
        #expect(association.match(URL(string: "https://www.example.com/buy")!, appID: appID).decision == .match)
        #expect(
            association.match(URL(string: "https://www.example.com/buy/shoes#no_universal_links")!, appID: appID).decision
                == .exclude)
        #expect(association.match(URL(string: "https://www.example.com/help/faq")!, appID: appID).decision == .noMatch)

        let list = """
            [{}, {"relation": ["delegate_permission/common.handle_all_urls"],
                  "target": {"namespace": "android_app", "package_name": "com.example.shop",
                             "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}}]
            """
        let report = AssetLinkStatementList.validate(list)
        let check = try report.check(
            site: "https://shop.example.com", package: "com.example.shop",
            fingerprint: "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5")
        #expect(check.linked)
        #expect(check.diagnostics.map(\.path.description) == ["[0]"])
    }

    @Test func theDoctorSampleChecksALoopbackServer() async throws {
        let settings = try AssociationFixtures.shopSettings()
        let aasa = try Fixtures.text("Association/Generated/hosts/shop.example.com/.well-known/apple-app-site-association")
        let assetLinks = try Fixtures.text("Association/Generated/hosts/shop.example.com/.well-known/assetlinks.json")
        let files: [String: LoopbackHTTPServer.Response] = [
            "/.well-known/apple-app-site-association": .json(aasa), "/.well-known/assetlinks.json": .json(assetLinks),
        ]
        let server = try LoopbackHTTPServer(routes: files.merging(AssociationFixtures.shopPages) { file, _ in file })
        defer { server.stop() }
        let serverURL = server.origin
        let doctor = AssociationDoctor(allowInsecureLoopback: true)
        let report = try await doctor.examine(serverURL, settings: settings, configHost: "shop.example.com")
        #expect(report.passed)
        #expect(report.text.contains("PASS matches-config"))
    }
}
