/// Short codes: generated ones are random and unguessable, chosen ones are checked.
enum ShortCode {
    /// Letters and digits without look-alikes (0/o/O, 1/l/I): 56 characters.
    private static let alphabet = Array("23456789abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ")

    /// Paths the server uses itself (``ServerPaths/reservedNames``), and their names without a
    /// dot, compared without case.
    static let reserved: Set<String> = Set(ServerPaths.reservedNames + ["openapi", "well-known"])

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
}
