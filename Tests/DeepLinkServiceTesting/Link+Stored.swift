import DeepLinkService
import Foundation

extension Link {
    /// A link for the store tests, its dates at whole seconds as the stores keep them.
    package static func stored(_ code: String, deepLink: String = "shop://sales/1", note: String? = nil, utmCampaign: String? = nil, created: Date, expires: Date? = nil) -> Link {
        Link(code: code, deepLink: deepLink, utm: UTMFields(campaign: utmCampaign), note: note, expiresAt: expires, createdAt: created.roundedToSeconds, updatedAt: created.roundedToSeconds)
    }

    /// A link with every field set, for the store tests' round trips, its dates at whole seconds.
    package static func sample(_ code: String) -> Link {
        let now = Date().roundedToSeconds
        return Link(
            code: code, deepLink: "shop://sales/1", appStoreID: "1", playPackage: "com.example.shop", webURL: "https://shop.example.com/",
            iosFallbackURL: "https://shop.example.com/ios", androidFallbackURL: "https://shop.example.com/android",
            preview: LinkPreview(title: "t", description: "d", imageURL: "https://x.example/i.png"),
            utm: UTMFields(source: "s", medium: "m", campaign: "c", term: "t", content: "x"), note: "camp",
            expiresAt: now.addingTimeInterval(3600), createdAt: now, updatedAt: now)
    }
}
