import DeepLinkCore
import DeepLinkTesting
import Foundation

@testable import DeepLinkAssociation

/// The association fixtures under `Tests/Fixtures/Association/`.
enum AssociationFixtures {
    static let appID = "ABCDE12345.com.example.shop"
    static let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    /// The web pages of the shop fixture's universal-link routes, at their sample URLs.
    static let shopPages: [String: LoopbackHTTPServer.Response] = [
        "/sales/1": .html("<h1>Sale 1</h1>"), "/addToCart/1": .html("<h1>Product 1</h1>"),
        "/search?q=1": .html("<h1>Results</h1>"),
    ]

    static func text(_ name: String) throws -> String {
        try Fixtures.text("Association/\(name)")
    }

    static func shopConfig() throws -> DeepLinkConfig {
        try DeepLinkConfig.load(contentsOf: Fixtures.file("Association/ShopConfig.json"))
    }

    static func shopSettings() throws -> AssociationSettings {
        try AssociationSettings.load(from: shopConfig())
    }

    /// The shop config with its `apps` section replaced.
    static func config(apps: String, routes: String? = nil, hosts: String = "[\"shop.example.com\"]") throws -> DeepLinkConfig {
        let routes = routes ?? """
            {"sales/:saleId": {"class": "Sale", "routeParameters": {"saleId": {"regex": "[0-9]+"}}}, "account": {"class": "Account"}}
            """
        return try DeepLinkConfig.parse(
            """
            {"schemes": ["shop"], "hosts": \(hosts), "routes": \(routes), "apps": \(apps)}
            """, file: "Test.json")
    }

    static func association(_ name: String) throws -> AppleAppSiteAssociation {
        try AppleAppSiteAssociation.parse(text(name), file: name)
    }
}
