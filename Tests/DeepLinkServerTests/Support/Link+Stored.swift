import DeepLinkServer
import DeepLinkService
import Foundation

extension Link {
    /// A link for the store tests, its dates at whole seconds as the stores keep them.
    static func stored(_ code: String, deepLink: String = "shop://sales/1", note: String? = nil, utmCampaign: String? = nil, created: Date, expires: Date? = nil) -> Link {
        Link(code: code, deepLink: deepLink, utm: UTMFields(campaign: utmCampaign), note: note, expiresAt: expires, createdAt: created.roundedToSeconds, updatedAt: created.roundedToSeconds)
    }
}
