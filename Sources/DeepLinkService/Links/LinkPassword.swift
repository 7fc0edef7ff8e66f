import DeepLinkCore
import Crypto
import Foundation
import HummingbirdBcrypt

/// A link's password: checked, hashed with bcrypt (cost 10: about a tenth of a second on a
/// server core, so a guess costs the guesser that much and the server's limit per address stops
/// floods), never stored or returned in clear. A visitor who gives it gets an unlock cookie for
/// the link (``unlockToken(for:)``), valid while the password stays the same. A `Sendable` namespace.
package enum LinkPassword {
    /// The shortest password accepted. A link's password is shared with its audience (a press
    /// kit, a private sale), not an account's, and the server limits guesses per address.
    package static let minimumLength = 4
    /// bcrypt reads at most this many bytes; longer passwords are refused rather than cut.
    package static let maximumBytes = 72
    /// bcrypt's cost for link passwords.
    package static let cost: UInt8 = 10
    /// The cookie that holds a link's unlock token, on the link's own path.
    package static let cookieName = "dl_unlock"
    /// How long an unlock lasts, in seconds: a day.
    package static let unlockLifetime = 24 * 60 * 60
    /// Failed guesses an address may make per minute, over all links.
    package static let failedAttemptsPerMinute = 5

    /// Checks a new password and hashes it.
    /// - Parameters:
    ///   - password: The password as given.
    ///   - field: The field errors name, `password`.
    /// - Returns: The bcrypt hash to store.
    /// - Throws: ``LinkServerError`` with code `invalid-field` naming the field and saying why.
    package static func hash(_ password: String, field: String = "password") throws(LinkServerError) -> String {
        if password.allSatisfy(\.isWhitespace) {
            throw LinkServerError(code: .invalidField, message: "a link's password cannot be empty or only spaces; give null to remove it", field: field)
        }
        if password.count < minimumLength {
            throw LinkServerError(code: .invalidField, message: "a link's password needs at least \(minimumLength) characters", field: field)
        }
        if password.utf8.count > maximumBytes {
            throw LinkServerError(code: .invalidField, message: "a link's password can be at most \(maximumBytes) bytes long", field: field)
        }
        if let offending = password.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            throw LinkServerError(
                code: .invalidField,
                message: "a link's password cannot hold control characters (U+\(String(offending.value, radix: 16, uppercase: true)))", field: field)
        }
        return Bcrypt.hash(password, cost: cost)
    }

    /// The token a visitor who gave a link's password keeps in ``cookieName``: HMAC-SHA256 of the
    /// link's code keyed with its password hash, so it is worth nothing for another link or once
    /// the password changes, and nothing on the server has to remember it.
    /// - Parameter link: A password-protected link.
    package static func unlockToken(for link: Link) -> String? {
        guard let hash = link.passwordHash else { return nil }
        let code = HMAC<SHA256>.authenticationCode(for: Array("unlock:\(link.code)".utf8), using: SymmetricKey(data: Array(hash.utf8)))
        return Data(code).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Whether a `Cookie` header holds a link's unlock token, compared in constant time.
    /// - Parameters:
    ///   - header: The `Cookie` header, or `nil`.
    ///   - link: The link.
    package static func isUnlocked(_ link: Link, cookieHeader header: String?) -> Bool {
        guard link.passwordHash != nil else { return true }
        guard let header, let expected = unlockToken(for: link),
            let given = VisitorID.cookieValue(named: cookieName, in: header).map({ Array($0.utf8) })
        else { return false }
        let wanted = Array(expected.utf8)
        guard given.count == wanted.count else { return false }
        var difference: UInt8 = 0
        for index in given.indices { difference |= given[index] ^ wanted[index] }
        return difference == 0
    }

    /// The `Set-Cookie` header that unlocks a link in the browser: on the link's path only
    /// (`/CODE` and its store hop `/CODE/install`), for a day.
    /// - Parameter link: The link.
    package static func unlockCookie(for link: Link) -> String? {
        unlockToken(for: link).map { "\(cookieName)=\($0); Max-Age=\(unlockLifetime); Path=/\(link.code); Secure; HttpOnly; SameSite=Lax" }
    }
}

extension LinkEditor {
    /// Sets or clears a link's password from a body's `password` (a string sets it, `null`
    /// removes it) or `passwordProtected` (`false` removes it; `true`, as a link's answer sent back
    /// says, keeps the password there is, and needs `password` on a link without one).
    /// - Parameters:
    ///   - field: `password` or `passwordProtected`.
    ///   - value: Its value.
    ///   - link: The link.
    ///   - password: The body's `password`, if it has one.
    func setPassword(_ field: String, _ value: JSONValue, in link: inout Link, password: JSONValue?) throws(LinkServerError) {
        if field == "passwordProtected" {
            switch value {
            case .bool(false) where password == nil || password == .null: link.passwordHash = nil
            case .bool(false):
                throw LinkServerError(
                    code: .invalidField, message: "passwordProtected is false but a password is given; give one or the other", field: field)
            case .bool(true) where link.passwordHash != nil || (password?.stringValue != nil): break
            case .bool(true):
                throw LinkServerError(code: .invalidField, message: "passwordProtected is true but the link has no password; give password", field: field)
            default: throw LinkServerError(code: .invalidField, message: "passwordProtected must be true or false", field: field)
            }
            return
        }
        switch value {
        case .null: link.passwordHash = nil
        case .string(let text): link.passwordHash = try LinkPassword.hash(text, field: field)
        default:
            throw LinkServerError(
                code: .invalidField, message: "password must be a string (the password visitors give) or null (none), not \(value.kindDescription)",
                field: field)
        }
    }
}
