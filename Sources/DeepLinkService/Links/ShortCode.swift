/// Short codes: generated ones are random and unguessable, chosen ones are checked.
package enum ShortCode {
    /// Letters and digits without look-alikes (0/o/O, 1/l/I): 56 characters.
    private static let alphabet = Array("23456789abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ")

    /// Paths the server uses itself (``ServerPaths/reservedNames``), and their names without a
    /// dot, compared without case.
    /// `bulk` too: `/api/v1/links/bulk` is the bulk route, so a link with that code could not be
    /// changed through `/api/v1/links/{code}`.
    static let reserved: Set<String> = Set(ServerPaths.reservedNames + ["openapi", "well-known", "bulk"])

    /// A new code: 10 characters from 56, about 58 random bits from the system's secure generator.
    static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<10).map { _ in alphabet.randomElement(using: &generator)! })
    }

    /// Checks a chosen code.
    /// - Throws: ``LinkServerError`` with code `invalid-field` for field `code`.
    static func validate(_ code: String) throws(LinkServerError) {
        guard (3...64).contains(code.count),
            code.unicodeScalars.allSatisfy({ ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-" || $0 == "_" })
        else {
            throw LinkServerError(
                code: .invalidField, message: "a code is 3 to 64 ASCII letters, digits, hyphens or underscores", field: "code")
        }
        guard !reserved.contains(code.lowercased()) else {
            throw LinkServerError(code: .invalidField, message: "the code \(code) is reserved for the server; choose another", field: "code")
        }
    }

    /// Which rules a chosen code follows.
    package enum Rules: Sendable {
        /// A code chosen here: 3 to 64 letters, digits, `-` or `_`.
        case new
        /// A code imported from Firebase Dynamic Links, whose short links must keep working:
        /// ``ShortCode/validateImported(_:)``.
        case imported
    }

    /// Checks a code under `rules`.
    static func validate(_ code: String, rules: Rules) throws(LinkServerError) {
        switch rules {
        case .new: try validate(code)
        case .imported: try validateImported(code)
        }
    }

    /// Checks the code of a link imported from Firebase Dynamic Links: 1 to 64 of RFC 3986's
    /// unreserved characters (ASCII letters, digits, `-`, `.`, `_`, `~`), neither `.` nor `..`,
    /// and not a path of the server's own.
    ///
    /// Firebase generated suffixes of at least 4 letters and digits (`SHORT`) or of 17
    /// (`UNGUESSABLE`), and its console let a project choose its own, as short as one character
    /// (`/p7`), with no published rule beyond being a URL path; any of these must import. A code
    /// is one path segment that every client sends as it is, so the characters a URL carries
    /// without percent-encoding are taken and others refused with this rule; `.` and `..` alone
    /// are dot segments, which URLs resolve away.
    /// - Throws: ``LinkServerError`` with code `invalid-field` for field `code`.
    static func validateImported(_ code: String) throws(LinkServerError) {
        guard (1...64).contains(code.utf8.count), code != ".", code != "..",
            code.utf8.allSatisfy({ unreserved.contains($0) })
        else {
            throw LinkServerError(
                code: .invalidField,
                message: "an imported code is 1 to 64 ASCII letters, digits, hyphens, dots, underscores or tildes, and not . or ..",
                field: "code")
        }
        guard !reserved.contains(code.lowercased()) else {
            throw LinkServerError(
                code: .invalidField, message: "the code \(code) is a path of the server's own, so its short link cannot be kept", field: "code")
        }
    }

    /// RFC 3986's unreserved characters.
    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
}
