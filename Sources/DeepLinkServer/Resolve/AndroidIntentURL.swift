import Foundation

/// Builds the `intent://` URL Chrome on Android opens: the app when it is installed, the
/// browser fallback otherwise.
enum AndroidIntentURL {
    /// The intent URL for a deep link.
    /// - Parameters:
    ///   - deepLink: An absolute URL, custom scheme or https.
    ///   - package: The app's package.
    ///   - fallback: Where the browser goes without the app.
    /// - Returns: `intent://REST#Intent;scheme=S;package=P;S.browser_fallback_url=F;end`, the scheme
    ///   in lowercase since Android matches intent filters' schemes case-sensitively; `nil` for a URL
    ///   without a scheme.
    static func make(deepLink: String, package: String, fallback: String) -> String? {
        guard let separator = deepLink.range(of: "://") else { return nil }
        let scheme = deepLink[..<separator.lowerBound].lowercased()
        let rest = deepLink[separator.upperBound...].prefix { $0 != "#" }
        return "intent://\(rest)#Intent;scheme=\(scheme);package=\(package);S.browser_fallback_url=\(percentEncoded(fallback));end"
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Everything but unreserved characters percent-encoded, as intent extras need.
    static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// The Play Store page of a package, with an install referrer that carries the code and UTM fields.
    static func playStore(package: String, referrer: [URLQueryItem]) -> String {
        var referrerComponents = URLComponents()
        referrerComponents.queryItems = referrer
        let referrerText = referrerComponents.percentEncodedQuery ?? ""
        return "https://play.google.com/store/apps/details?id=\(percentEncoded(package))&referrer=\(percentEncoded(referrerText))"
    }
}
