import DeepLinkCore
import Foundation

/// Checks that the generated association files and the config's routes agree, for `deeplink check`.
///
/// - `route-not-covered` (error): a universal-link route's sample URL does not open the app
///   through the generated apple-app-site-association (`components` or legacy `paths`),
///   Android 15 dynamic rules or the manifest's `pathPattern`s; the message names the rule that
///   excluded it.
/// - `pattern-reaches-no-route` (warning): a URL built from a generated pattern reaches no route,
///   so the app would open for links it cannot show.
/// - `no-web-equivalent` (error): a universal-link route has no https URL that works without the
///   app, because no value satisfies one of its parameters' regexes.
/// - `host-without-association` (warning): one of the config's `hosts` has no entry in
///   `apps.hosts`, so no association file is generated for it.
public enum AssociationCoverage {
    /// Every finding about the config's `apps` section and the files generated from it; without
    /// an `apps` section, a warning for each of the config's hosts.
    /// - Parameter config: A config read from a file or text.
    public static func lint(_ config: DeepLinkConfig) -> [Diagnostic] {
        let report = AssociationSettings.diagnose(config)
        guard let settings = report.settings else {
            return report.errors.isEmpty ? located(hostsWithoutAssociation(config, settings: nil), in: config) : report.diagnostics
        }
        let generator = AssociationGenerator(settings: settings)
        // Every handler counts as registered: the lint asks where links go, not what the app runs.
        var builder = RouterBuilder(config: config, logger: SilentRouteLogger())
        builder.registerPassThroughHandlers()
        guard let router = try? builder.build() else { return report.diagnostics }
        var findings = hostsWithoutAssociation(config, settings: settings)
        for host in settings.hosts {
            findings += lint(host: host, generator: generator, router: router)
        }
        return report.diagnostics + located(findings, in: config)
    }

    private static func located(_ findings: [Diagnostic], in config: DeepLinkConfig) -> [Diagnostic] {
        findings.map { finding in
            var finding = finding
            finding.file = config.file
            return finding
        }
    }

    /// A warning for each of the config's `hosts` that `apps.hosts` does not list: no association
    /// file is generated for it, so iOS and Android will not open the app for its links.
    private static func hostsWithoutAssociation(_ config: DeepLinkConfig, settings: AssociationSettings?) -> [Diagnostic] {
        let associated = Set(settings?.hosts.map(\.host) ?? [])
        return config.hosts.enumerated().filter { !associated.contains($0.element) }.map { index, host in
            let fix = host.hasPrefix("*.")
                ? "a wildcard cannot serve one; list each subdomain in \"hosts\" and in apps.hosts"
                : "add it to apps.hosts, or remove it from \"hosts\""
            return Diagnostic(
                severity: .warning, code: "host-without-association",
                message: "host \(host) has no association settings in apps.hosts, so no apple-app-site-association or "
                    + "assetlinks.json is generated for it and iOS and Android will not open the app for its links; \(fix)",
                path: JSONPath.root.appending(key: "hosts").appending(index: index), location: config.hostLocations[host])
        }
    }

    private static func lint(host: HostAssociation, generator: AssociationGenerator, router: Router) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let hostPath = JSONPath.root.appending(key: "apps").appending(key: "hosts").appending(key: host.host)
        let associationText = generator.appleAppSiteAssociationText(for: host)
        // What `generate` refuses, found before it runs.
        if let text = associationText, let error = AssociationGenerator.sizeError(ofAppleAppSiteAssociation: text, host: host.host) {
            findings.append(Diagnostic(severity: .error, code: error.code.description, message: error.message, path: hostPath, location: nil))
        }
        let association = associationText.flatMap { try? AppleAppSiteAssociation.parse($0) }
        let androidRules = generator.assetLinks(for: host)?.androidDynamicRules ?? []
        for glob in generator.routeGlobs(for: host) {
            let routePath = glob.route.path
            func finding(_ severity: Diagnostic.Severity, _ code: String, _ message: String) {
                findings.append(
                    Diagnostic(severity: severity, code: code, message: message, path: routePath, location: glob.route.location))
            }
            guard let url = glob.sampleURL(host: host.host) else {
                finding(
                    .error, "no-web-equivalent",
                    "route \(glob.route.pattern) is a universal link on \(host.host) but no value satisfies its parameters' "
                        + "regexes, so it has no https URL that works without the app")
                continue
            }
            for app in generator.settings.iosApps {
                guard let association else { continue }
                for format in AASAFormat.allCases {
                    let result = association.match(url, appID: app.appID, format: format)
                    if result.decision != .match {
                        finding(
                            .error, "route-not-covered",
                            "\(url.absoluteString) (route \(glob.route.pattern)) does not open \(app.appID) "
                                + "with \(format.rawValue): \(result.reason)")
                    }
                }
            }
            if !generator.settings.androidApps.isEmpty, let parts = try? AASAURLComponents(url) {
                if let decider = androidRules.first(where: { $0.matches(parts) }), decider.isExclusion {
                    finding(
                        .error, "route-not-covered",
                        "\(url.absoluteString) (route \(glob.route.pattern)) is excluded on Android by \(decider.source.jsonText)")
                } else if !androidRules.contains(where: { $0.matches(parts) }) {
                    finding(
                        .error, "route-not-covered",
                        "\(url.absoluteString) (route \(glob.route.pattern)) matches no Android dynamic rule")
                }
                let manifestPattern = AASAPattern(
                    glob.androidPathPattern.replacingOccurrences(of: ".*", with: "*").replacingOccurrences(of: ".", with: "?"),
                    variables: nil)
                if !manifestPattern.matches(parts.decoded.path) {
                    finding(
                        .error, "route-not-covered",
                        "the manifest pathPattern \(glob.androidPathPattern) does not match \(parts.decoded.path)")
                }
            }
            if !reachesRoute(glob, host: host, router: router) {
                findings.append(
                    Diagnostic(
                        severity: .warning, code: "pattern-reaches-no-route",
                        message: "no URL built from the generated pattern \(glob.componentPath) reaches a route; the pattern "
                            + "may be wider than route \(glob.route.pattern)'s regexes",
                        path: hostPath, location: nil))
            }
        }
        return findings
    }

    /// Whether a URL built from the route's generated pattern, with every wildcard filled by
    /// one of a few sample characters, is routed by the app's router to a route (not the default).
    private static func reachesRoute(_ glob: RouteGlob, host: HostAssociation, router: Router) -> Bool {
        ["1", "a", "x", "123e4567-e89b-12d3-a456-426614174000"].contains { filler in
            let path = glob.pathPieces.map { piece -> String in
                switch piece {
                case .literal(let text): text
                case .any, .star: filler
                case .variable(let name): host.variables.values(named: name)?.first { !$0.contains("*") && !$0.contains("?") } ?? filler
                }
            }.joined()
            let query = glob.query.map { "\($0.name)=\(filler)" }.joined(separator: "&")
            guard let url = URL(string: "https://\(host.host)\(path)\(query.isEmpty ? "" : "?" + query)") else { return false }
            // Asked as iOS would deliver it, with a signed-in user: sign-in gating is not coverage.
            return router.match(RouteRequest(url: url, origin: .universalLink, isSignedIn: true)).outcome == .matched
        }
    }
}
