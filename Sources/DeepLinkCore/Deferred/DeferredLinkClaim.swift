import Foundation

/// The deep link the server matched to this install, with the link's campaign data.
///
/// A claim is single-use: the server answers it once per click, and
/// ``DeferredLinkClaimer`` asks once per install. Route it with
/// ``Router/route(_:idiom:isSignedIn:)`` or ``SessionRouter/open(_:idiom:)``, and keep the
/// campaign data for attribution.
public struct DeferredLinkClaim: Sendable, Hashable {
    /// How the server matched the install to a click.
    public enum Match: String, Sendable, Hashable, CaseIterable {
        /// By the click token the app sent: certain.
        case token
        /// By the device signals and network address: likely, not certain.
        case probabilistic
    }

    /// The `utm_*` values of the link that was clicked.
    public struct UTMParameters: Sendable, Hashable {
        /// `utm_source`, e.g. `mail`.
        public var source: String?
        /// `utm_medium`, e.g. `email`.
        public var medium: String?
        /// `utm_campaign`.
        public var campaign: String?
        /// `utm_term`.
        public var term: String?
        /// `utm_content`.
        public var content: String?

        /// Creates UTM values.
        /// - Parameters:
        ///   - source: `utm_source`.
        ///   - medium: `utm_medium`.
        ///   - campaign: `utm_campaign`.
        ///   - term: `utm_term`.
        ///   - content: `utm_content`.
        public init(
            source: String? = nil, medium: String? = nil, campaign: String? = nil, term: String? = nil,
            content: String? = nil
        ) {
            self.source = source
            self.medium = medium
            self.campaign = campaign
            self.term = term
            self.content = content
        }
    }

    /// The deep link to open, e.g. `shop://sales/3`.
    public var deepLink: URL
    /// How the server matched the install to a click.
    public var match: Match
    /// The short link's code, e.g. `summer`.
    public var code: String?
    /// The link's campaign, e.g. `summer-2026`.
    public var campaign: String?
    /// The link's UTM values; all `nil` when it has none.
    public var utm: UTMParameters
    /// When the link was clicked.
    public var clickedAt: Date?

    /// Creates a claim.
    /// - Parameters:
    ///   - deepLink: The deep link to open.
    ///   - match: How the server matched the install to a click.
    ///   - code: The short link's code.
    ///   - campaign: The link's campaign.
    ///   - utm: The link's UTM values.
    ///   - clickedAt: When the link was clicked.
    public init(
        deepLink: URL, match: Match, code: String? = nil, campaign: String? = nil, utm: UTMParameters = UTMParameters(),
        clickedAt: Date? = nil
    ) {
        self.deepLink = deepLink
        self.match = match
        self.code = code
        self.campaign = campaign
        self.utm = utm
        self.clickedAt = clickedAt
    }
}
