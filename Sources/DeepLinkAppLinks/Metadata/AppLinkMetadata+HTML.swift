import Foundation

extension AppLinkMetadata {
    /// Reads the `al:*` meta tags of an HTML page.
    ///
    /// Tags are grouped into targets as Bolts' resolvers group them: the values of each property
    /// of a platform are collected in page order, and the n-th value of every property goes to
    /// the n-th target, whatever order the tags come in (`url a`, `url b`, `app_name A`,
    /// `app_name B` make the targets `{a, A}` and `{b, B}`; three `package` tags and two
    /// `app_name` tags make three targets, the last without a name). A bare platform tag such as
    /// `al:ios` starts a new group of that platform's targets. Unknown platforms and keys are
    /// ignored; empty values count as absent but keep their place. Only the first `al:web` group
    /// is used, and its first values. `al:web:url` may be relative to the page; when it is absent
    /// or not an http or https URL, the web fallback is `pageURL`. `al:web:should_fallback` is
    /// `false` for `false`, `no` or `0` in any case.
    /// - Parameters:
    ///   - html: The page's text.
    ///   - pageURL: The page's URL: the navigation target and the default web fallback.
    public init(html: String, pageURL: URL) {
        self.init(tags: HTMLMetaTag.scan(html), pageURL: pageURL)
    }

    /// Reads `al:*` properties that were already taken out of a page, for example by a web view script.
    /// - Parameters:
    ///   - tags: The page's meta tags in page order; tags outside the `al:` namespace are ignored.
    ///   - pageURL: The page's URL: the navigation target and the default web fallback.
    public init(tags: [HTMLMetaTag], pageURL: URL) {
        var groups = TargetGroups()
        for tag in tags { groups.add(tag) }
        self.init(
            sourceURL: pageURL,
            ios: groups.targets(for: "ios").map(IOSAppLinkTarget.init(properties:)),
            iphone: groups.targets(for: "iphone").map(IOSAppLinkTarget.init(properties:)),
            ipad: groups.targets(for: "ipad").map(IOSAppLinkTarget.init(properties:)),
            android: groups.targets(for: "android").map(AndroidAppLinkTarget.init(properties:)),
            windowsPhone: groups.targets(for: "windows_phone").map(WindowsAppLinkTarget.init(properties:)),
            windows: groups.targets(for: "windows").map(WindowsAppLinkTarget.init(properties:)),
            windowsUniversal: groups.targets(for: "windows_universal").map(WindowsAppLinkTarget.init(properties:)),
            web: WebAppLinkTarget(properties: groups.firstValues(for: "web"), pageURL: pageURL))
    }
}

/// The `al:*` properties of a page, per platform: groups (a bare platform tag starts one), each
/// holding every value of each property in page order.
private struct TargetGroups {
    static let keys: [String: Set<String>] = [
        "ios": ["url", "app_store_id", "app_name"],
        "iphone": ["url", "app_store_id", "app_name"],
        "ipad": ["url", "app_store_id", "app_name"],
        "android": ["url", "package", "class", "app_name"],
        "windows_phone": ["url", "app_id", "app_name"],
        "windows": ["url", "app_id", "app_name"],
        "windows_universal": ["url", "app_id", "app_name"],
        "web": ["url", "should_fallback"],
    ]

    /// One group: each property's values, in page order.
    typealias Group = [String: [String]]

    var groups: [String: [Group]] = [:]

    mutating func add(_ tag: HTMLMetaTag) {
        guard tag.property.hasPrefix("al:") else { return }
        let parts = tag.property.dropFirst(3).split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let platform = parts.first, let keys = Self.keys[platform], parts.count <= 2 else { return }
        guard parts.count == 2 else {
            groups[platform, default: []].append([:])
            return
        }
        let key = parts[1]
        guard keys.contains(key) else { return }
        var platformGroups = groups[platform] ?? [[:]]
        platformGroups[platformGroups.count - 1][key, default: []].append(tag.content)
        groups[platform] = platformGroups
    }

    /// A platform's targets, group by group: the n-th values of every property form the n-th
    /// target; targets with no value at all are left out.
    func targets(for platform: String) -> [[String: String]] {
        (groups[platform] ?? []).flatMap { group in
            let count = group.values.map(\.count).max() ?? 0
            return (0..<count).map { index in group.compactMapValues { values in values.indices.contains(index) ? values[index] : nil } }
        }.filter { target in target.values.contains { !$0.isEmpty } }
    }

    /// The first value of each property in the platform's first group, as Bolts reads `al:web`.
    func firstValues(for platform: String) -> [String: String] {
        groups[platform]?.first?.compactMapValues(\.first) ?? [:]
    }
}

extension [String: String] {
    /// The value for a key, or `nil` when it is missing or empty.
    func value(_ key: String) -> String? {
        guard let value = self[key], !value.isEmpty else { return nil }
        return value
    }

    /// The value for a key as a URL, or `nil` when it is missing, empty or not a URL.
    func url(_ key: String) -> URL? {
        value(key).flatMap { URL(string: $0) }
    }
}

extension IOSAppLinkTarget {
    fileprivate init(properties: [String: String]) {
        self.init(url: properties.url("url"), appStoreID: properties.value("app_store_id"), appName: properties.value("app_name"))
    }
}

extension AndroidAppLinkTarget {
    fileprivate init(properties: [String: String]) {
        self.init(
            url: properties.url("url"), packageName: properties.value("package"), className: properties.value("class"),
            appName: properties.value("app_name"))
    }
}

extension WindowsAppLinkTarget {
    fileprivate init(properties: [String: String]) {
        self.init(url: properties.url("url"), appID: properties.value("app_id"), appName: properties.value("app_name"))
    }
}

extension WebAppLinkTarget {
    fileprivate static let falseValues: Set<String> = ["false", "no", "0"]

    fileprivate init(properties: [String: String], pageURL: URL) {
        let url = properties.value("url").flatMap { URL(string: $0, relativeTo: pageURL)?.absoluteURL }
        self.init(
            url: url.flatMap { $0.isHTTP ? $0 : nil } ?? pageURL,
            shouldFallback: !Self.falseValues.contains(properties.value("should_fallback")?.lowercased() ?? ""))
    }
}

extension URL {
    /// Whether the URL is absolute with an `http` or `https` scheme and a host.
    var isHTTP: Bool {
        guard let scheme = scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return host?.isEmpty == false
    }
}
