/// Why a MaxMind DB file cannot be read, with where in the file. A `Sendable` value.
public struct MaxMindDatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, such as `no metadata: the file does not end with a MaxMind DB's metadata marker`.
    public let message: String
    /// The byte offset in the file where reading failed, when it is known.
    public let offset: Int?

    /// An error.
    /// - Parameters:
    ///   - message: What is wrong.
    ///   - offset: Where in the file.
    public init(_ message: String, offset: Int? = nil) {
        self.message = message
        self.offset = offset
    }

    /// The message, with the offset when known: `at byte 1234: …`.
    public var description: String {
        offset.map { "at byte \($0): \(message)" } ?? message
    }
}
