import DeepLinkCore
import Foundation

/// A field of a link that a client sets, declared once: the admin API's JSON body and answer
/// (``path``), the dashboard's form (``label``, ``hint``, ``input``), `deeplink links create` and
/// `update` (``flag``), the `links` table (``column``), the editor's checks (``kind``) and the
/// OpenAPI document's schema (a test compares the two) all read ``all``. A `Sendable` value.
package struct LinkField: Sendable, Hashable {
    /// What a field holds, which decides how the editor checks it.
    package enum Kind: Sendable, Hashable {
        /// The short code: 3 to 64 letters, digits, `-` or `_`.
        case code
        /// The in-app deep link the config's router must route.
        case deepLink
        /// An App Store id: 1 to 12 digits.
        case appStoreID
        /// An Android package name.
        case playPackage
        /// A URL the link redirects to, which the redirect policy must allow.
        case redirectURL
        /// An https image URL on a host the redirect policy allows (a preview crawler fetches it).
        case imageURL
        /// Free text of at most this many characters, without control characters or bidirectional overrides.
        case text(maximumLength: Int)
        /// An RFC 3339 time in the future.
        case expiry
        /// Tags: a JSON array of strings, or one text of comma-separated tags (``LinkTags``).
        case tags
        /// An app version as the platform numbers it (``AppVersion``): an iOS marketing version
        /// such as `5.2`, an Android `versionCode` such as `520`.
        case appVersion(DeferredLinkDeviceSignals.Platform)
        /// The link's targets (``LinkTarget``): a JSON array of objects, or the same array as one text.
        case targets
        /// The link's variants (``LinkVariant``): a JSON array of objects, or the same array as one text.
        case variants
    }

    /// The group a field belongs to: its JSON object and its section of the form.
    package enum Group: String, Sendable, Hashable, CaseIterable {
        /// Top-level fields.
        case link = ""
        /// `fallbacks`: where people without the app go.
        case fallbacks
        /// `utm`: campaign tracking.
        case utm
        /// `preview`: the social preview.
        case preview
        /// `minAppVersion`: the oldest app versions that can open the link.
        case minAppVersion

        /// The form section's title.
        package var title: String {
            switch self {
            case .link: "Link"
            case .fallbacks: "Where people without the app go"
            case .utm: "Campaign tracking (UTM)"
            case .preview: "Social preview"
            case .minAppVersion: "Oldest app versions that open the link"
            }
        }
    }

    /// Where a field's value lives in a ``Link``.
    package enum Value: Sendable, Hashable {
        /// A required text: the code and the deep link.
        case required(any WritableKeyPath<Link, String> & Sendable)
        /// An optional text.
        case optional(any WritableKeyPath<Link, String?> & Sendable)
        /// An optional time.
        case time(any WritableKeyPath<Link, Date?> & Sendable)
        /// A list of texts.
        case list(any WritableKeyPath<Link, [String]> & Sendable)
        /// The targets.
        case targets(any WritableKeyPath<Link, [LinkTarget]> & Sendable)
        /// The variants.
        case variants(any WritableKeyPath<Link, [LinkVariant]> & Sendable)

        package static func == (lhs: Value, rhs: Value) -> Bool {
            switch (lhs, rhs) {
            case (.required(let a), .required(let b)): a == b
            case (.optional(let a), .optional(let b)): a == b
            case (.time(let a), .time(let b)): a == b
            case (.list(let a), .list(let b)): a == b
            case (.targets(let a), .targets(let b)): a == b
            case (.variants(let a), .variants(let b)): a == b
            default: false
            }
        }

        package func hash(into hasher: inout Hasher) {
            switch self {
            case .required(let path): hasher.combine(path)
            case .optional(let path): hasher.combine(path)
            case .time(let path): hasher.combine(path)
            case .list(let path): hasher.combine(path)
            case .targets(let path): hasher.combine(path)
            case .variants(let path): hasher.combine(path)
            }
        }
    }

    /// The group: `fallbacks` for `fallbacks.webURL`.
    package let group: Group
    /// The name within the group: `webURL`.
    package let name: String
    /// What the field holds.
    package let kind: Kind
    /// Where the value lives in a ``Link``.
    package let value: Value
    /// The column of the `links` table.
    package let column: String
    /// The form's label.
    package let label: String
    /// The form's hint and the command line's help.
    package let hint: String
    /// The command line's option, without its dashes: `web-url`.
    package let flag: String

    /// The JSON path, which is also the form input's name: `fallbacks.webURL`, or `deepLink`.
    package var path: String { group == .link ? name : "\(group.rawValue).\(name)" }

    /// The form input's type.
    package var input: String {
        switch kind {
        case .redirectURL, .imageURL: "url"
        case .expiry: "datetime-local"
        case .targets, .variants: "textarea"
        default: "text"
        }
    }

    /// Whether every link has the field.
    package var isRequired: Bool { kind == .deepLink }

    /// The field's value in a link as text: an RFC 3339 time for ``Kind/expiry``, the tags
    /// separated by `, ` for ``Kind/tags``, a JSON array for ``Kind/targets``; `nil` when unset.
    /// - Parameter link: The link.
    package func text(of link: Link) -> String? {
        switch value {
        case .required(let path): link[keyPath: path]
        case .optional(let path): link[keyPath: path]
        case .time(let path): link[keyPath: path].map(Link.timestamp)
        case .list(let path): link[keyPath: path].isEmpty ? nil : link[keyPath: path].joined(separator: ", ")
        case .targets(let path): link[keyPath: path].isEmpty ? nil : JSONWriter.write(.array(link[keyPath: path].map(\.json)))
        case .variants(let path): link[keyPath: path].isEmpty ? nil : JSONWriter.write(.array(link[keyPath: path].map(\.json)))
        }
    }

    /// The field's value in a link as the admin API writes it: a string, an array of strings for
    /// ``Kind/tags``, an array of objects for ``Kind/targets``, or `null`.
    /// - Parameter link: The link.
    package func json(of link: Link) -> JSONValue {
        if case .list(let path) = value { return .array(link[keyPath: path].map(JSONValue.string)) }
        if case .targets(let path) = value { return .array(link[keyPath: path].map(\.json)) }
        if case .variants(let path) = value { return .array(link[keyPath: path].map(\.json)) }
        return text(of: link).map(JSONValue.string) ?? .null
    }

    /// The field with a JSON path, if a link has one.
    /// - Parameter path: The path, such as `fallbacks.webURL`.
    package static func named(_ path: String) -> LinkField? {
        byPath[path]
    }

    private static let byPath = Dictionary(uniqueKeysWithValues: all.map { ($0.path, $0) })

    /// Every field, in the order the form and the help show them.
    package static let all: [LinkField] = [
        LinkField(
            group: .link, name: "deepLink", kind: .deepLink, value: .required(\.deepLink), column: "deep_link", label: "Deep link",
            hint: "The in-app URL the link opens, such as shop://sales/42; the config's router must route it.", flag: "deep-link"),
        LinkField(
            group: .link, name: "code", kind: .code, value: .required(\.code), column: "code", label: "Short code",
            hint: "Leave empty for a random one; 3 to 64 letters, digits, - or _.", flag: "code"),
        LinkField(
            group: .link, name: "note", kind: .text(maximumLength: 300), value: .optional(\.note), column: "note",
            label: "Note", hint: "For your team, such as who asked for the link; searched in the list, never sent anywhere.", flag: "note"),
        LinkField(
            group: .link, name: "tags", kind: .tags, value: .list(\.tags), column: "tags", label: "Tags",
            hint: "Comma-separated, such as spring-sale, email: the list, the numbers and bulk changes filter by them. Up to 20 tags of 1 to 50 characters, no commas.",
            flag: "tags"),
        LinkField(
            group: .link, name: "expiresAt", kind: .expiry, value: .time(\.expiresAt), column: "expires_at", label: "Expires (UTC)",
            hint: "When the link stops working, in UTC (RFC 3339, such as 2026-12-31T23:59:59Z); empty to keep it forever.", flag: "expires-at"),
        LinkField(
            group: .link, name: "expiredURL", kind: .redirectURL, value: .optional(\.expiredURL), column: "expired_url",
            label: "After it expires, send visitors to",
            hint: "Where the link sends visitors once it expired, instead of the \"link expired\" page; an https URL on an allowed host.",
            flag: "expired-url"),
        LinkField(
            group: .link, name: "targets", kind: .targets, value: .targets(\.targets), column: "targets", label: "Targets",
            hint: "Rules that send some visitors elsewhere, as a JSON array; the first whose every condition holds decides, such as "
                + "[{\"countries\": [\"DE\", \"AT\"], \"languages\": [\"de\"], \"platforms\": [\"ios\"], \"webURL\": \"https://…\"}]. "
                + "Conditions: countries, languages, platforms (ios, android, desktop); destinations: deepLink, webURL, iosURL, androidURL. Up to 20.",
            flag: "targets"),
        LinkField(
            group: .link, name: "variants", kind: .variants, value: .variants(\.variants), column: "variants", label: "A/B variants",
            hint: "An A/B test, as a JSON array of 2 to 4 variants whose weights add up to 100, such as "
                + "[{\"name\": \"a\", \"weight\": 50}, {\"name\": \"b\", \"weight\": 50, \"deepLink\": \"shop://sales/42?layout=grid\"}]. "
                + "A visitor keeps their variant; a variant without destinations is the link as it is. Destinations: deepLink, webURL, iosURL, androidURL.",
            flag: "variants"),
        LinkField(
            group: .fallbacks, name: "webURL", kind: .redirectURL, value: .optional(\.webURL), column: "web_url", label: "Web page",
            hint: "For desktop browsers and people without the app; an https URL on an allowed host.", flag: "web-url"),
        LinkField(
            group: .fallbacks, name: "iosURL", kind: .redirectURL, value: .optional(\.iosFallbackURL), column: "ios_fallback_url",
            label: "iPhone and iPad page", hint: "Where iOS users without the app go instead of the App Store.", flag: "ios-url"),
        LinkField(
            group: .fallbacks, name: "androidURL", kind: .redirectURL, value: .optional(\.androidFallbackURL), column: "android_fallback_url",
            label: "Android page", hint: "Where Android users without the app go instead of Google Play.", flag: "android-url"),
        LinkField(
            group: .fallbacks, name: "appStoreID", kind: .appStoreID, value: .optional(\.appStoreID), column: "app_store_id",
            label: "App Store ID", hint: "The iOS app's App Store id, digits only; the config's app when empty.", flag: "app-store-id"),
        LinkField(
            group: .fallbacks, name: "playPackage", kind: .playPackage, value: .optional(\.playPackage), column: "play_package",
            label: "Google Play package", hint: "The Android app's package, such as com.example.shop; the config's app when empty.",
            flag: "play-package"),
        LinkField(
            group: .utm, name: "source", kind: .text(maximumLength: 100), value: .optional(\.utm.source), column: "utm_source",
            label: "Source", hint: "utm_source, such as newsletter.", flag: "utm-source"),
        LinkField(
            group: .utm, name: "medium", kind: .text(maximumLength: 100), value: .optional(\.utm.medium), column: "utm_medium",
            label: "Medium", hint: "utm_medium, such as email.", flag: "utm-medium"),
        LinkField(
            group: .utm, name: "campaign", kind: .text(maximumLength: 100), value: .optional(\.utm.campaign), column: "utm_campaign",
            label: "Campaign", hint: "The link's campaign, such as winter-sale: sent as utm_campaign, shown in the list, counted in the numbers.",
            flag: "utm-campaign"),
        LinkField(
            group: .utm, name: "term", kind: .text(maximumLength: 100), value: .optional(\.utm.term), column: "utm_term", label: "Term",
            hint: "utm_term.", flag: "utm-term"),
        LinkField(
            group: .utm, name: "content", kind: .text(maximumLength: 100), value: .optional(\.utm.content), column: "utm_content",
            label: "Content", hint: "utm_content.", flag: "utm-content"),
        LinkField(
            group: .preview, name: "title", kind: .text(maximumLength: 300), value: .optional(\.preview.title), column: "preview_title",
            label: "Title", hint: "The social preview's title, shown when the link is shared.", flag: "title"),
        LinkField(
            group: .preview, name: "description", kind: .text(maximumLength: 1000), value: .optional(\.preview.description),
            column: "preview_description", label: "Description", hint: "The social preview's description.", flag: "description"),
        LinkField(
            group: .preview, name: "imageURL", kind: .imageURL, value: .optional(\.preview.imageURL), column: "preview_image_url",
            label: "Image", hint: "The social preview's image, an https URL on the config's hosts or allowedRedirectHosts.", flag: "image-url"),
        LinkField(
            group: .minAppVersion, name: "ios", kind: .appVersion(.ios), value: .optional(\.minIOSVersion), column: "min_ios_version",
            label: "iOS app version",
            hint: "The oldest iOS app version (marketing version, such as 5.2) that can open the link; older installs are sent to the App Store to update.",
            flag: "min-ios-version"),
        LinkField(
            group: .minAppVersion, name: "android", kind: .appVersion(.android), value: .optional(\.minAndroidVersion),
            column: "min_android_version", label: "Android versionCode",
            hint: "The oldest Android versionCode (a whole number, such as 520) that can open the link; older installs are sent to Google Play to update.",
            flag: "min-android-version"),
    ]
}
