import Foundation

/// Decides which URLs a link may send people to: https only, to the config's hosts, the app
/// stores, or an allowlisted host; never `javascript:`, `data:`, userinfo tricks such as
/// `https://good.com@evil.com`, protocol-relative or malformed URLs. `Sendable`.
struct RedirectPolicy: Sendable {
    /// The App Store and Play Store hosts.
    static let storeHosts: Set<String> = ["apps.apple.com", "itunes.apple.com", "play.google.com"]

    private let exactHosts: Set<String>
    private let suffixes: [String]

    /// Creates a policy.
    /// - Parameters:
    ///   - configHosts: The config's universal-link hosts.
    ///   - allowlist: Extra hosts; `*.example.com` allows every subdomain of `example.com`.
    init(configHosts: [String], allowlist: [String]) {
        let all = (configHosts + allowlist).map { $0.lowercased() }
        exactHosts = Self.storeHosts.union(all.filter { !$0.hasPrefix("*.") })
        suffixes = all.filter { $0.hasPrefix("*.") }.map { String($0.dropFirst(1)) }
    }

    /// Checks a URL a link redirects to.
    /// - Parameters:
    ///   - text: The URL as given.
    ///   - field: The field's JSON path, for the error.
    /// - Returns: The parsed URL.
    /// - Throws: ``LinkServerError`` with code `disallowed-url`.
    func redirectTarget(_ text: String, field: String) throws(LinkServerError) -> URL {
        let (url, host) = try Self.safeHTTPSURL(text, field: field)
        guard allows(host: host) else {
            throw LinkServerError(
                code: .disallowedURL,
                message: "links may only redirect to the config's hosts, the app stores or the server's allowlist; \(host) is none of them",
                field: field)
        }
        return url
    }

    /// Whether a URL may be redirected to now, for URLs stored before the allowlist changed.
    func allowsRedirect(to text: String) -> Bool {
        (try? redirectTarget(text, field: "")) != nil
    }

    /// Whether a host may be redirected to.
    func allows(host: String) -> Bool {
        exactHosts.contains(host) || suffixes.contains { host.hasSuffix($0) && host.count > $0.count }
    }

    /// Checks that a URL is a plain https URL: no userinfo, no whitespace or control characters,
    /// no backslashes, a host, at most 2048 bytes.
    /// - Returns: The URL and its lowercased host.
    /// - Throws: ``LinkServerError`` with code `disallowed-url`.
    static func safeHTTPSURL(_ text: String, field: String) throws(LinkServerError) -> (URL, String) {
        func refuse(_ why: String) -> LinkServerError {
            LinkServerError(code: .disallowedURL, message: "\(why); give an absolute https URL such as https://example.com/page", field: field)
        }
        guard text.utf8.count <= 2048 else { throw refuse("the URL is longer than 2048 bytes") }
        guard !text.hasPrefix("//") else { throw refuse("protocol-relative URLs are not allowed") }
        guard !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7f || $0 == "\\" })
        else { throw refuse("the URL contains whitespace, control characters or backslashes") }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw refuse("the URL cannot be parsed")
        }
        guard scheme == "https" else { throw refuse("the scheme \(scheme): is not allowed, only https:") }
        let authority = text.dropFirst("https://".count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard components.user == nil, components.password == nil, !authority.contains("@") else {
            throw refuse("URLs with a user name or password (user@host) are not allowed")
        }
        guard let host = components.host?.lowercased(), !host.isEmpty, let url = URL(string: text) else {
            throw refuse("the URL has no host")
        }
        return (url, host)
    }
}
