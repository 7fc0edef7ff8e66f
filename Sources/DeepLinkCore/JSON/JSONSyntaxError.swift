/// JSON text that is not valid JSON, with the line and column where reading stopped.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, e.g. `expected ',' or '}' after an object member`.
    public let message: String
    /// Where reading stopped.
    public let location: SourceLocation

    /// Creates an error.
    /// - Parameters:
    ///   - message: What is wrong.
    ///   - location: Where reading stopped.
    public init(message: String, location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// `invalid JSON at line L, column C: message`.
    public var description: String { "invalid JSON at \(location): \(message)" }
}
