import DeepLinkCore
import DeepLinkFirebase
import Foundation
import Testing

@testable import DeepLinkService

struct FirebaseLongLinkLinkTests {
    @Test func writesTheFieldsAsAnAdminAPIBody() throws {
        let longLink = try FirebaseLongLink(url: "https://shop.page.link/?link=shop://cart&ifl=https://i.example/&utm_source=s")
        let body = longLink.body(code: "abc")
        #expect(body.objectValue?["code"] == "abc")
        #expect(body.objectValue?["deepLink"] == "shop://cart")
        #expect(body.objectValue?["fallbacks"]?.objectValue?["iosURL"] == "https://i.example/")
        #expect(body.objectValue?["utm"]?.objectValue?["source"] == "s")
    }

    @Test func everyFieldALongLinkSetsReadsBackFromALink() {
        let fields = FirebaseLongLink.fieldParameters.map(\.field)
        let link = Link(
            code: "x", deepLink: "shop://cart", appStoreID: "1", playPackage: "p", webURL: "w", iosFallbackURL: "i",
            androidFallbackURL: "a", preview: LinkPreview(title: "t", description: "d", imageURL: "m"),
            utm: UTMFields(source: "s", medium: "md", campaign: "c", term: "tr", content: "ct"), minIOSVersion: "5.2", minAndroidVersion: "520",
            createdAt: Date(), updatedAt: Date())
        #expect(fields.allSatisfy { LinkField.named($0)?.text(of: link) != nil })
    }
}
