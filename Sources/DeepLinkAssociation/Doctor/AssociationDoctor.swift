import DeepLinkCore
import Foundation

/// Fetches a domain's live association files and checks each the way Apple's CDN and Android's
/// verifier do: HTTPS, status 200, no redirect, `Content-Type: application/json`, size, valid
/// content, the expected app IDs and fingerprints, and, given the config, that the files are
/// what ``AssociationGenerator`` produces.
///
/// It fetches `/.well-known/apple-app-site-association`, `/apple-app-site-association` (the
/// fallback location, whose failures are warnings when the first one passes) and
/// `/.well-known/assetlinks.json`. Given the config, it also fetches one sample URL of each
/// universal-link route, which must load without the app (status 200; a redirect is a warning).
public struct AssociationDoctor: Sendable {
    /// What fetches the files.
    public let fetcher: any AssociationFileFetcher
    /// Whether `http://` is allowed for loopback hosts (`127.0.0.1`, `localhost`, `[::1]`), for tests.
    public let allowInsecureLoopback: Bool
    /// Hosts the fetcher connects to on a loopback address (`deeplink doctor --resolve`), which
    /// ``allowInsecureLoopback`` lets plain http reach as it does loopback hosts.
    public let loopbackHosts: Set<String>

    /// Creates a doctor.
    /// - Parameters:
    ///   - fetcher: What fetches the files; the default uses `URLSession` without redirects.
    ///   - allowInsecureLoopback: Whether `http://` is allowed for loopback hosts only.
    ///   - loopbackHosts: Hosts the fetcher connects to on a loopback address, lowercased.
    public init(
        fetcher: any AssociationFileFetcher = URLSessionAssociationFileFetcher(), allowInsecureLoopback: Bool = false,
        loopbackHosts: Set<String> = []
    ) {
        self.loopbackHosts = loopbackHosts
        self.fetcher = fetcher
        self.allowInsecureLoopback = allowInsecureLoopback
    }

    /// Examines a domain.
    /// - Parameters:
    ///   - site: `https://HOST` (or `http://127.0.0.1:PORT` with ``allowInsecureLoopback``).
    ///   - settings: The config's `apps` section, to check app IDs, fingerprints and that the
    ///     files match what `deeplink generate` writes; `nil` checks the files alone.
    ///   - configHost: The host of `apps.hosts` whose files the site should serve, when it is not
    ///     the site's own host (a staging or loopback server); `nil` uses the site's host.
    ///   - linkDomain: The link domain, when short links have one: its files are checked against
    ///     the link domain's, and it has no routes of its own to fetch web pages for.
    /// - Returns: Every check, per file.
    /// - Throws: ``AssociationError`` with `invalid-argument` for a URL with a path, query or
    ///   fragment, or `insecure-url` for a non-https URL that is not an allowed loopback one.
    public func examine(
        _ site: URL, settings: AssociationSettings? = nil, configHost: String? = nil, linkDomain: LinkDomain? = nil
    ) async throws(AssociationError) -> DoctorReport {
        let origin = try checkedOrigin(site)
        let host = (configHost ?? origin.host ?? "").lowercased()
        let expectations = settings.map { Expectations(settings: $0, host: host, linkDomain: linkDomain) }
        let primary = await examineFile(
            origin.appendingPathComponent(".well-known/apple-app-site-association"), kind: .appleAppSiteAssociation,
            isOptional: false, expectations: expectations)
        let fallback = await examineFile(
            origin.appendingPathComponent("apple-app-site-association"), kind: .appleAppSiteAssociation,
            isOptional: !primary.hasFailures, expectations: expectations)
        let assetLinks = await examineFile(
            origin.appendingPathComponent(".well-known/assetlinks.json"), kind: .assetLinks, isOptional: false,
            expectations: expectations)
        let pages = await examineWebEquivalents(origin: origin, expectations: expectations)
        return DoctorReport(site: origin, files: [primary, fallback, assetLinks], webEquivalents: pages)
    }

    /// Fetches each universal-link route's sample URL on the site, as a browser without the app would.
    private func examineWebEquivalents(origin: URL, expectations: Expectations?) async -> [DoctorCheck] {
        guard let expectations, let host = expectations.host else { return [] }
        var checks: [DoctorCheck] = []
        for glob in AssociationGenerator(settings: expectations.settings).routeGlobs(for: host) {
            let route = glob.route.pattern
            guard let path = glob.samplePath, let query = glob.sampleQuery,
                let url = URL(string: origin.absoluteString + path + (query.isEmpty ? "" : "?" + query))
            else {
                checks.append(
                    DoctorCheck(
                        name: "web-equivalent", status: .fail, message: "route \(route) has no sample URL",
                        fix: "give the route's parameters regexes that some value satisfies"))
                continue
            }
            let missing = "serve a web page for \(route): every universal link needs one for people without the app"
            do {
                let response = try await fetcher.fetch(url)
                switch response.statusCode {
                case 200:
                    checks.append(DoctorCheck(name: "web-equivalent", status: .pass, message: "\(url.path) answered 200"))
                case 300..<400:
                    let location = response.header("Location").map { " to \($0)" } ?? ""
                    checks.append(
                        DoctorCheck(
                            name: "web-equivalent", status: .warning,
                            message: "\(url.path) redirects (\(response.statusCode))\(location)",
                            fix: "make sure the redirect ends on a page that shows the content without the app"))
                default:
                    checks.append(
                        DoctorCheck(
                            name: "web-equivalent", status: .fail, message: "\(url.path) answered \(response.statusCode)",
                            fix: missing))
                }
            } catch {
                checks.append(
                    DoctorCheck(
                        name: "web-equivalent", status: .fail,
                        message: "\(url.path) could not be fetched: \(error.localizedDescription)", fix: missing))
            }
        }
        return checks
    }

