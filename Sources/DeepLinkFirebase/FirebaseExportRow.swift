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

    /// Creates a row.
    /// - Parameters:
    ///   - line: The 1-based line of the file.
    ///   - shortLink: The short link.
    ///   - longLink: The long link.
    ///   - parameters: Firebase parameters by name.
    package init(line: Int, shortLink: String, longLink: String? = nil, parameters: [String: String] = [:]) {
        self.line = line
        self.shortLink = shortLink
        self.longLink = longLink
        self.parameters = parameters
    }
}
