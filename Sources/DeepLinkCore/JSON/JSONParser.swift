/// A strict JSON (RFC 8259) reader that remembers where every value stood.
///
/// Foundation's decoders neither report positions for values that have the wrong type nor
/// notice duplicate keys, and config errors must name both; hence this small reader.
package enum JSONParser {
    /// The deepest nesting accepted, so hostile input cannot exhaust the stack.
    package static let maximumDepth = 512

    /// Reads a document.
    /// - Parameter text: The document's text. A leading byte order mark is skipped.
    /// - Returns: The root value.
    /// - Throws: ``JSONSyntaxError`` at the first character that is not valid JSON.
    package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        var reader = Reader(bytes: Array(text.utf8))
        try reader.readDocument()
        let document = JSONDocument(records: reader.records, strings: reader.strings, children: reader.children)
        return JSONNode(document: document, index: 0)
    }

    /// Reads a document from UTF-8 bytes.
    /// - Parameter bytes: The document's bytes.
    /// - Returns: The root value.
    /// - Throws: ``JSONSyntaxError`` at the first byte that is not valid JSON or UTF-8.
    package static func parse(utf8 bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONNode {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw JSONSyntaxError(message: "the file is not valid UTF-8", location: SourceLocation(line: 1, column: 1))
        }
        return try parse(text)
    }
}

