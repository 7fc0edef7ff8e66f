/// One file `deeplink generate` writes.
public struct GeneratedFile: Sendable, Hashable {
    /// What the file is for.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `apple-app-site-association`, served at `/.well-known/` on the host.
        case appleAppSiteAssociation = "apple-app-site-association"
        /// `assetlinks.json`, served at `/.well-known/` on the host.
        case assetLinks = "assetlinks"
        /// The iOS entitlements with `com.apple.developer.associated-domains`.
        case entitlements
        /// The Info.plist `CFBundleURLTypes` for the custom schemes.
        case urlTypes = "url-types"
        /// The AndroidManifest `<intent-filter>` elements.
        case intentFilters = "intent-filters"
    }

    /// What the file is for.
    public let kind: Kind
    /// Where the file goes, relative to the output folder, with `/` separators.
    public let path: String
    /// The host the file is served from, for files served by a host.
    public let host: String?
    /// The file's text.
    public let contents: String

    /// Creates a file.
    /// - Parameters:
    ///   - kind: What the file is for.
    ///   - path: Where the file goes, relative to the output folder.
    ///   - host: The host the file is served from.
    ///   - contents: The file's text.
    public init(kind: Kind, path: String, host: String? = nil, contents: String) {
        self.kind = kind
        self.path = path
        self.host = host
        self.contents = contents
    }
}
