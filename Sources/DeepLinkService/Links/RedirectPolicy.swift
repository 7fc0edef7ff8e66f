import Foundation

/// Decides which URLs a link may send people to: https only, to the config's hosts, the app
/// stores, or an allowlisted host; never `javascript:`, `data:`, userinfo tricks such as
/// `https://good.com@evil.com`, protocol-relative or malformed URLs. `Sendable`.
package struct RedirectPolicy: Sendable {
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
    /// - Returns: The URL written again from the parts that were checked, its host in lowercase:
    ///   what the link stores and redirects to, so no other reading of the text can reach elsewhere.
    /// - Throws: ``LinkServerError`` with code `disallowed-url`.
    package func redirectTarget(_ text: String, field: String) throws(LinkServerError) -> String {
        let (url, host) = try Self.safeHTTPSURL(text, field: field)
        guard allows(host: host) else {
            throw LinkServerError(
                code: .disallowedURL,
                message: "links may only redirect to the config's hosts, the app stores or the server's allowlist; \(host) is none of them",
                field: field)
        }
        return url
    }

    /// The URL to redirect to for a stored URL, checked again because the allowlist may have
    /// changed since it was stored; `nil` when it may not be followed now.
    package func redirectURL(for text: String) -> String? {
        try? redirectTarget(text, field: "")
    }

    /// Whether a host may be redirected to.
    func allows(host: String) -> Bool {
        exactHosts.contains(host) || suffixes.contains { host.hasSuffix($0) && host.count > $0.count }
    }

    /// Checks that a URL is a plain https URL: no userinfo, no whitespace or control characters,
    /// no backslashes, a host written as plain text (nothing percent-encoded, nothing invisible),
    /// at most 2048 bytes.
    /// - Returns: The URL written again from its parsed parts, with the host in lowercase, and that host.
    /// - Throws: ``LinkServerError`` with code `disallowed-url`.
    static func safeHTTPSURL(_ text: String, field: String) throws(LinkServerError) -> (url: String, host: String) {
        func refuse(_ why: String) -> LinkServerError {
            LinkServerError(code: .disallowedURL, message: "\(why); give an absolute https URL such as https://example.com/page", field: field)
        }
        guard text.utf8.count <= 2048 else { throw refuse("the URL is longer than 2048 bytes") }
        guard !text.hasPrefix("//") else { throw refuse("protocol-relative URLs are not allowed") }
        if let character = OffendingCharacter.first(in: text, where: { OffendingCharacter.isControlOrSpace($0) || $0 == "\\" }) {
            throw refuse("the URL contains \(character); whitespace, control characters and backslashes are not allowed")
        }
        // A host is compared as text, so it must read the same to every parser: percent-encoded
        // or invisible characters could make the checked host and the visited one differ.
        let authority = Self.authority(of: text)
        if let authority {
            let offset = text[..<authority.startIndex].unicodeScalars.count
            if let character = OffendingCharacter.first(
                in: authority, offset: offset, where: { $0 == "%" || OffendingCharacter.isInvisible($0) })
            {
                let what = character.scalar == "%" ? "a percent-encoded character (% at position \(character.position))" : "\(character)"
                throw refuse("the host contains \(what); write the host as plain text")
            }
        }
        guard var components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw refuse("the URL cannot be parsed")
        }
        guard scheme == "https" else { throw refuse("the scheme \(scheme): is not allowed, only https:") }
        guard let authority else { throw refuse("the URL has no host") }
        guard components.user == nil, components.password == nil, !authority.contains("@") else {
            throw refuse("URLs with a user name or password (user@host) are not allowed")
        }
        guard let host = components.host?.lowercased(), !host.isEmpty else { throw refuse("the URL has no host") }
        if let port = components.port, !(1...65535).contains(port) { throw refuse("the port \(port) is not a TCP port (1 to 65535)") }
        components.scheme = scheme
        components.host = host
        guard let url = components.string else { throw refuse("the URL cannot be parsed") }
        return (url, host)
    }

    /// The text between `scheme://` and the path, query or fragment; `nil` without `://` right after a scheme.
    private static func authority(of text: String) -> Substring? {
        guard let separator = text.range(of: "://"),
            text[..<separator.lowerBound].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return text[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    }
}
