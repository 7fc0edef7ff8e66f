import DeepLinkCore
import Testing

struct DeferredLinkTokenSourceTests {
    @Test(arguments: [
        "deeplink_click=\(sampleToken)&utm_source=mail",
        "utm_source=mail&deeplink_click=\(sampleToken)",
        "deeplink_click=\(sampleToken)",
        "?deeplink_click=\(sampleToken)&utm_source=mail",
        "  deeplink_click=\(sampleToken)&utm_source=mail\n",
        "deeplink_click%3D\(sampleToken)%26utm_source%3Dmail",
        "utm_source=a%26b&deeplink_click=\(sampleToken)",
    ])
    func findsTheTokenInAnInstallReferrer(referrer: String) {
        #expect(DeferredLinkTokenSource.installReferrer(referrer).token?.rawValue == sampleToken)
    }

    @Test(arguments: [
        nil, "", "utm_source=mail&utm_medium=email", "deeplink_click=&utm_source=mail", "deeplink_click",
        "deeplink_click=short", "deeplink_click=\(sampleToken)!", "deeplink_click=\(sampleToken)%20x",
        "deeplink_click=\(String(repeating: "a", count: 129))", "not a query string at all",
        "xdeeplink_click=\(sampleToken)",
    ] as [String?])
    func findsNoTokenInAnInstallReferrerWithoutAValidOne(referrer: String?) {
        #expect(DeferredLinkTokenSource.installReferrer(referrer).token == nil)
    }

    @Test func letsTheFirstTokenItemOfAReferrerDecide() {
        let valid = "deeplink_click=\(sampleToken)"
        #expect(DeferredLinkTokenSource.installReferrer("\(valid)&deeplink_click=short").token?.rawValue == sampleToken)
        #expect(DeferredLinkTokenSource.installReferrer("deeplink_click=short&\(valid)").token == nil)
    }

    @Test(arguments: [
        "https://shop.example.com/summer?deeplink_click=\(sampleToken)",
        "https://shop.example.com/summer?utm_source=mail&deeplink_click=\(sampleToken)#top",
        "HTTPS://Shop.Example.com/?deeplink_click=\(sampleToken)",
        "http://127.0.0.1:8080/summer?deeplink_click=\(sampleToken)",
        "\n  https://shop.example.com/summer?deeplink_click=\(sampleToken)  \n",
    ])
    func findsTheTokenInAPasteboardLink(text: String) {
        #expect(DeferredLinkTokenSource.pasteboard(text).token?.rawValue == sampleToken)
    }

    @Test(arguments: [
        nil, "", "hello", sampleToken, "deeplink_click=\(sampleToken)",
        "See https://shop.example.com/summer?deeplink_click=\(sampleToken)",
        "https://shop.example.com/summer?deeplink_click=\(sampleToken) and more",
        "https://shop.example.com/a?deeplink_click=\(sampleToken)\nhttps://shop.example.com/b",
        "shop://summer?deeplink_click=\(sampleToken)", "ftp://shop.example.com/?deeplink_click=\(sampleToken)",
        "https:///summer?deeplink_click=\(sampleToken)", "https://shop.example.com/summer",
        "https://shop.example.com/summer#deeplink_click=\(sampleToken)",
        "https://shop.example.com/\(sampleToken)", "https://shop.example.com/summer?deeplink_click=tooshort",
        "https://shop.example.com/?x=\(String(repeating: "a", count: 5000))&deeplink_click=\(sampleToken)",
    ] as [String?])
    func findsNoTokenInAnyOtherPasteboardText(text: String?) {
        #expect(DeferredLinkTokenSource.pasteboard(text).token == nil)
    }

    @Test func hasNoTokenWithoutASource() {
        #expect(DeferredLinkTokenSource.none.token == nil)
    }
}
