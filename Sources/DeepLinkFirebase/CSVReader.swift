/// Reads CSV text as RFC 4180 describes it: fields separated by commas, records by CRLF (LF
/// and a lone CR are accepted too), fields in double quotes may hold commas, line breaks and
/// doubled quotes. A leading UTF-8 byte order mark is dropped, and so are blank lines, which
/// spreadsheets leave at the end of exports.
///
/// It reads the text's UTF-8 bytes one record at a time (every delimiter is ASCII, so no
/// multi-byte character can be taken for one), so an export of 100,000 rows is never held as
/// records all at once.
package struct CSVReader {
    /// One record: its fields and the line of the file it starts on.
    package struct Record: Sendable, Hashable {
        /// The 1-based line the record starts on; a quoted line break makes a record span lines.
        package var line: Int
        /// The fields, unquoted.
        package var fields: [String]
    }

    private let bytes: String.UTF8View
    private var index: String.UTF8View.Index
    private var line = 1

    /// A reader at the start of a text, past its byte order mark.
    /// - Parameter text: The file's text.
    package init(_ text: String) {
        bytes = text.utf8
        index = bytes.startIndex
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = bytes.index(index, offsetBy: 3) }
    }

    /// The records of a CSV text.
    /// - Parameter text: The file's text.
    /// - Throws: ``FirebaseLinkError`` as ``next()`` does.
    static func records(in text: String) throws(FirebaseLinkError) -> [Record] {
        var reader = CSVReader(text)
        var records: [Record] = []
        while let record = try reader.next() { records.append(record) }
        return records
    }

    /// The next record that is not a blank line, or `nil` at the end of the text.
    /// - Throws: ``FirebaseLinkError`` with code `malformed-csv` and the line of a quoted field that
    ///   never closes, of a quote inside an unquoted field, or of text after a closing quote.
    package mutating func next() throws(FirebaseLinkError) -> Record? {
        while peek() != nil {
            let start = line
            var fields: [String] = []
            repeat {
                fields.append(peek() == quote ? try quotedField() : try unquotedField())
            } while skipComma()
            if peek() != nil { skipLineBreak() }
            if fields != [""] { return Record(line: start, fields: fields) }
        }
        return nil
    }

    private let quote = UInt8(ascii: "\"")
    private let comma = UInt8(ascii: ",")
    private let lineFeed = UInt8(ascii: "\n")
    private let carriageReturn = UInt8(ascii: "\r")

    private func peek(_ offset: Int = 0) -> UInt8? {
        var position = index
        for _ in 0..<offset {
            guard position < bytes.endIndex else { return nil }
            position = bytes.index(after: position)
        }
        return position < bytes.endIndex ? bytes[position] : nil
    }

    private func isLineBreak(_ byte: UInt8?) -> Bool { byte == lineFeed || byte == carriageReturn }

    private mutating func advance(by count: Int = 1) {
        index = bytes.index(index, offsetBy: count)
    }

    /// Moves past a comma if one is next.
    private mutating func skipComma() -> Bool {
        guard peek() == comma else { return false }
        advance()
        return true
    }

    /// Moves past CRLF, LF or CR, counting the line.
    private mutating func skipLineBreak() {
        if peek() == carriageReturn, peek(1) == lineFeed { advance() }
        advance()
        line += 1
    }

    /// A field up to the next comma or line break.
    private mutating func unquotedField() throws(FirebaseLinkError) -> String {
        let start = index
        while let byte = peek(), byte != comma, !isLineBreak(byte) {
            guard byte != quote else {
                throw FirebaseLinkError(
                    code: .malformedCSV,
                    message: "a quote inside an unquoted field; put the whole field in quotes and double the quotes inside it",
                    line: line)
            }
            advance()
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A field in quotes, from its opening quote to the one that closes it.
    private mutating func quotedField() throws(FirebaseLinkError) -> String {
        let opened = line
        advance()
        var field: [UInt8] = []
        while let byte = peek() {
            if byte == quote {
                guard peek(1) == quote else {
                    advance()
                    guard peek() == nil || peek() == comma || isLineBreak(peek()) else {
                        throw FirebaseLinkError(
                            code: .malformedCSV, message: "text after the closing quote of a field; a quoted field must end at its quote",
                            line: line)
                    }
                    return String(decoding: field, as: UTF8.self)
                }
                field.append(quote)
                advance(by: 2)
                continue
            }
            if byte == lineFeed || (byte == carriageReturn && peek(1) != lineFeed) { line += 1 }
            field.append(byte)
            advance()
        }
        throw FirebaseLinkError(code: .malformedCSV, message: "a quoted field opened on this line is never closed", line: opened)
    }
}