private struct Reader {
    let bytes: [UInt8]
    var offset = 0
    var line = 1
    var lineStart = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        // One pass first, to size the arrays: growing them by doubling copied each several times
        // (reading a 10,000-route config, 5 MB of records). Values are counted by the separators
        // before them outside strings, so text inside a string reserves nothing. The pass reads
        // the array's buffer: the same loop over the array cost 24 M instructions there, this 7 M.
        // The buffer is only read, within its count.
        var isASCII = true
        var separators = 0
        var members = 0
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                let byte = buffer[index]
                index += 1
                if byte == UInt8(ascii: ":") {
                    members += 1
                    separators += 1
                } else if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") {
                    separators += 1
                } else if byte == UInt8(ascii: "\"") {
                    // The rest of the string, its escaped characters skipped.
                    while index < buffer.count, buffer[index] != UInt8(ascii: "\"") {
                        if buffer[index] >= 0x80 { isASCII = false }
                        index += buffer[index] == UInt8(ascii: "\\") ? 2 : 1
                    }
                    index += 1
                } else if byte >= 0x80 {
                    isASCII = false
                }
            }
        }
        self.isASCII = isASCII
        records.reserveCapacity(separators + 1)
        children.reserveCapacity(separators)
        strings.reserveCapacity(separators + members + 1)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            offset = 3
            lineStart = 3
        }
    }

    /// Whether every byte is ASCII, so a column is a count of bytes: counting scalars byte by
    /// byte cost 5% of reading a 10,000-route config (callgrind).
    let isASCII: Bool

    /// Where the last column count was taken, so counting resumes there instead of at the
    /// line's start: a minified document is one long line.
    var countedOffset = 0
    var countedColumn = 1

    /// The current position, counting scalars, not bytes: UTF-8 continuation bytes do not start a column.
    var location: SourceLocation {
        mutating get {
            if isASCII { return SourceLocation(line: line, column: offset - lineStart + 1) }
            if countedOffset < lineStart || countedOffset > offset {
                countedOffset = lineStart
                countedColumn = 1
            }
            countedColumn = bytes[countedOffset..<offset].reduce(countedColumn) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
            countedOffset = offset
            return SourceLocation(line: line, column: countedColumn)
        }
    }

    /// The values read so far, in document order; see ``JSONDocument``.
    var records: [JSONDocument.Record] = []
    var strings: [String] = []
    var children: [Int32] = []
    /// The children of the arrays and objects being read, innermost last; each container moves
    /// its own to ``children`` when it closes, so no container needs an array of its own.
    var openChildren: [Int32] = []

    mutating func readDocument() throws(JSONSyntaxError) {
        skipWhitespace()
        guard offset < bytes.count else { throw error("the document is empty") }
        try readValue(parent: -1, step: 0, keyLocation: nil, depth: 0)
        skipWhitespace()
        guard offset == bytes.count else { throw error("unexpected \(describeCurrent()) after the end of the document") }
    }

    /// Reads a value and appends its record (and its children's).
    /// - Returns: The value's index.
    @discardableResult
    mutating func readValue(parent: Int32, step: Int32, keyLocation: SourceLocation?, depth: Int) throws(JSONSyntaxError) -> Int32 {
        guard depth < JSONParser.maximumDepth else { throw error("nesting deeper than \(JSONParser.maximumDepth) levels") }
        let start = location
        guard offset < bytes.count else { throw error("unexpected end of the document, expected a value") }
        let index = Int32(records.count)
        records.append(
            JSONDocument.Record(
                kind: .null, line: Int32(truncatingIfNeeded: start.line), column: Int32(truncatingIfNeeded: start.column), parent: parent,
                step: step, keyLine: Int32(truncatingIfNeeded: keyLocation?.line ?? 0),
                keyColumn: Int32(truncatingIfNeeded: keyLocation?.column ?? 0), payload: 0, count: 0))
        let kind: JSONKind
        var payload: UInt64 = 0
        var count: Int32 = 0
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            kind = .object
            count = try readObject(index: index, depth: depth)
            payload = UInt64(children.count) - UInt64(count)
        case UInt8(ascii: "["):
            kind = .array
            count = try readArray(index: index, depth: depth)
            payload = UInt64(children.count) - UInt64(count)
        case UInt8(ascii: "\""):
            kind = .string
            payload = UInt64(strings.count)
            strings.append(try readString())
        case UInt8(ascii: "t"): try readLiteral("true"); kind = .bool; payload = 1
        case UInt8(ascii: "f"): try readLiteral("false"); kind = .bool
        case UInt8(ascii: "n"): try readLiteral("null"); kind = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): kind = .number; payload = try readNumber().bitPattern
        default: throw error("unexpected \(describeCurrent()), expected a value")
        }
        records[Int(index)].kind = kind
        records[Int(index)].payload = payload
        records[Int(index)].count = count
        return index
    }

    /// Moves the last `count` open children to ``children``, where their container's range begins.
    mutating func closeContainer(childCount count: Int) {
        children.append(contentsOf: openChildren[(openChildren.count - count)...])
        openChildren.removeLast(count)
    }

    /// Reads an object's members. - Returns: How many there are.
    mutating func readObject(index: Int32, depth: Int) throws(JSONSyntaxError) -> Int32 {
        offset += 1
        var count = 0
        skipWhitespace()
        if peek(is: "}") {
            offset += 1
            return 0
        }
        while true {
            skipWhitespace()
            guard peek(is: "\"") else {
                throw error("unexpected \(describeCurrent()), expected a member name in double quotes")
            }
            let keyLocation = location
            let key = try readString()
            skipWhitespace()
            guard peek(is: ":") else { throw error("unexpected \(describeCurrent()), expected ':' after the member name") }
            offset += 1
            skipWhitespace()
            let keyIndex = Int32(strings.count)
            strings.append(key)
            openChildren.append(try readValue(parent: index, step: keyIndex, keyLocation: keyLocation, depth: depth + 1))
            count += 1
            skipWhitespace()
            if peek(is: ",") {
                offset += 1
                skipWhitespace()
                if peek(is: "}") { throw error("trailing comma before '}'") }
            } else if peek(is: "}") {
                offset += 1
                closeContainer(childCount: count)
                return Int32(count)
            } else {
                throw error("unexpected \(describeCurrent()), expected ',' or '}' after an object member")
            }
        }
    }

    /// Reads an array's elements. - Returns: How many there are.
    mutating func readArray(index: Int32, depth: Int) throws(JSONSyntaxError) -> Int32 {
        offset += 1
        var count = 0
        skipWhitespace()
        if peek(is: "]") {
            offset += 1
            return 0
        }
        while true {
            skipWhitespace()
            openChildren.append(try readValue(parent: index, step: Int32(count), keyLocation: nil, depth: depth + 1))
            count += 1
            skipWhitespace()
            if peek(is: ",") {
                offset += 1
                skipWhitespace()
                if peek(is: "]") { throw error("trailing comma before ']'") }
            } else if peek(is: "]") {
                offset += 1
                closeContainer(childCount: count)
                return Int32(count)
            } else {
                throw error("unexpected \(describeCurrent()), expected ',' or ']' after an array element")
            }
        }
    }

    mutating func readString() throws(JSONSyntaxError) -> String {
        offset += 1
        let start = offset
        // Most strings have no escape: they are decoded from the document's bytes in one step.
        while true {
            guard offset < bytes.count else { throw error("unterminated string") }
            switch bytes[offset] {
            case UInt8(ascii: "\""):
                offset += 1
                // The input came from a Swift String, so the bytes between quotes are valid UTF-8.
                return String(decoding: bytes[start..<(offset - 1)], as: UTF8.self)
            case UInt8(ascii: "\\"):
                return try readEscapedString(from: start)
            case 0..<0x20:
                throw controlCharacterError()
            default:
                offset += 1
            }
        }
    }

    /// The rest of a string from its first escape on, its bytes collected then decoded once.
    mutating func readEscapedString(from start: Int) throws(JSONSyntaxError) -> String {
        var utf8 = Array(bytes[start..<offset])
        while true {
            guard offset < bytes.count else { throw error("unterminated string") }
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                utf8.append(contentsOf: try readEscape().utf8)
            case 0..<0x20:
                throw controlCharacterError()
            default:
                utf8.append(byte)
                offset += 1
            }
        }
    }

    mutating func controlCharacterError() -> JSONSyntaxError {
        error(bytes[offset] == 0x0A ? "unterminated string (line break inside a string)" : "control character inside a string; escape it")
    }

    mutating func readEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        offset += 1
        guard offset < bytes.count else { throw error("unterminated string") }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try readHex4()
            if (0xD800..<0xDC00).contains(high) {
                guard peek(is: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw error("unpaired UTF-16 surrogate \\u\(String(high, radix: 16, uppercase: true))")
                }
                offset += 2
                let low = try readHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("invalid UTF-16 low surrogate") }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else {
                throw error("unpaired UTF-16 surrogate \\u\(String(high, radix: 16, uppercase: true))")
            }
            return scalar
        default:
            offset -= 1
            throw error("invalid escape sequence '\\\(describeCurrent(quoted: false))'")
        }
    }

    mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count, let digit = hexValue(bytes[offset]) else {
                throw error("expected four hexadecimal digits after \\u")
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    mutating func readNumber() throws(JSONSyntaxError) -> Double {
        let start = offset
        if peek(is: "-") { offset += 1 }
        if peek(is: "0") {
            offset += 1
            if offset < bytes.count, isDigit(bytes[offset]) { throw error("numbers must not have leading zeros") }
        } else {
            try readDigits(after: "a minus sign")
        }
        if peek(is: ".") {
            offset += 1
            try readDigits(after: "a decimal point")
        }
        if peek(is: "e") || peek(is: "E") {
            offset += 1
            if peek(is: "+") || peek(is: "-") { offset += 1 }
            try readDigits(after: "an exponent")
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let number = Double(text) else { throw error("invalid number \(text)") }
        return number
    }

    mutating func readDigits(after what: String) throws(JSONSyntaxError) {
        guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit after \(what)") }
        while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }

    func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    mutating func readLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        guard bytes[offset...].starts(with: expected) else {
            throw error("unexpected \(describeCurrent()), expected a value (strings need double quotes)")
        }
        offset += expected.count
    }

    func peek(is character: Unicode.Scalar) -> Bool {
        offset < bytes.count && bytes[offset] == UInt8(ascii: character)
    }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                offset += 1
            case UInt8(ascii: "\n"):
                offset += 1
                line += 1
                lineStart = offset
            default:
                return
            }
        }
    }

    func describeCurrent(quoted: Bool = true) -> String {
        guard offset < bytes.count else { return "end of the document" }
        var end = offset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let character = String(decoding: bytes[offset..<end], as: UTF8.self)
        return quoted ? "'\(character)'" : character
    }

    mutating func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, location: location)
    }
}
