/// A storage failure: a stable code, a message that says what went wrong, and the cause.
/// A `Sendable` value.
package struct StoreError: Error, Sendable, CustomStringConvertible {
    /// A stable error code; new codes may be added.
    package struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable {
            case duplicate
            case unavailable
            case corrupt
            case unreachable
            case accessDenied = "access-denied"
            case missingDatabase = "missing-database"
            case tlsRequired = "tls-required"
            case tlsFailed = "tls-failed"
            case notADatabase = "not-a-database"
            case cannotCreate = "cannot-create"
            case outdatedSchema = "outdated-schema"
        }

        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// A row with the same key already exists.
        package static let duplicate = Code(.duplicate)
        /// The database could not be reached or refused the query.
        package static let unavailable = Code(.unavailable)
        /// A stored row could not be read back.
        package static let corrupt = Code(.corrupt)
        /// The database server could not be reached: nothing listens at its address, its host is
        /// unknown, or it did not answer in time.
        package static let unreachable = Code(.unreachable)
        /// The database server refused the user: a wrong password, an unknown user, or a client
        /// its access rules do not allow.
        package static let accessDenied = Code(.accessDenied)
        /// The database named does not exist on the server.
        package static let missingDatabase = Code(.missingDatabase)
        /// The database server only accepts encrypted (TLS) connections.
        package static let tlsRequired = Code(.tlsRequired)
        /// An encrypted connection could not be set up: the server offers no TLS although the URL
        /// requires it, or its certificate is not signed by the given CA or not for the host.
        package static let tlsFailed = Code(.tlsFailed)
        /// The file is not a database of this kind, e.g. a text file given as an SQLite database.
        package static let notADatabase = Code(.notADatabase)
        /// The database file, or its folder, cannot be created or written.
        package static let cannotCreate = Code(.cannotCreate)
        /// The tables are older than this version of the server, and the operation may not upgrade them.
        package static let outdatedSchema = Code(.outdatedSchema)

        /// The code's stable name, e.g. `duplicate`.
        package var description: String { value.rawValue }
    }

    /// The code.
    package let code: Code
    /// What went wrong.
    package let message: String
    /// The underlying database error, if any.
    package let cause: (any Error & Sendable)?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The code.
    ///   - message: What went wrong.
    ///   - cause: The underlying error.
    package init(code: Code, message: String, cause: (any Error & Sendable)? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }

    /// One line: `storage error [code]: message (cause)`.
    package var description: String {
        "storage error [\(code)]: \(message)" + (cause.map { " (\(String(describing: $0)))" } ?? "")
    }
}
