import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

@testable import DeepLinkAssociation

struct AssociationGeneratorTests {
    func shopFiles() throws -> [GeneratedFile] {
        try AssociationGenerator(config: try AssociationFixtures.shopConfig()).files()
    }

    @Test func theShopConfigGeneratesTheGoldenFiles() throws {
        let files = try shopFiles()
        #expect(
            files.map(\.path) == [
                "hosts/shop.example.com/.well-known/apple-app-site-association",
                "hosts/shop.example.com/.well-known/assetlinks.json",
                "ios/AssociatedDomains.entitlements",
                "ios/URLTypes.plist",
                "android/intent-filters.xml",
            ])
        for file in files {
            let golden = try? Fixtures.text("Association/Generated/\(file.path)")
            if golden != file.contents {
                let actual = FileManager.default.temporaryDirectory.appendingPathComponent("deeplink-generated/\(file.path)")
                try FileManager.default.createDirectory(
                    at: actual.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.contents.write(to: actual, atomically: true, encoding: .utf8)
                Issue.record("\(file.path) differs from its golden file; the generated text is in \(actual.path)")
            }
        }
    }

    @Test(arguments: [
        ("sales/:saleId", nil, "/sales/*", "/sales/*", "/sales/.*"),
        ("sales/:saleId", "[0-9]", "/sales/$(digit)", "/sales/?", "/sales/."),
        ("sales/:saleId", "[0-9]+", "/sales/$(digit)*", "/sales/?*", "/sales/..*"),
        ("sales/:saleId", "\\d{4}", "/sales/$(digit)$(digit)$(digit)$(digit)", "/sales/????", "/sales/...."),
        ("sales/:saleId", "[a-z]{2}-[0-9]+", "/sales/$(lower)$(lower)-$(digit)*", "/sales/??-?*", "/sales/..-..*"),
        ("sales/:saleId", "^[A-Fa-f0-9]{2}$", "/sales/$(xdigit)$(xdigit)", "/sales/??", "/sales/.."),
        ("sales/:saleId", "(1|22)", "/sales/*", "/sales/*", "/sales/.*"),
        ("sales/:saleId", "sale_[0-9]?", "/sales/sale_*", "/sales/sale_*", "/sales/sale_.*"),
        ("a b/:id/détail", nil, "/a%20b/*/d%C3%A9tail", "/a%20b/*/d%C3%A9tail", "/a b/.*/détail"),
        ("files/v1.2", nil, "/files/v1.2", "/files/v1.2", "/files/v1.2"),
        // A catch-all takes one segment or more: `?*` spans the slashes.
        ("files/*path", nil, "/files/?*", "/files/?*", "/files/..*"),
    ] as [(String, String?, String, String, String)])
    func routesBecomeTheTightestPatternsTheirRegexesAllow(
        key: String, regex: String?, component: String, legacy: String, android: String
    ) throws {
        let parameters = try regex.map { [ParameterRule(name: "saleId", pattern: try ParameterPattern($0))] } ?? []
        let route = RouteDefinition(pattern: try RoutePattern(key), destination: RouteDestination(className: "S"), parameters: parameters)
        let glob = RouteGlob(route: route, percentEncoded: true)
        #expect(glob.componentPath == component)
        #expect(glob.legacyPath == legacy)
        #expect(glob.androidPathPattern == android)
        let sample = try #require(glob.sampleURL(host: "shop.example.com"))
        #expect(AASAPattern(component).matches(try AASAURLComponents(sample).encoded.path))
    }

