import DeepLinkCore
import Foundation

/// Writes every association file from the config's routes and `apps` section, so the config
/// stays the single source of truth.
///
/// For each host in `apps.hosts`: `apple-app-site-association` (modern `components` and, in the
/// same `details` entry, equivalent legacy `paths` for iOS 12 and older; `webcredentials`;
/// `appclips`) and `assetlinks.json` (`handle_all_urls`, `get_login_creds` with web
/// credentials, and Android 15 `dynamic_app_link_components` with the same rules). For the apps:
/// the iOS entitlements, the Info.plist `CFBundleURLTypes` for the custom schemes, and the
/// AndroidManifest `<intent-filter>` elements.
public struct AssociationGenerator: Sendable {
    /// The settings the files are made from.
    public let settings: AssociationSettings
    /// The host short links live on, when it has files of its own: `nil` without one, and when it
    /// is one of the website's hosts (whose route-derived files it keeps).
    public let linkDomain: LinkDomain?

    /// Creates a generator.
    /// - Parameters:
    ///   - settings: The config's `apps` section, with its routes resolved.
    ///   - linkDomain: The host short links live on, if they have one of their own.
    public init(settings: AssociationSettings, linkDomain: LinkDomain? = nil) {
        self.settings = settings
        self.linkDomain = linkDomain.flatMap { domain in settings.hosts.contains { $0.host == domain.host } ? nil : domain }
    }

    /// Creates a generator from a config.
    /// - Parameters:
    ///   - config: A config with an `apps` section.
    ///   - linkDomain: The host short links live on, if they have one of their own.
    /// - Throws: ``ConfigError`` for a missing `apps` section or the first error in it.
    public init(config: DeepLinkConfig, linkDomain: LinkDomain? = nil) throws(ConfigError) {
        self.init(settings: try AssociationSettings.load(from: config), linkDomain: linkDomain)
    }

    /// The `file-too-large` error for a host's apple-app-site-association text, or `nil` when
    /// Apple would read a file that size.
    static func sizeError(ofAppleAppSiteAssociation text: String, host: String) -> AssociationError? {
        let size = text.utf8.count
        guard size > AppleAppSiteAssociation.maximumSize else { return nil }
        return AssociationError(
            code: .fileTooLarge,
            message: "the apple-app-site-association file for \(host) would be \(size) bytes; Apple ignores files over 128 KB: "
                + "list fewer routes as universal links or merge them under shared prefixes",
            input: appleAppSiteAssociationPath(host: host))
    }

    /// A host's apple-app-site-association as ``files()`` writes it, whatever its size.
    func appleAppSiteAssociationText(for host: HostAssociation) -> String? {
        appleAppSiteAssociation(for: host).map { JSONWriter.write($0, pretty: true) + "\n" }
    }

    /// Where ``files()`` puts a host's apple-app-site-association.
    static func appleAppSiteAssociationPath(host: String) -> String {
        "hosts/\(host)/.well-known/apple-app-site-association"
    }

