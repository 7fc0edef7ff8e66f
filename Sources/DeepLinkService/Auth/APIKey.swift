import Crypto
import Foundation

/// A newly created admin API key: the token, shown once, and the record to store.
///
/// A token is `dlk_ID_SECRET`: `ID` (12 hex digits) finds the record, `SECRET` (64 hex digits,
/// 256 random bits) proves it. Only the SHA-256 of the whole token is stored. `Sendable`.
package struct APIKey: Sendable, Hashable {
    /// The token, for the `Authorization: Bearer` header; it cannot be recovered later.
    package let token: String
    /// What the store keeps.
    package let record: APIKeyRecord

    /// Checks a key's name: 1 to 100 characters after trimming, without control characters,
    /// bidirectional overrides or invisible characters, since `deeplink keys list` prints it to
    /// the operator's terminal and the dashboard shows it.
    /// - Parameter name: The name.
    /// - Returns: The name, trimmed.
    /// - Throws: ``LinkServerError`` with code `invalid-field` for field `name`, naming the character.
    package static func validated(name: String) throws(LinkServerError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...100).contains(trimmed.count) else {
            throw LinkServerError(code: .invalidField, message: "a key's name is 1 to 100 characters", field: "name")
        }
        if let character = OffendingCharacter.first(in: trimmed, where: OffendingCharacter.isInvisible) {
            throw LinkServerError(code: .invalidField, message: "name contains \(character); invisible characters are not allowed", field: "name")
        }
        return try LinkEditor.checkedCharacters(trimmed, field: "name")
    }

    /// Makes a key with fresh random bytes from the system's secure generator.
    /// - Parameters:
    ///   - name: A name for people.
    ///   - date: The creation time.
    ///   - scopes: What the key may do; `admin` unless given.
    ///   - createdBy: Who creates it.
    package static func generate(name: String, at date: Date, scopes: Set<APIKeyScope> = [.admin], createdBy: APIKeyCreator? = nil) -> APIKey {
        precondition(!scopes.isEmpty, "a key holds at least one scope")
        var generator = SystemRandomNumberGenerator()
        let id = (0..<6).map { _ in UInt8.random(in: .min ... .max, using: &generator) }.hexString
        let secret = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }.hexString
        let token = "dlk_\(id)_\(secret)"
        return APIKey(
            token: token,
            record: APIKeyRecord(
                id: id, name: name, secretHash: SHA256.hex(token), createdAt: date.roundedToSeconds, scopes: scopes,
                createdBy: createdBy))
    }

    /// The id part of a token, or `nil` when the token is not shaped like one.
    /// - Parameter token: A bearer token.
    package static func id(of token: String) -> String? {
        let parts = token.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "dlk", parts[1].count == 12, parts[2].count == 64,
            (parts[1] + parts[2]).allSatisfy(\.isHexDigit)
        else { return nil }
        return String(parts[1])
    }

    /// Whether a token matches a stored record, comparing the hashes in constant time.
    /// - Parameters:
    ///   - token: The presented token.
    ///   - record: The stored record with the token's id.
    package static func verify(_ token: String, against record: APIKeyRecord) -> Bool {
        let hex = Array(record.secretHash)
        let stored = stride(from: 0, to: hex.count - 1, by: 2).compactMap { UInt8(String(hex[$0...$0 + 1]), radix: 16) }
        // Digest's `==` compares in constant time; it is false for a stored hash of another length.
        return stored.count * 2 == hex.count && SHA256.hash(data: Array(token.utf8)) == stored
    }
}

extension Date {
    /// The date without its fraction of a second, as the stores keep it.
    package var roundedToSeconds: Date {
        Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down))
    }
}
