/// What an incoming URL's `al_applink_data` parameter held: nothing, usable link data, or data
/// that was ignored and why.
public enum InboundAppLinkResult: Sendable, Hashable {
    /// The URL has no `al_applink_data` parameter.
    case absent
    /// The link data was read.
    case decoded(InboundAppLink)
    /// The parameter is malformed (bad JSON, not an object, unsupported version, wrong types);
    /// the reason says what is wrong. The URL itself is still usable.
    case ignored(AppLinksError)

    /// The link data, when it was read.
    public var appLink: InboundAppLink? {
        if case .decoded(let appLink) = self { return appLink }
        return nil
    }

    /// Why the link data was ignored, when it was.
    public var reason: AppLinksError? {
        if case .ignored(let error) = self { return error }
        return nil
    }
}
