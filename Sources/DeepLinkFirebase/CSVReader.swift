/// Reads CSV text as RFC 4180 describes it: fields separated by commas, records by CRLF (LF
/// and a lone CR are accepted too), fields in double quotes may hold commas, line breaks and
/// doubled quotes. A leading UTF-8 byte order mark is dropped, and so are blank lines, which
/// spreadsheets leave at the end of exports.
enum CSVReader {
    /// One record: its fields and the line of the file it starts on.
    struct Record: Sendable, Hashable {
        /// The 1-based line the record starts on; a quoted line break makes a record span lines.
        var line: Int
        /// The fields, unquoted.
        var fields: [String]
    }

    /// The records of a CSV text.
    /// - Parameter text: The file's text.
    /// - Throws: ``FirebaseLinkError`` with code `malformed-csv` and the line of a quoted field that
    ///   never closes, of a quote inside an unquoted field, or of text after a closing quote.
    static func records(in text: String) throws(FirebaseLinkError) -> [Record] {
        var cursor = Cursor(scalars: Array(text.unicodeScalars))
        if cursor.peek() == "\u{FEFF}" { cursor.index += 1 }
        var records: [Record] = []
        while cursor.peek() != nil {
            let line = cursor.line
            var fields: [String] = []
            repeat {
                fields.append(cursor.peek() == "\"" ? try cursor.quotedField() : try cursor.unquotedField())
            } while cursor.skipComma()
            if cursor.peek() != nil { cursor.skipLineBreak() }
            if fields != [""] { records.append(Record(line: line, fields: fields)) }
        }
        return records
    }

    /// A position in the text and the line it is on.
    private struct Cursor {
        let scalars: [Unicode.Scalar]
        var index = 0
        var line = 1

        init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        func isLineBreak(_ scalar: Unicode.Scalar?) -> Bool { scalar == "\n" || scalar == "\r" }

        /// Moves past a comma if one is next.
        mutating func skipComma() -> Bool {
            guard peek() == "," else { return false }
            index += 1
            return true
        }

        /// Moves past CRLF, LF or CR, counting the line.
        mutating func skipLineBreak() {
            if peek() == "\r", peek(1) == "\n" { index += 1 }
            index += 1
            line += 1
        }

        /// A field up to the next comma or line break.
        mutating func unquotedField() throws(FirebaseLinkError) -> String {
            var field = String.UnicodeScalarView()
            while let scalar = peek(), scalar != ",", !isLineBreak(scalar) {
                guard scalar != "\"" else {
                    throw FirebaseLinkError(
                        code: .malformedCSV,
                        message: "a quote inside an unquoted field; put the whole field in quotes and double the quotes inside it",
                        line: line)
                }
                field.append(scalar)
                index += 1
            }
            return String(field)
        }

        /// A field in quotes, from its opening quote to the one that closes it.
        mutating func quotedField() throws(FirebaseLinkError) -> String {
            let opened = line
            index += 1
            var field = String.UnicodeScalarView()
            while let scalar = peek() {
                if scalar == "\"" {
                    guard peek(1) == "\"" else {
                        index += 1
                        guard peek() == nil || peek() == "," || isLineBreak(peek()) else {
                            throw FirebaseLinkError(
                                code: .malformedCSV, message: "text after the closing quote of a field; a quoted field must end at its quote",
                                line: line)
                        }
                        return String(field)
                    }
                    field.append("\"")
                    index += 2
                    continue
                }
                if scalar == "\n" || (scalar == "\r" && peek(1) != "\n") { line += 1 }
                field.append(scalar)
                index += 1
            }
            throw FirebaseLinkError(code: .malformedCSV, message: "a quoted field opened on this line is never closed", line: opened)
        }
    }
}