    @Test func theGeneratedAASAIsValidAndOpensEveryRouteOnEverySystem() throws {
        let files = try shopFiles()
        let text = try #require(files.first { $0.kind == .appleAppSiteAssociation }).contents
        let report = AppleAppSiteAssociation.validate(text)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let file = try #require(report.file)
        for format in AASAFormat.allCases {
            func decide(_ url: String) throws -> AASADecision {
                file.match(try #require(URL(string: url)), appID: AssociationFixtures.appID, format: format).decision
            }
            #expect(try decide("https://shop.example.com/sales/42") == .match)
            #expect(try decide("https://shop.example.com/addToCart/sku-1") == .match)
            #expect(try decide("https://shop.example.com/addToCart/gift-cards/10") == .exclude)
            #expect(try decide("https://shop.example.com/account") == .noMatch)
        }
        #expect(file.webCredentialsApps == [AssociationFixtures.appID])
        #expect(file.appClipsApps == ["ABCDE12345.com.example.shop.Clip"])
    }

    @Test func requiredQueryParametersBecomeQueryItemPatternsOnModernSystemsOnly() throws {
        let files = try shopFiles()
        let file = try AppleAppSiteAssociation.parse(try #require(files.first { $0.kind == .appleAppSiteAssociation }).contents)
        let withQuery = try #require(URL(string: "https://shop.example.com/search?q=boots"))
        let withoutQuery = try #require(URL(string: "https://shop.example.com/search"))
        #expect(file.match(withQuery, appID: AssociationFixtures.appID).decision == .match)
        #expect(file.match(withoutQuery, appID: AssociationFixtures.appID).decision == .noMatch)
        #expect(file.match(withoutQuery, appID: AssociationFixtures.appID, format: .legacyPaths).decision == .match)
    }

    @Test func theGeneratedAssetLinksAreValidAndLinkTheApp() throws {
        let files = try shopFiles()
        let text = try #require(files.first { $0.kind == .assetLinks }).contents
        let report = AssetLinkStatementList.validate(text)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let list = try #require(report.list)
        let site = "https://shop.example.com"
        let package = "com.example.shop"
        #expect(try list.check(site: site, package: package, fingerprint: AssociationFixtures.fingerprint).linked)
        #expect(
            try list.check(
                site: site, package: package, fingerprint: AssociationFixtures.fingerprint,
                relation: AssetLinkStatement.getLoginCredentials
            ).linked)
    }

    @Test func entitlementsAndURLTypesAreProperPropertyLists() throws {
        let files = try shopFiles()
        let entitlements = try #require(files.first { $0.kind == .entitlements }?.contents.data(using: .utf8))
        let plist = try PropertyListSerialization.propertyList(from: entitlements, format: nil) as? [String: Any]
        #expect(
            plist?["com.apple.developer.associated-domains"] as? [String] == [
                "applinks:shop.example.com", "webcredentials:shop.example.com", "appclips:shop.example.com",
            ])
        let urlTypes = try #require(files.first { $0.kind == .urlTypes }?.contents.data(using: .utf8))
        let types = try PropertyListSerialization.propertyList(from: urlTypes, format: nil) as? [String: Any]
        let first = (types?["CFBundleURLTypes"] as? [[String: Any]])?.first
        #expect(first?["CFBundleURLSchemes"] as? [String] == ["shop"])
        #expect(first?["CFBundleURLName"] as? String == "com.example.shop")
    }

    @Test func intentFiltersVerifyEachHostAndListTheCustomSchemes() throws {
        let text = try #require(try shopFiles().first { $0.kind == .intentFilters }).contents
        #expect(text.components(separatedBy: "<intent-filter android:autoVerify=\"true\">").count == 2)
        #expect(text.contains("<data android:host=\"shop.example.com\" />"))
        #expect(text.contains("<data android:pathPattern=\"/sales/..*\" />"))
        #expect(text.contains("<data android:scheme=\"shop\" />"))
    }

    @Test func anAASAOver128KilobytesIsRefused() throws {
        let routes = (0..<1_500).map { "\"section\($0)/with/a/long/path/:id\": {\"class\": \"Screen\"}" }
        let config = try AssociationFixtures.config(
            apps: "{\"ios\": [{\"appID\": \"ABCDE12345.com.example.shop\"}], \"hosts\": {\"shop.example.com\": {}}}",
            routes: "{\(routes.joined(separator: ",\n"))}")
        #expect {
            try AssociationGenerator(config: config).files()
        } throws: { error in
            (error as? AssociationError)?.code == .fileTooLarge
                && (error as? AssociationError)?.message.hasPrefix("the apple-app-site-association file for shop.example.com would be") == true
        }
        // `deeplink check` says so before `generate` runs, at the host's entry.
        let found = AssociationCoverage.lint(config).filter { $0.code == "file-too-large" }
        #expect(found.count == 1)
        #expect(found.first?.severity == .error)
        #expect(found.first?.path.description == #"apps.hosts["shop.example.com"]"#, "\(found)")
    }

    @Test(arguments: [
        ("/$(digit)/x", "/?/x"),
        ("/$(lang)/x", "/*/x"),
        ("/$(campaign)/*", "/*/*"),
        ("/$(size)/*", "/??/*"),
        ("/plain/*", "/plain/*"),
    ])
    func legacyFormsWidenVariablesToWildcards(pattern: String, legacy: String) {
        let variables = SubstitutionVariables(custom: ["campaign": ["spring", "fall"], "size": ["xs", "xl"]])
        #expect(AssociationGenerator.legacyForm(of: pattern, variables: variables) == legacy)
    }
}
