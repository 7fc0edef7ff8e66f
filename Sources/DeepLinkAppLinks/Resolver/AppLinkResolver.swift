import Foundation

/// Finds the App Links of a URL. The library's resolvers fetch the page itself
/// (``HTTPAppLinkResolver``) and cache answers (``CachingAppLinkResolver``); apps can add their
/// own, for example one that asks an App Links index service.
public protocol AppLinkResolver: Sendable {
    /// The App Links of a page.
    /// - Parameter url: The page's URL.
    /// - Returns: The page's metadata; a page without `al:*` tags has no app targets and falls back to itself.
    /// - Throws: Whatever keeps the resolver from answering; the library's resolvers throw ``AppLinksError``.
    func appLinks(for url: URL) async throws -> AppLinkMetadata
}
