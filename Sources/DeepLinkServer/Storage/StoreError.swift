/// A storage failure: a stable code, a message that says what went wrong, and the cause.
/// A `Sendable` value.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    /// A stable error code; new codes may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable {
            case duplicate
            case unavailable
            case corrupt
        }

        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// A row with the same key already exists.
        public static let duplicate = Code(.duplicate)
        /// The database could not be reached or refused the query.
        public static let unavailable = Code(.unavailable)
        /// A stored row could not be read back.
        public static let corrupt = Code(.corrupt)

        /// The code's stable name, e.g. `duplicate`.
        public var description: String { value.rawValue }
    }

    /// The code.
    public let code: Code
    /// What went wrong.
    public let message: String
    /// The underlying database error, if any.
    public let cause: (any Error & Sendable)?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The code.
    ///   - message: What went wrong.
    ///   - cause: The underlying error.
    public init(code: Code, message: String, cause: (any Error & Sendable)? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }

    /// One line: `storage error [code]: message (cause)`.
    public var description: String {
        "storage error [\(code)]: \(message)" + (cause.map { " (\(String(describing: $0)))" } ?? "")
    }
}
