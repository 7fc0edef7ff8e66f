import Foundation

/// The links of a Firebase Dynamic Links export: a CSV file with a header row, as Google Takeout
/// writes it (one file per domain) or as a team's own script wrote it. A `Sendable` value.
///
/// Header names are compared without case, spaces or punctuation, so `Short link`, `short_link`
/// and `shortLink` are the same column:
///
/// | Column | Header names |
/// |---|---|
/// | short link (required) | `Short link`, `Short Dynamic Link`, `Short URL`; `Link` when a long link column is present and no short link column is |
/// | long link | `Long link`, `Long Dynamic Link`, `Long URL` |
/// | one Firebase parameter | its name (`link`, `apn`, `utm_source`), its name in parentheses as Takeout writes it (`Deep link (link)`, `Android fallback link (afl)`), or Takeout's name without them (`Deep link`, `iTunes Connect at`) |
/// | the link's name, kept as its note | `Link name` |
/// | when it was made, kept as its `createdAt` | `Creation timestamp`, `Created at`, `Creation time` |
///
/// A file needs the short link column and either a long link column or the `link` column. Any
/// other column (Takeout's `Archived?`) is listed in ``ignoredColumns`` and not read; the columns
/// read are in ``readColumns``.
package struct FirebaseLinkExport: Sendable, Hashable {
    /// What a column holds.
    enum Column: Hashable {
        case shortLink
        case longLink
        case parameter(String)
        case name
        case creationTimestamp
    }

    private static let shortLinkNames: Set<String> = ["shortlink", "shortdynamiclink", "shorturl"]
    private static let longLinkNames: Set<String> = ["longlink", "longdynamiclink", "longurl"]
    private static let nameNames: Set<String> = ["linkname"]
    private static let creationTimestampNames: Set<String> = ["creationtimestamp", "createdat", "creationtime"]
    /// Takeout's descriptions of the parameters, normalized; the export guide lists them.
    private static let parameterDescriptions: [String: String] = [
        "deeplink": "link", "androidpackagename": "apn", "androidfallbacklink": "afl", "androidminimumpackageversioncode": "amv",
        "iosbundleid": "ibi", "iosfallbacklink": "ifl", "ioscustomscheme": "ius", "iosipadfallbacklink": "ipfl", "iosipadbundleid": "ipbi",
        "iosappstoreid": "isi", "iosminimumversion": "imv", "enableforcedredirect": "efr", "desktopfallbacklink": "ofl", "socialtitle": "st",
        "socialdescription": "sd", "socialimagelink": "si", "itunesconnectat": "at", "itunesconnectct": "ct", "itunesconnectmt": "mt",
        "itunesconnectpt": "pt",
    ]
    /// Every parameter Firebase Dynamic Links defined, by normalized name.
    private static let parameterNames: [String: String] = Dictionary(
        uniqueKeysWithValues: (FirebaseLongLink.fieldParameters.map(\.parameter) + FirebaseLongLink.appParameters).map { (normalized($0), $0) })

    /// The links, in file order; rows whose cells are all empty are left out.
    package let rows: [FirebaseExportRow]
    /// The header names of the columns that were not read, in file order.
    package let ignoredColumns: [String]
    /// The header names of the columns that were read, in file order.
    package let readColumns: [String]

    /// Reads an export.
    /// - Parameter csv: The file's text.
    /// - Throws: ``FirebaseLinkError``: `empty-file` without a header row, `malformed-csv` with the
    ///   line of a CSV syntax error or of a row with another number of fields than the header,
    ///   `unrecognized-header` when the header lacks the columns an import needs.
    package init(csv: String) throws(FirebaseLinkError) {
        var reader = try RowReader(csv: csv)
        var rows: [FirebaseExportRow] = []
        while let row = try reader.next() { rows.append(row) }
        self.rows = rows
        ignoredColumns = reader.ignoredColumns
        readColumns = reader.readColumns
    }

    /// Reads an export's rows one at a time, so a large export is never held as rows all at once:
    /// `deeplink import firebase` reads the file once to find any error, then again to import.
    /// A value; each copy reads on from where it was copied.
    package struct RowReader {
        private var records: CSVReader
        private let header: CSVReader.Record
        private let columns: [Column?]
        /// The header names of the columns that are not read, in file order.
        package let ignoredColumns: [String]
        /// The header names of the columns that are read, in file order.
        package let readColumns: [String]

        /// Reads the header.
        /// - Parameter csv: The file's text.
        /// - Throws: ``FirebaseLinkError``: `empty-file` without a header row, `malformed-csv` for a
        ///   CSV syntax error in it, `unrecognized-header` when it lacks the columns an import needs.
        package init(csv: String) throws(FirebaseLinkError) {
            records = CSVReader(csv)
            guard let header = try records.next() else {
                throw FirebaseLinkError(
                    code: .emptyFile, message: "the file is empty; a Firebase export starts with a header row such as Short link,Deep link (link),…")
            }
            self.header = header
            columns = try FirebaseLinkExport.columns(of: header)
            ignoredColumns = zip(header.fields, columns).filter { $0.1 == nil }.map(\.0)
            readColumns = zip(header.fields, columns).filter { $0.1 != nil }.map(\.0)
        }

        /// The next row whose cells are not all empty, or `nil` at the end of the file.
        /// - Throws: ``FirebaseLinkError`` with code `malformed-csv` and the line of a CSV syntax error or
        ///   of a row with another number of fields than the header.
        package mutating func next() throws(FirebaseLinkError) -> FirebaseExportRow? {
            while let record = try records.next() {
                guard record.fields.count == header.fields.count else {
                    throw FirebaseLinkError(
                        code: .malformedCSV,
                        message: "the row has \(record.fields.count) field\(record.fields.count == 1 ? "" : "s") but the header on line \(header.line) has \(header.fields.count)",
                        line: record.line)
                }
                let cells = record.fields.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                guard cells.contains(where: { !$0.isEmpty }) else { continue }
                var row = FirebaseExportRow(line: record.line, shortLink: "")
                for (column, cell) in zip(columns, cells) where !cell.isEmpty {
                    switch column {
                    case .shortLink?: row.shortLink = cell
                    case .longLink?: row.longLink = cell
                    case .parameter(let name)?: row.parameters[name] = cell
                    case .name?: row.name = cell
                    case .creationTimestamp?: row.creationTimestamp = cell
                    case nil: break
                    }
                }
                return row
            }
            return nil
        }
    }

    /// What each header cell names; `nil` for a column that is not read.
    private static func columns(of header: CSVReader.Record) throws(FirebaseLinkError) -> [Column?] {
        var columns = header.fields.map(column(named:))
        if !columns.contains(.shortLink), columns.contains(.longLink),
            let plainLink = header.fields.firstIndex(where: { normalized($0) == "link" })
        {
            columns[plainLink] = .shortLink
        }
        for (offset, column) in columns.enumerated() {
            guard let column, let earlier = columns[..<offset].firstIndex(of: column) else { continue }
            throw FirebaseLinkError(
                code: .unrecognizedHeader,
                message: "the columns \(header.fields[earlier]) and \(header.fields[offset]) both hold the \(describe(column)); keep one",
                line: header.line)
        }
        let hasDestination = columns.contains(.longLink) || columns.contains(.parameter("link"))
        guard columns.contains(.shortLink), hasDestination else {
            let found = header.fields.map { $0.isEmpty ? "(empty)" : $0 }.joined(separator: ", ")
            throw FirebaseLinkError(
                code: .unrecognizedHeader,
                message: "the header has the columns \(found); an import needs a short link column (Short link, short_link, shortLink) "
                    + "and a long link column (Long link, longDynamicLink) or a deep link column (Deep link (link), link)",
                line: header.line)
        }
        return columns
    }

    /// The column a header names, if it is one an import reads.
    static func column(named header: String) -> Column? {
        let key = normalized(header)
        if shortLinkNames.contains(key) { return .shortLink }
        if longLinkNames.contains(key) { return .longLink }
        if nameNames.contains(key) { return .name }
        if creationTimestampNames.contains(key) { return .creationTimestamp }
        if let name = parenthesizedName(in: header), let parameter = parameterNames[normalized(name)] { return .parameter(parameter) }
        if let parameter = parameterNames[key] ?? parameterDescriptions[key] { return .parameter(parameter) }
        return nil
    }

    /// `link` in `Deep link (link)`.
    private static func parenthesizedName(in header: String) -> Substring? {
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "(") else { return nil }
        return trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
    }

    /// Lowercase letters and digits only: `Short link`, `short_link` and `shortLink` are all `shortlink`.
    private static func normalized(_ header: some StringProtocol) -> String {
        String(header.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) })
    }

    private static func describe(_ column: Column) -> String {
        switch column {
        case .shortLink: "short link"
        case .longLink: "long link"
        case .parameter(let name): "Firebase parameter \(name)"
        case .name: "link name"
        case .creationTimestamp: "creation timestamp"
        }
    }
}
