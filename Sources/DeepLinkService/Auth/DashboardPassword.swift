import Foundation
import HummingbirdBcrypt

/// Dashboard users' names and passwords: checked here, hashed with bcrypt (hummingbird-auth's
/// `HummingbirdBcrypt`, cost 12), never stored or logged in clear.
package enum DashboardPassword {
    /// The shortest password accepted.
    package static let minimumLength = 12
    /// bcrypt reads at most this many bytes of a password; longer ones are refused rather than cut.
    package static let maximumBytes = 72

    /// Checks a new user's name: 1 to 64 ASCII letters, digits, `.`, `_`, `-` and `@`, so an
    /// email address works. ASCII only, so that no name can look like another one written with
    /// other letters (Cyrillic `а` for Latin `a`); names that differ only in case are refused
    /// where users are created (``check(newName:among:)``).
    /// - Throws: ``LinkServerError`` with code `invalid-field` for field `name`.
    package static func validate(name: String) throws(LinkServerError) {
        guard (1...64).contains(name.unicodeScalars.count),
            name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || ".-_@".unicodeScalars.contains($0)) })
        else {
            throw LinkServerError(
                code: .invalidField, message: "a user name is 1 to 64 ASCII letters, digits, dots, hyphens, underscores or @", field: "name")
        }
    }

    /// Checks that a new name cannot be taken for an existing user's: the two would differ only in
    /// case, which a person reading a list or the sign-in page cannot tell apart.
    /// - Parameters:
    ///   - newName: The new user's name.
    ///   - existing: The names of the users there are.
    /// - Throws: ``LinkServerError`` with code `invalid-field` for field `name`.
    package static func check(newName: String, among existing: [String]) throws(LinkServerError) {
        if let other = existing.first(where: { $0 != newName && $0.lowercased() == newName.lowercased() }) {
            throw LinkServerError(
                code: .invalidField, message: "\(newName) differs from the existing user \(other) only in case; choose another name",
                field: "name")
        }
    }

    /// Why a new password is refused, following NIST SP 800-63B (5.1.1.2): no composition rules,
    /// but not too short, not only white space, not one character or a short run repeated, not one
    /// of the most common passwords (with digits or symbols added or not), and not the user's name.
    /// - Parameters:
    ///   - password: The new password.
    ///   - name: The user's name.
    /// - Returns: The reason, or `nil` when it is accepted.
    package static func problem(with password: String, name: String? = nil) -> String? {
        if password.allSatisfy(\.isWhitespace) { return "a password cannot be only spaces" }
        if password.count < minimumLength { return "a password needs at least \(minimumLength) characters; a few random words make a good one" }
        if password.utf8.count > maximumBytes { return "a password can be at most \(maximumBytes) bytes long" }
        let characters = Array(password)
        for length in 1...4 where characters.count % length == 0 {
            let unit = characters[0..<length]
            if stride(from: 0, to: characters.count, by: length).allSatisfy({ characters[$0..<$0 + length] == unit }) {
                return "a password cannot be \(length == 1 ? "one character" : "a few characters") repeated; a few random words make a good one"
            }
        }
        let lowered = password.lowercased()
        if commonPasswords.contains(lowered) { return "that is one of the most common passwords, which are tried first; choose another" }
        let base = String(lowered.drop { !$0.isLetter }.reversed().drop { !$0.isLetter }.reversed())
        if base.count >= 4, commonPasswords.contains(base) {
            return "that is a common password (\(base)) with digits or symbols added, which are tried first; choose another"
        }
        if let name, name.count >= 4, lowered.contains(name.lowercased()) { return "a password cannot contain the user name" }
        return nil
    }

    /// The most common passwords, lowercased (`Resources/common-passwords.txt`; see its NOTICE).
    static let commonPasswords: Set<String> = {
        guard let url = Bundle.module.url(forResource: "common-passwords", withExtension: "txt"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return [] }
        return Set(text.split(separator: "\n").map { $0.lowercased() })
    }()

    /// Hashes a new password after checking it (``problem(with:name:)``).
    /// - Parameters:
    ///   - password: The password.
    ///   - name: The user's name, which the password may not contain.
    /// - Returns: The bcrypt hash to store.
    /// - Throws: ``LinkServerError`` with code `invalid-field` for field `password`, saying why.
    package static func hash(_ password: String, name: String? = nil) throws(LinkServerError) -> String {
        if let problem = problem(with: password, name: name) {
            throw LinkServerError(code: .invalidField, message: problem, field: "password")
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
