/// Text from requests as log lines carry it.
package enum LogText {
    /// Text from a request made safe for a log line: quoted, with every control character, format
    /// character (bidirectional overrides, zero-width joiners) and the quote and backslash written
    /// as escapes (`\u{1B}`, `\n`), so that it can neither forge a line nor reach a terminal as a
    /// command.
    /// - Parameter text: The text.
    package static func quoted(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            default:
                let category = scalar.properties.generalCategory
                if category == .control || category == .format || category == .lineSeparator || category == .paragraphSeparator
                    || category == .unassigned || category == .privateUse || category == .surrogate
                {
                    escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped + "\""
    }
}
