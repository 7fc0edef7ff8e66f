import DeepLinkService
import Crypto
import DeepLinkAssociation
import HTTPTypes
import NIOCore

/// The association files of every host, generated once from the config by
/// `DeepLinkAssociation`'s ``AssociationGenerator`` and kept with their ETags. `Sendable`.
struct AssociationFiles: Sendable {
    /// One file's bytes, strong ETag and response headers, made once.
    struct Entry: Sendable {
        let body: ByteBuffer
        let etag: String
        /// The headers of a `200`: exactly `application/json`, the length, the ETag, a short cache lifetime.
        let headers: HTTPFields
        /// The headers of a `304`.
        let notModifiedHeaders: HTTPFields

        init(_ text: String) {
            body = ByteBuffer(string: text)
            etag = "\"" + String(SHA256.hex(text).prefix(32)) + "\""
            notModifiedHeaders = [.eTag: etag, .cacheControl: "public, max-age=300"]
            var headers = notModifiedHeaders
            headers[.contentType] = "application/json"
            headers[.contentLength] = String(body.readableBytes)
            self.headers = headers
        }
    }

    private let appleFiles: [String: Entry]
    private let assetLinks: [String: Entry]

    /// Generates the files: the website hosts' from their routes, the link domain's for short
    /// links only. A host that is neither has none: no host is given another host's files.
    /// - Parameters:
    ///   - apps: The config's `apps` section; without one there are no files.
    ///   - linkDomain: The host short links live on, if it has files of its own.
    ///   - developmentHost: The host of the development origin (`server.publicURL`), which is
    ///     given the link host's files, so a phone on the network reads what the link domain will serve.
    ///   - linkHost: The host short links live on.
    /// - Throws: ``ConfigError`` for errors in the `apps` section, ``AssociationError`` for a file
    ///   that would be too large.
    init(apps: AssociationSettingsReport, linkDomain: LinkDomain?, developmentHost: String? = nil, linkHost: String? = nil) throws {
        if let error = apps.errors.first { throw error }
        guard let settings = apps.settings else {
            appleFiles = [:]
            assetLinks = [:]
            return
        }
        var apple: [String: Entry] = [:]
        var android: [String: Entry] = [:]
        for file in try AssociationGenerator(settings: settings, linkDomain: linkDomain).files() {
            guard let host = file.host?.lowercased() else { continue }
            switch file.kind {
            case .appleAppSiteAssociation: apple[host] = Entry(file.contents)
            case .assetLinks: android[host] = Entry(file.contents)
            default: continue
            }
        }
        if let developmentHost, let linkHost = linkHost?.lowercased() {
            let key = developmentHost.contains(":") ? "[\(developmentHost)]" : developmentHost
            apple[key] = apple[linkHost]
            android[key] = android[linkHost]
        }
        appleFiles = apple
        assetLinks = android
    }

    /// The hosts with files, in order.
    var hosts: [String] { Set(appleFiles.keys).union(assetLinks.keys).sorted() }

    /// The apple-app-site-association for a requested host.
    /// - Parameter authority: The request's `Host`, with or without port.
    func appleAppSiteAssociation(for authority: String?) -> Entry? {
        appleFiles[resolvedHost(authority)]
    }

    /// The assetlinks.json for a requested host.
    /// - Parameter authority: The request's `Host`, with or without port.
    func assetLinks(for authority: String?) -> Entry? {
        assetLinks[resolvedHost(authority)]
    }

    private func resolvedHost(_ authority: String?) -> String {
        var host = (authority ?? "").lowercased()
        if host.hasPrefix("[") {
            host = String(host.prefix { $0 != "]" }) + "]"
        } else if let colon = host.lastIndex(of: ":") {
            host = String(host[..<colon])
        }
        return host
    }
}
