/// How a claim found its click.
public enum DeferredMatch: String, Sendable, Hashable {
    /// The app sent the click's token, from the install referrer or the pasteboard.
    case token
    /// The claim's network and device signals matched one click in the window.
    case probabilistic
    /// No click matched, or it was claimed before.
    case none
}
