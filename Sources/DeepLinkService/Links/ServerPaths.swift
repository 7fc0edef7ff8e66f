import DeepLinkAssociation
import DeepLinkCore

/// The paths the link server answers itself on the link domain, beside short links, declared
/// once: short codes may not take them, and the link domain's association files keep them in the
/// browser, so the dashboard, the API and the store hops work on a phone that has the app.
package enum ServerPaths {
    /// One-segment paths the server answers, or whose folders it serves, compared without case
    /// (``ShortLinkPaths/serverNames``, which the app's resolver reads too).
    package static let reservedNames = ShortLinkPaths.serverNames

    /// The paths that stay in the browser, as `components` patterns: the root, where Firebase long
    /// links open (they carry the whole link in their query and need the server's checks, and the
    /// bare domain is no short link); every path of two segments or more (store hops
    /// `/{code}/install`, QR codes `/{code}/qr.svg`, and everything under the reserved names; a final
    /// `/*` would also match one segment, as Apple reads it, so the second segment is `?*`); and
    /// the reserved names themselves.
    package static let associationExclusions = ["/", "/?*/?*"] + reservedNames.map { "/\($0)" }

    /// The link domain's association settings for a host.
    /// - Parameter host: The link domain.
    package static func linkDomain(_ host: String) -> LinkDomain {
        LinkDomain(host: host, exclusions: associationExclusions)
    }
}
