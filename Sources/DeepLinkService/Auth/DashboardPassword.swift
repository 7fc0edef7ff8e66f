import HummingbirdBcrypt

/// Dashboard users' names and passwords: checked here, hashed with bcrypt (hummingbird-auth's
/// `HummingbirdBcrypt`, cost 12), never stored or logged in clear.
package enum DashboardPassword {
    /// The shortest password accepted.
    package static let minimumLength = 12
    /// bcrypt reads at most this many bytes of a password; longer ones are refused rather than cut.
    package static let maximumBytes = 72

    /// Checks a new user's name: 1 to 64 characters, letters, digits, `.`, `_`, `-` and `@`, so an
    /// email address works.
    /// - Throws: ``LinkServerError`` with code `invalid-field` for field `name`.
    package static func validate(name: String) throws(LinkServerError) {
        guard (1...64).contains(name.count),
            name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || ".-_@".unicodeScalars.contains($0) })
        else {
            throw LinkServerError(
                code: .invalidField, message: "a user name is 1 to 64 letters, digits, dots, hyphens, underscores or @", field: "name")
        }
    }

    /// Hashes a new password after checking its length.
    /// - Parameter password: The password.
    /// - Returns: The bcrypt hash to store.
    /// - Throws: ``LinkServerError`` with code `invalid-field` for field `password` when it is
    ///   shorter than ``minimumLength`` characters or longer than ``maximumBytes`` bytes.
    package static func hash(_ password: String) throws(LinkServerError) -> String {
        guard password.count >= minimumLength else {
            throw LinkServerError(
                code: .invalidField, message: "a password needs at least \(minimumLength) characters; a few random words make a good one",
                field: "password")
        }
        guard password.utf8.count <= maximumBytes else {
            throw LinkServerError(code: .invalidField, message: "a password can be at most \(maximumBytes) bytes long", field: "password")
        }
        return Bcrypt.hash(password, cost: 12)
    }

    /// Whether a password matches a stored hash.
    /// - Parameters:
    ///   - password: The password given at sign-in.
    ///   - hash: The stored bcrypt hash.
    package static func verify(_ password: String, hash: String) -> Bool {
        password.utf8.count <= maximumBytes && Bcrypt.verify(password, hash: hash)
    }
}
