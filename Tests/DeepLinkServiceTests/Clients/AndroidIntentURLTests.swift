import DeepLinkTesting
import Foundation
import Testing

@testable import DeepLinkService

struct AndroidIntentURLTests {
    @Test(arguments: ["SHOP://sales/42", "Shop://sales/42", "shop://sales/42"])
    func writesTheSchemeInLowercaseAsAndroidMatchesIt(deepLink: String) throws {
        let intent = try #require(AndroidIntentURL.make(deepLink: deepLink, package: "com.example.shop", fallback: "https://shop.example.com/"))
        #expect(intent.hasPrefix("intent://sales/42#Intent;scheme=shop;package=com.example.shop;"))
    }

    /// How the Play Store URL was built with Foundation before it was written by hand (with the
    /// empty referrer since left out).
    private static func foundationPlayStore(package: String, referrer: [URLQueryItem]) -> String {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        var components = URLComponents()
        components.queryItems = referrer
        let referrerText = components.percentEncodedQuery ?? ""
        func encoded(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text }
        let page = "https://play.google.com/store/apps/details?id=\(encoded(package))"
        return referrerText.isEmpty ? page : "\(page)&referrer=\(encoded(referrerText))"
    }

    @Test func leavesOutTheReferrerWhenThereIsNothingToCarry() {
        #expect(AndroidIntentURL.playStore(package: "com.example.shop", referrer: []) == "https://play.google.com/store/apps/details?id=com.example.shop")
        #expect(
            AndroidIntentURL.playStore(package: "com.example.shop", referrer: [URLQueryItem(name: "utm_source", value: "mail")])
                == "https://play.google.com/store/apps/details?id=com.example.shop&referrer=utm_source%3Dmail")
    }

    @Test func writesThePlayStoreURLByteForByteAsFoundationDid() {
        var generator = SeededRandomNumberGenerator()
        let alphabet = (32..<127).map { Character(Unicode.Scalar(UInt8($0))) } + ["é", "😀", "\u{0}", "\n", "\u{202E}"]
        func text() -> String { String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }) }
        let fixed: [[URLQueryItem]] = [
            [], [URLQueryItem(name: "utm_source", value: nil)], [URLQueryItem(name: "", value: "")],
            [URLQueryItem(name: "utm_campaign", value: "spring sale & more=50%+"), URLQueryItem(name: "deeplink_click", value: "abc_DEF-123")],
        ]
        for referrer in fixed + (0..<500).map({ _ in (0..<Int.random(in: 1...4, using: &generator)).map { _ in URLQueryItem(name: text(), value: Bool.random(using: &generator) ? text() : nil) } }) {
            let package = text()
            #expect(
                AndroidIntentURL.playStore(package: package, referrer: referrer) == Self.foundationPlayStore(package: package, referrer: referrer),
                "\(referrer), \(generator)")
        }
    }
}
