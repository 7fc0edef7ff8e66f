/// What Apple's matcher decides for a URL against an apple-app-site-association file.
public enum AASADecision: String, Sendable, Hashable, Codable {
    /// A rule that opens the app matched first.
    case match
    /// An `exclude` rule (or a legacy `NOT ` path) matched first: the URL stays on the web.
    case exclude
    /// No rule matched: the URL stays on the web.
    case noMatch = "no_match"
}
