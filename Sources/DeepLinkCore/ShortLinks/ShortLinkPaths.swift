/// The paths of a link domain, declared once for the app's resolver and the link server: a short
/// link is one path segment, and these first segments are the server's own, never short codes.
package enum ShortLinkPaths {
    /// One-segment paths the link server answers, or whose folders it serves, compared without case.
    package static let serverNames = ["api", "assets", "dashboard", "healthz", "metrics", "openapi.yaml", "apple-app-site-association", ".well-known"]
}
