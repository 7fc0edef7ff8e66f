/// The host short links live on (`go.shop.example.com`), beside the website's hosts.
///
/// Its association files list the apps for short links only: a tap on
/// `https://go.shop.example.com/spring` opens the installed app, which resolves the code with the
/// link server, while every path the server answers itself (its API, dashboard, store hops, QR
/// codes, assets, health, and long links on `/`) stays in the browser. A `Sendable` value.
public struct LinkDomain: Sendable, Hashable {
    /// The host, lowercased.
    public let host: String
    /// Path patterns, in the `components` syntax, of the paths the link server answers itself;
    /// they are excluded, without regard to case, before short links are included.
    public let exclusions: [String]

    /// The pattern of a short link's path: one segment. Paths of more segments are among the
    /// server's own (``exclusions`` says so for every host).
    public static let shortLinkPattern = "/*"

    /// Creates a link domain.
    /// - Parameters:
    ///   - host: The host short links live on.
    ///   - exclusions: Path patterns of the paths the link server answers itself.
    public init(host: String, exclusions: [String]) {
        self.host = host.lowercased()
        self.exclusions = exclusions
    }
}