    /// Every file, in a stable order: per host, then iOS, then Android.
    /// - Throws: ``AssociationError`` with code `file-too-large` when an apple-app-site-association
    ///   file would exceed 128 KB.
    public func files() throws(AssociationError) -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        for host in settings.hosts {
            if let text = appleAppSiteAssociationText(for: host) {
                let path = Self.appleAppSiteAssociationPath(host: host.host)
                if let error = Self.sizeError(ofAppleAppSiteAssociation: text, host: host.host) { throw error }
                files.append(GeneratedFile(kind: .appleAppSiteAssociation, path: path, host: host.host, contents: text))
            }
            if let statements = assetLinks(for: host) {
                files.append(
                    GeneratedFile(
                        kind: .assetLinks, path: "hosts/\(host.host)/.well-known/assetlinks.json", host: host.host,
                        contents: statements.jsonText))
            }
        }
        if let linkDomain {
            if let json = appleAppSiteAssociation(forLinkDomain: linkDomain) {
                files.append(
                    GeneratedFile(
                        kind: .appleAppSiteAssociation, path: Self.appleAppSiteAssociationPath(host: linkDomain.host), host: linkDomain.host,
                        contents: JSONWriter.write(json, pretty: true) + "\n"))
            }
            if let statements = assetLinks(forLinkDomain: linkDomain) {
                files.append(
                    GeneratedFile(
                        kind: .assetLinks, path: "hosts/\(linkDomain.host)/.well-known/assetlinks.json", host: linkDomain.host,
                        contents: statements.jsonText))
            }
        }
        if !settings.iosApps.isEmpty, !settings.hosts.isEmpty || linkDomain != nil {
            files.append(
                GeneratedFile(kind: .entitlements, path: "ios/AssociatedDomains.entitlements", contents: entitlements()))
        }
        if let urlTypes = urlTypes() {
            files.append(GeneratedFile(kind: .urlTypes, path: "ios/URLTypes.plist", contents: urlTypes))
        }
        if !settings.androidApps.isEmpty {
            files.append(GeneratedFile(kind: .intentFilters, path: "android/intent-filters.xml", contents: intentFilters()))
        }
        return files
    }

    /// The host's apple-app-site-association as JSON, or `nil` when the config has no iOS app.
    /// - Parameter host: One of the settings' hosts.
    public func appleAppSiteAssociation(for host: HostAssociation) -> JSONValue? {
        guard !settings.iosApps.isEmpty else { return nil }
        let globs = routeGlobs(for: host)
        var components: [JSONValue] = host.exclusions.map { pattern in
            ["/": .string(pattern), "exclude": true, "comment": "stays on the web"]
        }
        var paths: [JSONValue] = host.exclusions.map { .string("NOT " + Self.legacyForm(of: $0, variables: host.variables)) }
        for glob in globs {
            var component: [String: JSONValue] = [
                "/": .string(glob.componentPath), "comment": .string("route \(glob.route.pattern)"),
            ]
            if !glob.query.isEmpty {
                component["?"] = .object(
                    Dictionary(uniqueKeysWithValues: glob.query.map { ($0.name, .string(RouteGlob.render($0.pieces, legacy: false))) }))
            }
            components.append(.object(component))
            paths.append(.string(glob.legacyPath))
        }
        var appLinks: [String: JSONValue] = [
            "apps": [],
            "details": .array(
                settings.iosApps.map { app in
                    [
                        "appID": .string(app.appID), "appIDs": [.string(app.appID)], "components": .array(components),
                        "paths": .array(paths),
                    ]
                }),
        ]
        if !host.defaults.isEmpty {
            var defaults: [String: JSONValue] = [:]
            if let caseSensitive = host.defaults.caseSensitive { defaults["caseSensitive"] = .bool(caseSensitive) }
            if let percentEncoded = host.defaults.percentEncoded { defaults["percentEncoded"] = .bool(percentEncoded) }
            appLinks["defaults"] = .object(defaults)
        }
        if !host.substitutionVariables.isEmpty {
            appLinks["substitutionVariables"] = .object(host.substitutionVariables.mapValues { .array($0.map(JSONValue.string)) })
        }
        var root: [String: JSONValue] = ["applinks": .object(appLinks)]
        if host.webCredentials {
            root["webcredentials"] = ["apps": .array(settings.iosApps.map { .string($0.appID) })]
        }
        if host.appClips {
            root["appclips"] = ["apps": .array(settings.iosApps.compactMap(\.appClipID).map(JSONValue.string))]
        }
        return .object(root)
    }

    /// The host's statement list, or `nil` when the config has no Android app.
    /// - Parameter host: One of the settings' hosts.
    public func assetLinks(for host: HostAssociation) -> AssetLinkStatementList? {
        guard !settings.androidApps.isEmpty else { return nil }
        var rules: [JSONValue] = host.exclusions.map { pattern in
            ["/": .string(Self.legacyForm(of: pattern, variables: host.variables)), "exclude": true]
        }
        for glob in routeGlobs(for: host) {
            var rule: [String: JSONValue] = ["/": .string(glob.legacyPath)]
            if !glob.query.isEmpty {
                rule["?"] = .object(
                    Dictionary(uniqueKeysWithValues: glob.query.map { ($0.name, .string(RouteGlob.render($0.pieces, legacy: true))) }))
            }
            rules.append(.object(rule))
        }
        let relations = [AssetLinkStatement.handleAllURLs] + (host.webCredentials ? [AssetLinkStatement.getLoginCredentials] : [])
        let extensions: JSONValue = [AssetLinkStatement.handleAllURLs: ["dynamic_app_link_components": .array(rules)]]
        return AssetLinkStatementList(
            statements: settings.androidApps.enumerated().map { index, app in
                AssetLinkStatement(
                    relations: relations,
                    target: .androidApp(package: app.package, sha256CertFingerprints: app.sha256CertFingerprints),
                    relationExtensions: extensions, jsonPath: JSONPath.root.appending(index: index))
            })
    }

    /// The routes of a host as patterns, in config order.
    func routeGlobs(for host: HostAssociation) -> [RouteGlob] {
        host.universalLinkRoutes.map { RouteGlob(route: $0, percentEncoded: host.defaults.percentEncoded ?? true) }
    }

    /// A `components` path pattern for legacy `paths` and Android, which have no variables:
    /// a variable whose strings all have one length `n` and no wildcard becomes `n` × `?`,
    /// any other variable `*`, so the pattern never matches less than before.
    static func legacyForm(of pattern: String, variables: SubstitutionVariables) -> String {
        var result = ""
        var rest = Substring(pattern)
        while let start = rest.range(of: "$(") {
            result += rest[..<start.lowerBound]
            guard let close = rest[start.upperBound...].firstIndex(of: ")") else {
                rest = rest[start.lowerBound...]
                break
            }
            let values = variables.values(named: String(rest[start.upperBound..<close])) ?? []
            let lengths = Set(values.map(\.count))
            let plain = values.allSatisfy { !$0.contains("*") && !$0.contains("?") }
            result += lengths.count == 1 && plain ? String(repeating: "?", count: lengths.first ?? 0) : "*"
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
