import Foundation

/// Builds the `intent://` URL Chrome on Android opens: the app when it is installed, the
/// browser fallback otherwise.
package enum AndroidIntentURL {
    /// The intent URL for a deep link.
    /// - Parameters:
    ///   - deepLink: An absolute URL, custom scheme or https.
    ///   - package: The app's package.
    ///   - fallback: Where the browser goes without the app.
    /// - Returns: `intent://REST#Intent;scheme=S;package=P;S.browser_fallback_url=F;end`, the scheme
    ///   in lowercase since Android matches intent filters' schemes case-sensitively; `nil` for a URL
    ///   without a scheme.
    package static func make(deepLink: String, package: String, fallback: String) -> String? {
        guard let separator = deepLink.range(of: "://") else { return nil }
        let scheme = deepLink[..<separator.lowerBound].lowercased()
        let rest = deepLink[separator.upperBound...].prefix { $0 != "#" }
        return "intent://\(rest)#Intent;scheme=\(scheme);package=\(package);S.browser_fallback_url=\(percentEncoded(fallback));end"
    }

    /// Everything but unreserved characters percent-encoded, as intent extras need.
    static func percentEncoded(_ text: String) -> String {
        percentEncoded(text, keeping: isUnreserved)
    }

    /// The Play Store page of a package, with an install referrer that carries the click's token
    /// and UTM fields; without a `referrer` parameter when there is nothing to carry (a hop
    /// without a token or UTM fields), so the app's referrer is not an empty string.
    package static func playStore(package: String, referrer: [URLQueryItem]) -> String {
        // Byte for byte what URLComponents' queryItems wrote, and its percentEncoded(_:) after
        // (AndroidIntentURLTests), without Foundation's cost: every Android store hop builds one.
        let referrerText = referrer.map { item in
            percentEncoded(item.name, keeping: isQueryItemByte) + (item.value.map { "=" + percentEncoded($0, keeping: isQueryItemByte) } ?? "")
        }.joined(separator: "&")
        let page = "https://play.google.com/store/apps/details?id=\(percentEncoded(package))"
        return referrerText.isEmpty ? page : "\(page)&referrer=\(percentEncoded(referrerText))"
    }

    /// RFC 3986's unreserved characters: letters, digits, `-`, `.`, `_` and `~`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

    /// What URLComponents leaves as it is in a query item's name or value: the unreserved
    /// characters and `! $ ' ( ) * + , / : ; ? @`.
    private static func isQueryItemByte(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || "!$'()*+,/:;?@".utf8.contains(byte)
    }

    /// Uppercase hexadecimal digits, as percent-encoding writes them.
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// The text's UTF-8 bytes, those `keeping` refuses written as `%XX` (uppercase hex).
    private static func percentEncoded(_ text: String, keeping: (UInt8) -> Bool) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if keeping(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
