import Foundation

/// CSV fields as RFC 4180 writes them, with spreadsheet formulas defused: a field that a
/// spreadsheet would run as a formula (one that starts with `=`, `+`, `-`, `@`, a tab or a carriage
/// return, as OWASP's CSV injection guidance lists) is written with a `'` before it, which
/// spreadsheets show as text; ``undefused(_:)`` takes it off again when the file is read back.
package enum CSVText {
    /// The first characters that make a spreadsheet read a cell as a formula.
    private static let triggers: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// Whether a text is quotes and then a trigger: the texts that get one more quote, so that
    /// reading takes exactly that one off again (`'=x` is written `''=x`).
    private static func isDefusable(_ text: some StringProtocol) -> Bool {
        // By Unicode scalar, not Character: `=` followed by a combining mark is one Character that
        // is not `=`, and spreadsheets read the formula all the same.
        guard let first = text.unicodeScalars.first(where: { $0 != "'" }) else { return false }
        return triggers.contains(first)
    }

    /// A field, defused and quoted as needed.
    package static func field(_ text: String) -> String {
        let defused = isDefusable(text) ? "'" + text : text
        // By byte: "\r\n" is one Character, which is neither "\r" nor "\n".
        guard defused.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) else {
            return defused
        }
        return "\"" + defused.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A row of fields, ended by CRLF as RFC 4180 asks.
    package static func row(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    /// A field as ``field(_:)`` wrote it, read back: the one `'` put before a formula taken off.
    package static func undefused(_ text: String) -> String {
        text.first == "'" && isDefusable(text.dropFirst()) ? String(text.dropFirst()) : text
    }
}
