import Crypto
import Foundation

/// Standard Webhooks signing (https://www.standardwebhooks.com, the specification's
/// "Signature scheme"): the secret is `whsec_` and base64 of random bytes; a message is signed
/// with HMAC-SHA256, keyed by those bytes, over `ID.TIMESTAMP.BODY`, and sent as
/// `webhook-signature: v1,BASE64`. Receivers verify it with the specification's libraries.
package enum WebhookSignature {
    /// A new secret: `whsec_` and 24 random bytes in base64 (the specification asks for 24 to 64).
    package static func newSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return "whsec_" + Data((0..<24).map { _ in UInt8.random(in: 0...255, using: &generator) }).base64EncodedString()
    }

    /// The `webhook-signature` header of a message.
    /// - Parameters:
    ///   - id: The `webhook-id`.
    ///   - timestamp: The `webhook-timestamp`, seconds since 1970.
    ///   - body: The body, byte for byte as sent.
    ///   - secret: The endpoint's `whsec_…` secret.
    /// - Returns: `v1,` and the base64 signature; `nil` for a secret that is not `whsec_` and base64.
    package static func header(id: String, timestamp: Int64, body: String, secret: String) -> String? {
        guard secret.hasPrefix("whsec_"), let key = Data(base64Encoded: String(secret.dropFirst(6))), !key.isEmpty else { return nil }
        let signature = HMAC<SHA256>.authenticationCode(for: Data("\(id).\(timestamp).\(body)".utf8), using: SymmetricKey(data: key))
        return "v1," + Data(signature).base64EncodedString()
    }
}
