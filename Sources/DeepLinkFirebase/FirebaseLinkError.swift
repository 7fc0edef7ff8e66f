/// A Firebase Dynamic Links file or long link that cannot be read: malformed CSV, a header
/// without the columns an import needs, or a long link whose parameters are wrong. Rows that are
/// read but cannot become links are not errors; the import report lists them. A `Sendable` value.
package struct FirebaseLinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable error code; new codes may be added.
    package struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable {
            case emptyFile = "empty-file"
            case malformedCSV = "malformed-csv"
            case unrecognizedHeader = "unrecognized-header"
            case invalidParameter = "invalid-parameter"
        }

        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The file has no header row.
        package static let emptyFile = Code(.emptyFile)
        /// The file breaks RFC 4180: an unclosed quote, a stray quote, or a row whose field count
        /// differs from the header's.
        package static let malformedCSV = Code(.malformedCSV)
        /// The header names no short link column, no destination column, or one column twice.
        package static let unrecognizedHeader = Code(.unrecognizedHeader)
        /// A long link lacks `link=`, repeats a parameter, or has no query at all.
        package static let invalidParameter = Code(.invalidParameter)

        /// The code's stable name, e.g. `malformed-csv`.
        package var description: String { value.rawValue }
    }

    /// The code.
    package let code: Code
    /// What is wrong and how to fix it.
    package let message: String
    /// The 1-based line of the file where the problem is, if it is on one line.
    package let line: Int?
    /// The Firebase parameter at fault (`link`, `apn`), for a long link.
    package let parameter: String?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The code.
    ///   - message: What to fix.
    ///   - line: The 1-based line of the problem.
    ///   - parameter: The Firebase parameter at fault.
    package init(code: Code, message: String, line: Int? = nil, parameter: String? = nil) {
        self.code = code
        self.message = message
        self.line = line
        self.parameter = parameter
    }

    /// One line: `line 7: message`, or the message alone.
    package var description: String {
        (line.map { "line \($0): " } ?? "") + message
    }
}
