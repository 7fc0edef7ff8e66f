/// Text for HTML and XML documents written by hand: App Links `<meta>` tags, property lists and
/// Android manifest snippets.
package enum MarkupText {
    /// Text with the five markup-special characters escaped, safe in element content and in
    /// attribute values quoted with either quote.
    /// - Parameter text: The text to escape.
    package static func escaped(_ text: String) -> String {
        // Most texts (a landing page's every value, on every request) have nothing to escape.
        guard text.utf8.contains(where: isMarkupSpecial) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether a byte is one of the five characters ``escaped(_:)`` replaces; each is ASCII, so
    /// it never appears inside another scalar's UTF-8 bytes.
    private static func isMarkupSpecial(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        default: false
        }
    }
}
