/// Text from requests as log lines carry it.
package enum LogText {
    /// Text from a request made safe for a log line: quoted, with every control character, format
    /// character (bidirectional overrides, zero-width joiners) and the quote and backslash written
    /// as escapes (`\u{1B}`, `\n`), so that it can neither forge a line nor reach a terminal as a
    /// command.
    /// - Parameter text: The text.
    package static func quoted(_ text: String) -> String {
        "\"" + escaped(text, quotes: true) + "\""
    }

    /// Text with every control character, format character (bidirectional overrides, zero-width
    /// joiners), line or paragraph separator, unassigned or private-use scalar written as an
    /// escape (`\u{1B}`, `\n`), so that a log line stays one line and reaches a terminal as text.
    /// - Parameters:
    ///   - text: The text.
    ///   - quotes: Whether `"` and `\` are escaped too, for text written between quotes.
    package static func escaped(_ text: String, quotes: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0) || (quotes && ($0 == "\"" || $0 == "\\")) }) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"" where quotes: escaped += "\\\""
            case "\\" where quotes: escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            default:
                if needsEscape(scalar) {
                    escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .privateUse, .surrogate: true
        default: false
        }
    }
}
