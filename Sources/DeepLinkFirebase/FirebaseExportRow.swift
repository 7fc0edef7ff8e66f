import Foundation

/// One Firebase Dynamic Link as an export lists it: the short link and what it pointed to,
/// either as a long link, as one column per Firebase parameter, or both. A `Sendable` value.
package struct FirebaseExportRow: Sendable, Hashable {
    /// The 1-based line of the file the row starts on.
    package var line: Int
    /// The short link, e.g. `https://shop.page.link/summer`; empty when the cell was.
    package var shortLink: String
    /// The long link, `https://shop.page.link/?link=…&apn=…`, if the export has one.
    package var longLink: String?
    /// Firebase parameters from columns of their own (`link`, `apn`, `afl`, …), without empty cells.
    package var parameters: [String: String]
    /// The console's name for the link (Takeout's `Link name`), if the export has one.
    package var name: String?
    /// When the link was made (Takeout's `Creation timestamp`), as the cell says it.
    package var creationTimestamp: String?

    /// Creates a row.
    /// - Parameters:
    ///   - line: The 1-based line of the file.
    ///   - shortLink: The short link.
    ///   - longLink: The long link.
    ///   - parameters: Firebase parameters by name.
    ///   - name: The console's name for the link.
    ///   - creationTimestamp: When the link was made, as the export writes it.
    package init(
        line: Int, shortLink: String, longLink: String? = nil, parameters: [String: String] = [:], name: String? = nil,
        creationTimestamp: String? = nil
    ) {
        self.line = line
        self.shortLink = shortLink
        self.longLink = longLink
        self.parameters = parameters
        self.name = name
        self.creationTimestamp = creationTimestamp
    }

    /// When the link was made, read from ``creationTimestamp``: Takeout's
    /// `2023-06-01 09:30:00 UTC`, the same without `UTC` (read as UTC), or ISO 8601
    /// (`2023-06-01T09:30:00Z`, `2023-06-01T09:30:00.250+02:00`); `nil` for any other text.
    package var creationDate: Date? {
        creationTimestamp.flatMap(Self.date(from:))
    }

    /// A timestamp in one of the forms ``creationDate`` reads.
    package static func date(from text: String) -> Date? {
        var text = text.trimmingCharacters(in: .whitespaces)
        if text.hasSuffix(" UTC") { text = String(text.dropLast(4)) + "Z" }
        if text.utf8.count >= 19, Array(text.utf8)[10] == UInt8(ascii: " ") {
            text = String(text.prefix(10)) + "T" + String(text.dropFirst(11))
        }
        if text.utf8.count == 19 { text += "Z" }
        return (try? Date(text, strategy: plainStyle)) ?? (try? Date(text, strategy: fractionalStyle))
    }

    /// ISO 8601 without and with fractional seconds: made once, not per row of a large export.
    private static let plainStyle = Date.ISO8601FormatStyle()
    private static let fractionalStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
