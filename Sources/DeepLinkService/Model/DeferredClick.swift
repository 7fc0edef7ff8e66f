import DeepLinkCore
import Foundation

/// A click that may be claimed by the app after an install: a single-use, unguessable token and
/// what the app needs on first launch. A `Sendable` value.
///
/// Nothing in it names a person. ``networkHash`` and ``device`` exist only while probabilistic
/// matching is on, only for the matching window, and are cleared when the click is claimed.
package struct DeferredClick: Sendable, Hashable {
    /// The token: 32 characters from the system's secure generator (192 bits), base64url.
    package var token: String
    /// The short link's code; `nil` for a Firebase long link, which has no stored link.
    package var code: String?
    /// The deep link the app opens.
    package var deepLink: String
    /// The platform that clicked: `ios` or `android`.
    package var platform: ClientPlatform
    /// The UTM fields in effect for the click.
    package var utm: UTMFields
    /// The link's campaign label.
    package var campaign: String?
    /// The salted hash of the clicking network's address prefix, for probabilistic matching.
    package var networkHash: String?
    /// What the browser told about the device, for probabilistic matching.
    package var device: DeviceSignals?
    /// When the click happened.
    package var createdAt: Date
    /// When the token stops being claimable and the row is deleted.
    package var expiresAt: Date
    /// When the click was claimed; `nil` while it is unclaimed.
    package var claimedAt: Date?
    /// The A/B variant the visitor was shown (``LinkVariant/name``), whose installs count the
    /// click's claim; `nil` for a link without variants.
    package var variant: String?

    /// Creates a click.
    /// - Parameters:
    ///   - token: The token.
    ///   - code: The short link's code, or `nil`.
    ///   - deepLink: The deep link.
    ///   - platform: The platform.
    ///   - utm: The UTM fields.
    ///   - campaign: The campaign label.
    ///   - networkHash: The network hash, only with probabilistic matching.
    ///   - device: The device signals, only with probabilistic matching.
    ///   - createdAt: The click time.
    ///   - expiresAt: The end of the token's life.
    ///   - claimedAt: The claim time.
    ///   - variant: The A/B variant the visitor was shown.
    package init(
        token: String, code: String?, deepLink: String, platform: ClientPlatform, utm: UTMFields = UTMFields(),
        campaign: String? = nil, networkHash: String? = nil, device: DeviceSignals? = nil, createdAt: Date, expiresAt: Date,
        claimedAt: Date? = nil, variant: String? = nil
    ) {
        self.token = token
        self.code = code
        self.deepLink = deepLink
        self.platform = platform
        self.utm = utm
        self.campaign = campaign
        self.networkHash = networkHash
        self.device = device
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.variant = variant
        self.claimedAt = claimedAt
    }

    /// A new token: the time in milliseconds as 8 characters that sort in time order, then 24
    /// bytes from the system's secure generator in base64url without padding (32 characters),
    /// 40 characters in ``DeferredLinkToken``'s syntax.
    ///
    /// The prefix is for the database: tokens made one after another sort one after another,
    /// so a batch of store hops adds to the end of the token index instead of to pages all over
    /// it (with random tokens the store hop's p99 grew with the table, from 100 to 174 ms over
    /// 330,000 clicks on SQLite). The secret is the 192 random bits; the prefix only says when
    /// the click happened, which whoever holds the token knows.
    package static func generateToken(at now: Date = Date()) -> String {
        let milliseconds = UInt64(max(0, (now.timeIntervalSince1970 * 1000).rounded()))
        var characters: [UInt8] = []
        characters.reserveCapacity(40)
        for shift in stride(from: 42, through: 0, by: -6) {
            characters.append(timeOrderedAlphabet[Int((milliseconds >> UInt64(shift)) & 63)])
        }
        // Three 64-bit draws rather than 24 one-byte ones, since each draw is a call into the
        // kernel, and base64url written here rather than Foundation's base64 with two string
        // replacements: the store hop makes a token per tap, and these were a sixth of its time.
        var generator = SystemRandomNumberGenerator()
        let words = (0..<3).map { _ in generator.next() as UInt64 }
        let bytes = words.flatMap { word in (0..<8).map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) } }
        for group in stride(from: 0, to: bytes.count, by: 3) {
            let value = UInt32(bytes[group]) << 16 | UInt32(bytes[group + 1]) << 8 | UInt32(bytes[group + 2])
            for shift in [18, 12, 6, 0] {
                characters.append(base64URLAlphabet[Int((value >> UInt32(shift)) & 63)])
            }
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// RFC 4648's URL- and filename-safe base64 alphabet.
    private static let base64URLAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    /// The same 64 characters in byte order, so numbers written with them sort as numbers do.
    private static let timeOrderedAlphabet = Array("-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz".utf8)

    /// The answer to the claim that found this click.
    /// - Parameter match: How the claim found the click.
    package func answer(match: DeferredLinkClaim.Match) -> JSONValue {
        DeferredLinkClaim.answer(
            match: match, deepLink: deepLink, code: code, campaign: campaign,
            utm: DeferredLinkClaim.UTMParameters(
                source: utm.source, medium: utm.medium, campaign: utm.campaign, term: utm.term, content: utm.content),
            clickedAt: createdAt)
    }
}
