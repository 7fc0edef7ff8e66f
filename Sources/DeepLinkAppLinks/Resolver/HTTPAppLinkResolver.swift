import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Resolves App Links by fetching the page over HTTP and reading its `al:*` meta tags.
///
/// Requests carry `Prefer-Html-Meta-Tags: al`, which lets servers that know the convention
/// answer with just the tags. Redirects are followed up to a limit, the whole fetch has a time
/// limit, and pages larger than a size cap are refused rather than read in full. Only 2xx
/// answers with an HTML content type (or none) are read. Nothing is cached; wrap the resolver
/// in a ``CachingAppLinkResolver`` for that.
public struct HTTPAppLinkResolver: AppLinkResolver {
    /// Limits and headers for fetching pages.
    public struct Configuration: Sendable, Hashable {
        /// The longest a fetch may take, redirects included. Default: 10 seconds.
        public var timeout: Duration
        /// The most redirects followed before giving up. Default: 5.
        public var maximumRedirects: Int
        /// The largest page read, in bytes. Default: 2 MiB.
        public var maximumPageSize: Int
        /// The `User-Agent` request header. Default: `swift-deeplink AppLinks 1.0`.
        public var userAgent: String

        /// Creates a configuration.
        /// - Parameters:
        ///   - timeout: The longest a fetch may take, redirects included.
        ///   - maximumRedirects: The most redirects followed.
        ///   - maximumPageSize: The largest page read, in bytes.
        ///   - userAgent: The `User-Agent` request header.
        public init(
            timeout: Duration = .seconds(10), maximumRedirects: Int = 5, maximumPageSize: Int = 2 << 20,
            userAgent: String = AppLinkNavigator.defaultUserAgent
        ) {
            self.timeout = timeout
            self.maximumRedirects = maximumRedirects
            self.maximumPageSize = maximumPageSize
            self.userAgent = userAgent
        }
    }

    /// The request header that asks for App Links meta tags, and its value.
    public static let preferHeader = (name: "Prefer-Html-Meta-Tags", value: "al")

    /// The limits and headers used.
    public var configuration: Configuration

    /// Creates a resolver.
    /// - Parameter configuration: The limits and headers to use.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Fetches a page and reads its App Links.
    /// - Parameter url: An http or https URL.
    /// - Returns: The page's metadata, with `url` (not the address redirected to) as its source.
    /// - Throws: ``AppLinksError`` with code `invalid-url` for other URLs, `http-status`,
    ///   `unsupported-content-type`, `response-too-large`, `too-many-redirects`, `timed-out` or
    ///   `network-failure`.
    public func appLinks(for url: URL) async throws(AppLinksError) -> AppLinkMetadata {
        guard url.isHTTP else {
            throw AppLinksError(
                code: .invalidURL, message: "App Links can only be resolved for http and https URLs", url: url)
        }
        var request = URLRequest(url: url)
        request.setValue(Self.preferHeader.value, forHTTPHeaderField: Self.preferHeader.name)
        request.setValue("text/html, application/xhtml+xml;q=0.9, */*;q=0.1", forHTTPHeaderField: "Accept")
        request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        let page = try await PageFetch(request: request, configuration: configuration).run()
        return AppLinkMetadata(html: page.text, pageURL: url)
    }
}