    private func checkedOrigin(_ site: URL) throws(AssociationError) -> URL {
        guard let components = URLComponents(url: site, resolvingAgainstBaseURL: false), let scheme = components.scheme,
            let host = components.host, !host.isEmpty
        else {
            throw AssociationError(
                code: .invalidArgument, message: "write the site as https://HOST", input: site.absoluteString)
        }
        guard components.path.isEmpty || components.path == "/", components.query == nil, components.fragment == nil else {
            throw AssociationError(
                code: .invalidArgument, message: "give the site without a path, like https://shop.example.com",
                input: site.absoluteString)
        }
        let isLoopback = ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host.lowercased()) || loopbackHosts.contains(host.lowercased())
        switch scheme.lowercased() {
        case "https":
            break
        case "http" where allowInsecureLoopback && isLoopback:
            break
        case "http" where isLoopback:
            throw AssociationError(
                code: .insecureURL, message: "plain http needs --allow-http-loopback (loopback tests only)",
                input: site.absoluteString)
        default:
            throw AssociationError(
                code: .insecureURL, message: "Apple and Android fetch association files over https only",
                input: site.absoluteString)
        }
        var origin = URLComponents()
        origin.scheme = scheme.lowercased()
        origin.host = components.host
        origin.port = components.port
        guard let url = origin.url else {
            throw AssociationError(code: .invalidArgument, message: "write the site as https://HOST", input: site.absoluteString)
        }
        return url
    }

    private func examineFile(
        _ url: URL, kind: GeneratedFile.Kind, isOptional: Bool, expectations: Expectations?
    ) async -> DoctorFileReport {
        var checks: [DoctorCheck] = []
        let isHTTPS = url.scheme == "https"
        checks.append(
            isHTTPS
                ? DoctorCheck(name: "https", status: .pass, message: "served over https")
                : DoctorCheck(
                    name: "https", status: .warning, message: "plain http, allowed for this loopback test only",
                    fix: "serve the file over https with a valid certificate"))
        let response: FetchedResponse
        do {
            response = try await fetcher.fetch(url)
            checks.append(DoctorCheck(name: "reachable", status: .pass, message: "the server answered"))
        } catch {
            checks.append(
                DoctorCheck(
                    name: "reachable", status: .fail, message: "could not fetch the file: \(Self.fetchFailure(error))",
                    fix: "check DNS, the TLS certificate chain and that the server answers on port \(url.port ?? (isHTTPS ? 443 : 80))"))
            return finish(url: url, kind: kind, isOptional: isOptional, checks: checks)
        }
        checks += FileChecks(response: response, kind: kind, expectations: expectations).run()
        return finish(url: url, kind: kind, isOptional: isOptional, checks: checks)
    }

    /// Why a fetch failed, in words: URLSession's errors read `NSURLErrorDomain error -1001` on Linux.
    static func fetchFailure(_ error: any Error) -> String {
        guard let urlError = error as? URLError else { return error.localizedDescription }
        switch urlError.code {
        case .timedOut: return "no answer in time (timed out)"
        case .cannotFindHost, .dnsLookupFailed: return "the host name does not resolve (DNS)"
        case .cannotConnectToHost: return "nothing accepts connections there (connection refused)"
        case .networkConnectionLost: return "the connection closed before the answer was complete"
        case .notConnectedToInternet: return "this machine has no network connection"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
            .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return "the TLS handshake failed (\(urlError.code.rawValue)): the certificate is not trusted, expired or for another name"
        default: return "the request failed (URL error \(urlError.code.rawValue))"
        }
    }

    private func finish(url: URL, kind: GeneratedFile.Kind, isOptional: Bool, checks: [DoctorCheck]) -> DoctorFileReport {
        let adjusted =
            isOptional
            ? checks.map { check in
                check.status == .fail
                    ? DoctorCheck(
                        name: check.name, status: .warning, message: check.message + " (the .well-known file is used)",
                        fix: check.fix)
                    : check
            }
            : checks
        return DoctorFileReport(url: url, kind: kind, isOptional: isOptional, checks: adjusted)
    }
}

/// What the config says the live files should contain.
struct Expectations {
    let settings: AssociationSettings
    let host: HostAssociation?
    let hostName: String
    /// The link domain, when the host checked is it (and not one of the website's hosts).
    let linkDomain: LinkDomain?

    init(settings: AssociationSettings, host: String, linkDomain: LinkDomain? = nil) {
        self.settings = settings
        self.host = settings.hosts.first { $0.host == host }
        self.hostName = host
        self.linkDomain = self.host == nil && linkDomain?.host == host ? linkDomain : nil
    }

    /// The link domain's apple-app-site-association as `deeplink generate` writes it, when the host is the link domain.
    var generatedAppleAppSiteAssociation: JSONValue? {
        linkDomain.flatMap { AssociationGenerator(settings: settings, linkDomain: $0).appleAppSiteAssociation(forLinkDomain: $0) }
    }

    /// The link domain's assetlinks.json as `deeplink generate` writes it, when the host is the link domain.
    var generatedAssetLinks: JSONValue? {
        linkDomain.flatMap { domain in
            AssociationGenerator(settings: settings, linkDomain: domain).assetLinks(forLinkDomain: domain).map { list in
                (try? JSONValue(parsing: list.jsonText)) ?? .null
            }
        }
    }
}
