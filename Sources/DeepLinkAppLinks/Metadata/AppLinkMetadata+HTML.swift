import Foundation

extension AppLinkMetadata {
    /// Reads the `al:*` meta tags of an HTML page.
    ///
    /// Tags are grouped into targets the way the App Links protocol (after Open Graph's
    /// structured properties) does: a platform's targets are built in page order, and a
    /// property the current target already has, or a bare platform tag such as `al:ios`,
    /// starts the next target. Unknown platforms and keys are ignored; empty values count as
    /// absent. Only the first `al:web` target is used. `al:web:url` may be relative to the page;
    /// when it is absent or not an http or https URL, the web fallback is `pageURL`.
    /// `al:web:should_fallback` is `false` for `false`, `no` or `0` in any case.
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
            web: WebAppLinkTarget(properties: groups.targets(for: "web").first ?? [:], pageURL: pageURL))
    }
}

/// The `al:*` properties of a page, per platform, split into one dictionary per target.
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

    var groups: [String: [[String: String]]] = [:]

    mutating func add(_ tag: HTMLMetaTag) {
        guard tag.property.hasPrefix("al:") else { return }
        let parts = tag.property.dropFirst(3).split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let platform = parts.first, let keys = Self.keys[platform], parts.count <= 2 else { return }
        guard parts.count == 2 else {
            startTarget(for: platform)
            return
        }
        let key = parts[1]
        guard keys.contains(key) else { return }
        var targets = groups[platform] ?? []
        if targets.last.map({ $0[key] != nil }) ?? true { targets.append([:]) }
        targets[targets.count - 1][key] = tag.content
        groups[platform] = targets
    }

    /// Starts a new target unless the current one is still empty.
    mutating func startTarget(for platform: String) {
        if groups[platform]?.last?.isEmpty == true { return }
        groups[platform, default: []].append([:])
    }

    func targets(for platform: String) -> [[String: String]] {
        (groups[platform] ?? []).filter { !$0.isEmpty }
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
