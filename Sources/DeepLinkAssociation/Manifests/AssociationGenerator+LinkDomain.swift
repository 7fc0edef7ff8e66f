import DeepLinkCore

extension AssociationGenerator {
    /// The link domain's apple-app-site-association, or `nil` when the config has no iOS app:
    /// the server's own paths excluded (without regard to case), then every one-segment path,
    /// a short link, for each iOS app; legacy `paths` say the same for iOS 12 and older.
    /// - Parameter domain: The link domain.
    public func appleAppSiteAssociation(forLinkDomain domain: LinkDomain) -> JSONValue? {
        guard !settings.iosApps.isEmpty else { return nil }
        var components: [JSONValue] = domain.exclusions.map { pattern in
            ["/": .string(pattern), "exclude": true, "caseSensitive": false, "comment": "the link server answers this itself"]
        }
        components.append(["/": .string(LinkDomain.shortLinkPattern), "comment": "short links: the app resolves the code"])
        let paths: [JSONValue] = domain.exclusions.map { .string("NOT " + $0) } + [.string(LinkDomain.shortLinkPattern)]
        let details: [JSONValue] = settings.iosApps.map { app in
            ["appID": .string(app.appID), "appIDs": [.string(app.appID)], "components": .array(components), "paths": .array(paths)]
        }
        return ["applinks": ["apps": [], "details": .array(details)]]
    }

    /// The link domain's statement list, or `nil` when the config has no Android app: each app
    /// handles all URLs, with Android 15's dynamic rules excluding the server's own paths.
    /// - Parameter domain: The link domain.
    public func assetLinks(forLinkDomain domain: LinkDomain) -> AssetLinkStatementList? {
        guard !settings.androidApps.isEmpty else { return nil }
        let rules: [JSONValue] = domain.exclusions.map { ["/": .string($0), "exclude": true] } + [["/": .string(LinkDomain.shortLinkPattern)]]
        let extensions: JSONValue = [AssetLinkStatement.handleAllURLs: ["dynamic_app_link_components": .array(rules)]]
        return AssetLinkStatementList(
            statements: settings.androidApps.enumerated().map { index, app in
                AssetLinkStatement(
                    relations: [AssetLinkStatement.handleAllURLs],
                    target: .androidApp(package: app.package, sha256CertFingerprints: app.sha256CertFingerprints),
                    relationExtensions: extensions, jsonPath: JSONPath.root.appending(index: index))
            })
    }

    /// The `pathPattern` of the link domain's intent filter: any path but the root. An intent
    /// filter cannot exclude paths, so before Android 15 (whose dynamic rules in assetlinks.json
    /// do exclude them) the app also receives the server's own paths, and resolving one says it
    /// is not a short link, with the URL to open in the browser instead.
    public static let linkDomainPathPattern = "/..*"
}
