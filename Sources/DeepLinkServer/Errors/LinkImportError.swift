/// A link export the server cannot read at all: malformed CSV, or a header without the columns
/// an import needs. Rows that are read but cannot become links are not errors; the import report
/// lists them. A `Sendable` value.
public struct LinkImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable error code; new codes may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable {
            case emptyFile = "empty-file"
            case malformedCSV = "malformed-csv"
            case unrecognizedHeader = "unrecognized-header"
        }

        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The file has no header row.
        public static let emptyFile = Code(.emptyFile)
        /// The file breaks RFC 4180: an unclosed quote, a stray quote, or a row whose field count
        /// differs from the header's.
        public static let malformedCSV = Code(.malformedCSV)
        /// The header names no short link column, no destination column, or one column twice.
        public static let unrecognizedHeader = Code(.unrecognizedHeader)

        /// The code's stable name, e.g. `malformed-csv`.
        public var description: String { value.rawValue }
    }

    /// The code.
    public let code: Code
    /// What is wrong and how to fix it.
    public let message: String
    /// The 1-based line of the file where the problem is, if it is on one line.
    public let line: Int?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The code.
    ///   - message: What to fix.
    ///   - line: The 1-based line of the problem.
    public init(code: Code, message: String, line: Int? = nil) {
        self.code = code
        self.message = message
        self.line = line
    }

    /// One line: `line 7: message`, or the message alone.
    public var description: String {
        (line.map { "line \($0): " } ?? "") + message
    }
}
