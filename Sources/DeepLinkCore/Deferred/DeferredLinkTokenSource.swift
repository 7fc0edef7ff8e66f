import Foundation

/// Where an app found the click token of the link that led to its install.
///
/// The library never reads the pasteboard or the install referrer itself: the app reads them
/// (with the user's consent where the platform asks for it) and passes the text here. Only a
/// valid ``DeferredLinkToken`` is ever sent to the server; any other text means no token.
public enum DeferredLinkTokenSource: Sendable, Hashable {
    /// The install referrer from Google Play's Install Referrer API: a query string such as
    /// `deeplink_click=TOKEN&utm_source=mail`, percent-encoded once more or not. `nil` when the
    /// API had none.
    case installReferrer(String?)
    /// The pasteboard's text, which the landing page may have set (with the user's opt-in) to
    /// an `https` link such as `https://shop.example.com/summer?deeplink_click=TOKEN`. `nil`
    /// when the pasteboard had no text.
    case pasteboard(String?)
    /// The app has no token; the server can still match with device signals, where enabled.
    case none

    /// The longest pasteboard text looked at; longer text is not a link from the landing page.
    static let maximumPasteboardLength = 4096

    /// The valid token this source carries, if any.
    ///
    /// - An install referrer gives the `deeplink_click` item of its query string.
    /// - A pasteboard gives the `deeplink_click` query item of an `http` or `https` URL with a
    ///   host, and only when the whole text (white space around it aside) is that one URL.
    ///
    /// When the item appears more than once, the first one decides.
    public var token: DeferredLinkToken? {
        switch self {
        case .installReferrer(let referrer?): Self.token(inReferrer: referrer)
        case .pasteboard(let text?): Self.token(inPasteboardText: text)
        case .installReferrer(nil), .pasteboard(nil), .none: nil
        }
    }

    private static func token(inReferrer referrer: String) -> DeferredLinkToken? {
        var query = Substring(referrer.trimmingCharacters(in: .whitespacesAndNewlines))
        if query.hasPrefix("?") { query = query.dropFirst() }
        if let token = token(inQuery: query) { return token }
        // Some referrers arrive percent-encoded as a whole: `deeplink_click%3DTOKEN%26utm_source%3Dmail`.
        guard let decoded = query.removingPercentEncoding, decoded != query else { return nil }
        return token(inQuery: Substring(decoded))
    }

    private static func token(inPasteboardText text: String) -> DeferredLinkToken? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count <= maximumPasteboardLength, !trimmed.contains(where: \.isWhitespace),
            let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
            url.host?.isEmpty == false,
            let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery
        else { return nil }
        return token(inQuery: Substring(query))
    }

    /// The token in the first `deeplink_click` item of a form-encoded query string.
    private static func token(inQuery query: Substring) -> DeferredLinkToken? {
        for item in query.split(separator: "&") {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard formDecoded(parts[0]) == DeferredLinkToken.queryItemName else { continue }
            guard parts.count == 2, let value = formDecoded(parts[1]) else { return nil }
            return DeferredLinkToken(rawValue: value)
        }
        return nil
    }

    private static func formDecoded(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
