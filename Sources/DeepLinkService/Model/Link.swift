import DeepLinkCore
import Foundation

/// A short link: a code that resolves to an in-app deep link, with fallbacks per platform,
/// a social preview, campaign fields and an optional expiry. A `Sendable` value.
package struct Link: Sendable, Hashable {
    /// The short code, the path of the link: `https://HOST/CODE`.
    package var code: String
    /// The in-app deep link; the config's router routes it.
    package var deepLink: String
    /// The App Store id of the iOS app, for the Smart App Banner and the store fallback.
    package var appStoreID: String?
    /// The Android app's package, for the `intent://` URL and the Play Store fallback.
    package var playPackage: String?
    /// Where people without the app, and desktop browsers, go.
    package var webURL: String?
    /// Where iOS users without the app go instead of the App Store (Firebase's `ifl`).
    package var iosFallbackURL: String?
    /// Where Android users without the app go instead of the Play Store (Firebase's `afl`).
    package var androidFallbackURL: String?
    /// The social preview: title, description and image.
    package var preview: LinkPreview
    /// The UTM fields.
    package var utm: UTMFields
    /// A note for the team, such as who asked for the link: searched in the list, never sent
    /// anywhere. The link's campaign is its UTM campaign (``UTMFields/campaign``).
    package var note: String?
    /// The link's tags, such as `spring-sale`: sorted, each once (``LinkTags``). The list, the
    /// numbers, bulk changes and the CSV file filter and sum by them.
    package var tags: [String] = []
    /// When the link stops resolving; `nil` for never.
    package var expiresAt: Date?
    /// Where visitors of the link go once it expired, instead of the "link expired" page.
    package var expiredURL: String?
    /// The oldest iOS marketing version that can open the link (`minAppVersion.ios`).
    package var minIOSVersion: String?
    /// The oldest Android `versionCode` that can open the link (`minAppVersion.android`).
    package var minAndroidVersion: String?
    /// Rules that send some visitors elsewhere, by country, language and platform; the first
    /// that holds decides (``decidingTarget(for:)``). At most ``LinkTarget/maximumCount``.
    package var targets: [LinkTarget] = []
    /// The arms of an A/B test: 2 to 4 variants whose weights add up to 100, or none; a visitor
    /// is assigned one by a stable value (``variant(for:)``). Targets decide before variants.
    package var variants: [LinkVariant] = []
    /// The bcrypt hash of the link's password (``LinkPassword``); `nil` for a link anyone may
    /// open. Never returned: the admin API answers `passwordProtected`.
    package var passwordHash: String?
    /// When the link was created.
    package var createdAt: Date
    /// When the link was last changed.
    package var updatedAt: Date

    /// Creates a link.
    /// - Parameters:
    ///   - code: The short code.
    ///   - deepLink: The in-app deep link.
    ///   - appStoreID: The App Store id.
    ///   - playPackage: The Android package.
    ///   - webURL: The web fallback.
    ///   - iosFallbackURL: Where iOS users without the app go instead of the App Store.
    ///   - androidFallbackURL: Where Android users without the app go instead of the Play Store.
    ///   - preview: The social preview.
    ///   - utm: The UTM fields.
    ///   - note: A note for the team.
    ///   - tags: The tags, as ``LinkTags/normalized(_:)`` orders them.
    ///   - expiresAt: The expiry.
    ///   - expiredURL: Where visitors go once it expired.
    ///   - minIOSVersion: The oldest iOS app version that can open it.
    ///   - minAndroidVersion: The oldest Android `versionCode` that can open it.
    ///   - createdAt: The creation time.
    ///   - updatedAt: The last change.
    package init(
        code: String, deepLink: String, appStoreID: String? = nil, playPackage: String? = nil, webURL: String? = nil,
        iosFallbackURL: String? = nil, androidFallbackURL: String? = nil, preview: LinkPreview = LinkPreview(), utm: UTMFields = UTMFields(), note: String? = nil,
        tags: [String] = [], expiresAt: Date? = nil, expiredURL: String? = nil, minIOSVersion: String? = nil, minAndroidVersion: String? = nil,
        createdAt: Date, updatedAt: Date
    ) {
        self.code = code
        self.deepLink = deepLink
        self.appStoreID = appStoreID
        self.playPackage = playPackage
        self.webURL = webURL
        self.iosFallbackURL = iosFallbackURL
        self.androidFallbackURL = androidFallbackURL
        self.preview = preview
        self.utm = utm
        self.note = note
        self.tags = tags
        self.expiresAt = expiresAt
        self.expiredURL = expiredURL
        self.minIOSVersion = minIOSVersion
        self.minAndroidVersion = minAndroidVersion
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Whether visitors must give a password before the link opens.
    package var isPasswordProtected: Bool { passwordHash != nil }

    /// Whether the link has expired at a moment.
    /// - Parameter now: The moment.
    package func isExpired(at now: Date) -> Bool {
        expiresAt.map { $0 <= now } ?? false
    }

    /// The oldest app versions that can open the link, as ``minIOSVersion`` and
    /// ``minAndroidVersion`` give them (the editor stores only versions that read).
    package var minAppVersion: MinimumAppVersion {
        MinimumAppVersion(
            ios: minIOSVersion.flatMap { AppVersion(marketingVersion: $0) }, android: minAndroidVersion.flatMap { AppVersion(versionCode: $0) })
    }
}

/// The Open Graph preview of a link. A `Sendable` value.
package struct LinkPreview: Sendable, Hashable {
    /// The title.
    package var title: String?
    /// The description.
    package var description: String?
    /// An https image URL.
    package var imageURL: String?

    /// Creates a preview.
    /// - Parameters:
    ///   - title: The title.
    ///   - description: The description.
    ///   - imageURL: An https image URL.
    package init(title: String? = nil, description: String? = nil, imageURL: String? = nil) {
        self.title = title
        self.description = description
        self.imageURL = imageURL
    }
}

/// The UTM fields of a link or a click. A `Sendable` value.
package struct UTMFields: Sendable, Hashable {
    /// `utm_source`.
    package var source: String?
    /// `utm_medium`.
    package var medium: String?
    /// `utm_campaign`.
    package var campaign: String?
    /// `utm_term`.
    package var term: String?
    /// `utm_content`.
    package var content: String?

    /// Creates UTM fields.
    /// - Parameters:
    ///   - source: `utm_source`.
    ///   - medium: `utm_medium`.
    ///   - campaign: `utm_campaign`.
    ///   - term: `utm_term`.
    ///   - content: `utm_content`.
    package init(source: String? = nil, medium: String? = nil, campaign: String? = nil, term: String? = nil, content: String? = nil) {
        self.source = source
        self.medium = medium
        self.campaign = campaign
        self.term = term
        self.content = content
    }

    /// The fields that are set, as query items in the usual order.
    package var queryItems: [URLQueryItem] {
        [("utm_source", source), ("utm_medium", medium), ("utm_campaign", campaign), ("utm_term", term), ("utm_content", content)]
            .compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } }
    }

    /// A web page's URL with these fields added as `utm_*` query items, each only where the URL
    /// does not set that item already (the page's own campaign wins), as Firebase Dynamic Links
    /// passed a link's analytics parameters to its desktop fallback (`ofl`). The URL unchanged
    /// when no field is set, or when it cannot be read.
    /// - Parameter url: The web fallback's URL.
    package func carried(into url: String) -> String {
        let items = queryItems
        guard !items.isEmpty, var components = URLComponents(string: url) else { return url }
        let present = Set((components.queryItems ?? []).map(\.name))
        let added = items.filter { !present.contains($0.name) }
        guard !added.isEmpty else { return url }
        components.queryItems = (components.queryItems ?? []) + added
        // URLComponents leaves "+" as it is; in a query a "+" reads as a space, so write it encoded.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.string ?? url
    }
}
