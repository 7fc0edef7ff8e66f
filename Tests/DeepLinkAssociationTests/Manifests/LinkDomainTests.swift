import DeepLinkAssociation
import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

/// The link domain's files list the apps for one-segment paths, the short links, and keep every
/// excluded path in the browser, as iOS's matcher (``AppleAppSiteAssociation/match(_:appID:format:)``,
/// swcutil's semantics) and Android 15's dynamic rules decide.
struct LinkDomainTests {
    static let domain = LinkDomain(host: "Go.Shop.Example.com", exclusions: ["/", "/?*/?*", "/dashboard", "/healthz"])
    static let appID = "ABCDE12345.com.example.shop"

    func generator(_ domain: LinkDomain = Self.domain) throws -> AssociationGenerator {
        try AssociationGenerator(config: try DeepLinkConfig.load(contentsOf: Fixtures.shopConfig), linkDomain: domain)
    }

    func file(_ kind: GeneratedFile.Kind) throws -> String {
        try #require(try generator().files().first { $0.kind == kind && $0.host == "go.shop.example.com" }).contents
    }

    static let shortLinks = ["/spring", "/p7", "/Spring_Sale-2026", "/spring?utm_source=mail"]
    static let serverPaths = [
        "/", "/?link=https://shop.example.com/sales/42&apn=com.example.shop", "/spring/install?store=google", "/spring/qr.svg",
        "/dashboard", "/DASHBOARD", "/Dashboard/", "/dashboard/links", "/healthz", "/api/v1/links", "/.well-known/assetlinks.json",
    ]

    @Test(arguments: AASAFormat.allCases)
    func iOSOpensTheAppForShortLinksAndNotForTheServersPaths(format: AASAFormat) throws {
        let aasa = try AppleAppSiteAssociation.parse(try file(.appleAppSiteAssociation))
        for path in Self.shortLinks {
            let url = try #require(URL(string: "https://go.shop.example.com\(path)"))
            let match = aasa.match(url, appID: Self.appID, format: format)
            #expect(match.decision == .match, "\(path), \(format): \(match)")
        }
        for path in Self.serverPaths where format == .components || path.lowercased() == path {
            let url = try #require(URL(string: "https://go.shop.example.com\(path)"))
            #expect(aasa.match(url, appID: Self.appID, format: format).decision != .match, "\(path), \(format)")
        }
    }

    @Test func android15OpensTheAppForShortLinksAndNotForTheServersPaths() throws {
        let statements = try AssetLinkStatementList.parse(try file(.assetLinks))
        #expect(statements.statements.first?.relations == [AssetLinkStatement.handleAllURLs])
        for path in Self.shortLinks {
            #expect(statements.androidOpensApp(for: try #require(URL(string: "https://go.shop.example.com\(path)"))), "\(path)")
        }
        for path in Self.serverPaths where path.lowercased() == path {
            #expect(!statements.androidOpensApp(for: try #require(URL(string: "https://go.shop.example.com\(path)"))), "\(path)")
        }
    }

    @Test func theAppsDeclareTheLinkDomain() throws {
        let generator = try generator()
        #expect(generator.entitlements().contains("<string>applinks:go.shop.example.com</string>"))
        let filters = generator.intentFilters()
        #expect(filters.contains(#"<data android:host="go.shop.example.com" />"# + "\n" + #"    <data android:pathPattern="/..*" />"#))
        // Android's pathPattern: `.` one character, `.*` any run; the root is not a short link.
        let pattern = AASAPattern("/?*", variables: nil)
        #expect(pattern.matches("/spring"))
        #expect(!pattern.matches("/"))
    }

    @Test func aLinkDomainThatIsAWebsiteHostKeepsTheWebsitesFiles() throws {
        let generator = try generator(LinkDomain(host: "shop.example.com", exclusions: ["/"]))
        #expect(generator.linkDomain == nil)
        let hosts = try generator.files().compactMap(\.host)
        #expect(hosts.filter { $0 == "shop.example.com" }.count == 2)
        #expect(generator.entitlements().components(separatedBy: "applinks:shop.example.com<").count == 2)
    }
}
