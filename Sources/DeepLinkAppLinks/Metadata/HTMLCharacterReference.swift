/// Decodes the character references that appear in `<meta>` attribute values.
///
/// Covers numeric references (`&#39;`, `&#x27;`) and the named ones pages use in URLs and
/// names: `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;` (and the legacy upper-case
/// `&AMP;`, `&LT;`, `&GT;`, `&QUOT;`). A reference must end with `;`; anything else is kept as
/// written, as browsers do for unknown names.
enum HTMLCharacterReference {
    static let named: [Substring: Character] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "AMP": "&", "LT": "<", "GT": ">", "QUOT": "\"",
    ]

    /// The longest reference body worth looking at: `#x10FFFF` has 8 characters.
    static let maximumLength = 8

    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var output = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            output += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            if let semicolon = rest[afterAmpersand...].prefix(maximumLength + 1).firstIndex(of: ";"),
                let character = character(for: rest[afterAmpersand..<semicolon])
            {
                output.append(character)
                rest = rest[rest.index(after: semicolon)...]
            } else {
                output.append("&")
                rest = rest[afterAmpersand...]
            }
        }
        return output + rest
    }

    /// The character a reference body (between `&` and `;`) stands for.
    static func character(for body: Substring) -> Character? {
        guard body.first == "#" else { return named[body] }
        let isHex = body.dropFirst().first == "x" || body.dropFirst().first == "X"
        let digits = body.dropFirst(isHex ? 2 : 1)
        guard !digits.isEmpty, digits.allSatisfy({ isHex ? $0.isHexDigit : ("0"..."9").contains($0) }) else {
            return nil
        }
        let value = UInt32(digits, radix: isHex ? 16 : 10) ?? UInt32.max
        // As in HTML: NUL, surrogates and values beyond Unicode become the replacement character.
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return Character(scalar)
    }
}
