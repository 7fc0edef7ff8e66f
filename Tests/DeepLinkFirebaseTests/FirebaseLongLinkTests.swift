import DeepLinkCore
import Foundation
import Testing

@testable import DeepLinkFirebase

struct FirebaseLongLinkTests {
    @Test func readsEveryParameterIntoItsLinkField() throws {
        let longLink = try FirebaseLongLink(
            url: "https://shop.page.link/?link=https://shop.example.com/sales/1&apn=com.example.shop&afl=https://a.example/&"
                + "isi=123&ibi=com.example.Shop&ifl=https://i.example/&ipfl=https://p.example/&ofl=https://o.example/&st=T&sd=D&si=https://img.example/i.png&"
                + "utm_source=s&utm_medium=m&utm_campaign=c&utm_term=t&utm_content=x&efr=1")
        #expect(longLink.fields == [
            "deepLink": "https://shop.example.com/sales/1", "fallbacks.playPackage": "com.example.shop",
            "fallbacks.androidURL": "https://a.example/", "fallbacks.appStoreID": "123", "fallbacks.iosURL": "https://i.example/",
            "fallbacks.webURL": "https://o.example/", "preview.title": "T", "preview.description": "D",
            "preview.imageURL": "https://img.example/i.png", "utm.source": "s", "utm.medium": "m", "utm.campaign": "c", "utm.term": "t",
            "utm.content": "x",
        ])
        #expect(longLink.ignoredParameters == ["efr", "ibi", "ipfl"])
    }

    /// Firebase's `imv` ("the minimum version of your app that can open the link") and `amv` (the
    /// `versionCode` below which Android users are taken to the Play Store to upgrade), from
    /// Firebase's "Manually constructing a Dynamic Link URL" reference.
    @Test func readsTheMinimumVersionsIntoMinAppVersion() throws {
        let longLink = try FirebaseLongLink(url: "https://x.page.link/?link=shop://cart&imv=5.2&amv=520")
        #expect(longLink.fields["minAppVersion.ios"] == "5.2")
        #expect(longLink.fields["minAppVersion.android"] == "520")
        #expect(longLink.ignoredParameters.isEmpty)
    }

    @Test func leavesTheIPadFallbackToIPadsOfFirebase() throws {
        let longLink = try FirebaseLongLink(url: "https://x.page.link/?link=shop://cart&ipfl=https://p.example/")
        #expect(longLink.fields["fallbacks.iosURL"] == nil)
        #expect(longLink.ignoredParameters == ["ipfl"])
    }

    @Test(arguments: [
        ("https://x.page.link/?apn=com.example", "link"),
        ("https://x.page.link/abc", "link"),
        ("https://x.page.link/?link=shop://cart&link=shop://home", "link"),
    ])
    func namesTheParameterThatIsWrong(url: String, parameter: String) {
        #expect(throws: FirebaseLinkError.self) { try FirebaseLongLink(url: url) }
        do {
            _ = try FirebaseLongLink(url: url)
        } catch {
            #expect(error.parameter == parameter)
        }
    }

    @Test func ignoresParametersFirebaseDidNotDefine() throws {
        let longLink = try FirebaseLongLink(url: "https://x.page.link/?link=shop://cart&gclid=1&fbclid=2")
        #expect(longLink.fields == ["deepLink": "shop://cart"])
        #expect(longLink.ignoredParameters == ["fbclid", "gclid"])
    }

    @Test func putsMultiLineTitlesAndDescriptionsOnOneLine() throws {
        let longLink = try FirebaseLongLink(url: "https://x.page.link/?link=shop://cart&st=Summer%0A%0Asale&sd=Line%20one%0D%0ALine%20two")
        #expect(longLink.fields["preview.title"] == "Summer sale")
        #expect(longLink.fields["preview.description"] == "Line one Line two")
    }

    @Test func mapsFieldsBackToParameters() {
        #expect(FirebaseLongLink.parameter(for: "fallbacks.androidURL") == "afl")
        #expect(FirebaseLongLink.parameter(for: "deepLink") == "link")
        #expect(FirebaseLongLink.parameter(for: "code") == "code")
    }
}
