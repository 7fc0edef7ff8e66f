import Testing

@testable import DeepLinkServer

struct AndroidIntentURLTests {
    @Test(arguments: ["SHOP://sales/42", "Shop://sales/42", "shop://sales/42"])
    func writesTheSchemeInLowercaseAsAndroidMatchesIt(deepLink: String) throws {
        let intent = try #require(AndroidIntentURL.make(deepLink: deepLink, package: "com.example.shop", fallback: "https://shop.example.com/"))
        #expect(intent.hasPrefix("intent://sales/42#Intent;scheme=shop;package=com.example.shop;"))
    }
}
