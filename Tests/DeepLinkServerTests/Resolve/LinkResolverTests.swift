import DeepLinkCore
import Foundation
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// The click token goes where the app looks for it, in a form the app's own reader reads back.
struct LinkResolverTests {
    static let link = Link(
        code: "summer", deepLink: "shop://sales/42", appStoreID: "123456789", playPackage: "com.example.shop", createdAt: Date(),
        updatedAt: Date())

    static func resolver() throws -> LinkResolver {
        LinkResolver(setup: try DeepLinkSetup(configuration: try ServerHarness.configuration()), pages: try PageRenderer())
    }

    @Test func thePlayStoreReferrerCarriesTheTokenTheAppReads() throws {
        let token = DeferredClick.generateToken()
        let url = LinkVisits.playStoreURL(package: "com.example.shop", utm: UTMFields(source: "mail"), token: token)
        let referrer = try #require(URLComponents(string: url)?.installReferrer)
        #expect(DeferredLinkTokenSource.installReferrer(referrer).token?.rawValue == token)
    }

    @Test func thePasteboardLinkCarriesTheTokenTheAppReads() throws {
        let token = DeferredClick.generateToken()
        let page = try Self.resolver().pasteboardLanding(Self.link, utm: UTMFields(campaign: "spring"), token: token)
        let copied = try #require(page.firstMatch(of: /data-copy="([^"]+)"/)?.1).replacingOccurrences(of: "&amp;", with: "&")
        #expect(DeferredLinkTokenSource.pasteboard(copied).token?.rawValue == token)
    }
}
