import DeepLinkCore

import Foundation

extension AppLinkMetadata {
    /// The `al:*` meta tags that declare this metadata, in the order ``init(tags:pageURL:)`` reads
    /// back into the same metadata: the targets of `ios`, `iphone`, `ipad`, `android`,
    /// `windows_phone`, `windows` and `windows_universal` in turn, each target's properties in the
    /// protocol's order, then `al:web`.
    ///
    /// A platform's second and later targets start with the bare platform tag (`al:ios`), so no
    /// reader merges them into the one before. Targets without a property are left out, as
    /// readers drop them. `al:web:url` is written only when it is not ``sourceURL``, and
    /// `al:web:should_fallback` only when it is `false`: the defaults need no tag.
    public var metaTags: [HTMLMetaTag] {
        var tags: [HTMLMetaTag] = []
        func add(_ platform: AppLinkPlatform, _ targets: [[(key: String, value: String?)]]) {
            let written = targets.map { $0.compactMap { key, value in value.map { (key, $0) } } }.filter { !$0.isEmpty }
            for (index, properties) in written.enumerated() {
                if index > 0 { tags.append(HTMLMetaTag(property: "al:\(platform.rawValue)", content: "")) }
                tags += properties.map { HTMLMetaTag(property: "al:\(platform.rawValue):\($0.0)", content: $0.1) }
            }
        }
        for (platform, targets) in [(AppLinkPlatform.ios, ios), (.iphone, iphone), (.ipad, ipad)] {
            add(platform, targets.map { [("url", $0.url?.absoluteString), ("app_store_id", $0.appStoreID), ("app_name", $0.appName)] })
        }
        add(.android, android.map { [("url", $0.url?.absoluteString), ("package", $0.packageName), ("class", $0.className), ("app_name", $0.appName)] })
        for (platform, targets) in [(AppLinkPlatform.windowsPhone, windowsPhone), (.windows, windows), (.windowsUniversal, windowsUniversal)] {
            add(platform, targets.map { [("url", $0.url?.absoluteString), ("app_id", $0.appID), ("app_name", $0.appName)] })
        }
        if web.url != sourceURL { tags.append(HTMLMetaTag(property: "al:web:url", content: web.url.absoluteString)) }
        if !web.shouldFallback { tags.append(HTMLMetaTag(property: "al:web:should_fallback", content: "false")) }
        return tags
    }

    /// ``metaTags`` as HTML, one `<meta property="…" content="…">` per line, with `&`, `<`, `>`,
    /// `"` and `'` escaped in every attribute, ready for a page's `<head>`.
    public var metaTagsHTML: String {
        metaTags.map { #"<meta property="\#(MarkupText.escaped($0.property))" content="\#(MarkupText.escaped($0.content))">"# }
            .joined(separator: "\n")
    }
}
