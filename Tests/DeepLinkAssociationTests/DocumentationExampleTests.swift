import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

@testable import DeepLinkAssociation

/// The code samples of the getting-started article, run as written.
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
