/// The click token that names one click on a link, which an app claims on first launch.
///
/// A token is 16 to 128 characters of `A`–`Z`, `a`–`z`, `0`–`9`, `_` and `-`; anything else
/// is not a token, so no other text ever reaches the server. Apps rarely make one themselves:
/// ``DeferredLinkTokenSource`` finds it in an install referrer or a pasteboard URL.
public struct DeferredLinkToken: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The name of the query item that carries a token in install referrers and pasteboard URLs.
    public static let queryItemName = "deeplink_click"
    /// How many characters a token may have.
    public static let allowedLengths: ClosedRange<Int> = 16...128

    /// The token's text.
    public let rawValue: String

    /// Creates a token from text that has a token's length and characters.
    /// - Parameter rawValue: The token's text, e.g. `k3Jd9_sLq-2mZx8vWp`.
    /// - Returns: `nil` when the text is too short, too long, or has other characters.
    public init?(rawValue: String) {
        guard Self.allowedLengths.contains(rawValue.utf8.count), rawValue.utf8.allSatisfy(Self.isTokenByte) else {
            return nil
        }
        self.rawValue = rawValue
    }

    /// The token's text.
    public var description: String { rawValue }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }
}
