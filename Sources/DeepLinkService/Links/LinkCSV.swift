import DeepLinkCore
import DeepLinkFirebase
import Foundation

/// Links as CSV, both ways (issue 27): `deeplink links export --csv`, the dashboard's download and
/// `deeplink links import --csv` read and write the same file.
///
/// The header row names the fields as the admin API's JSON does (`code`, `deepLink`,
/// `fallbacks.webURL`, `utm.campaign`, …); the export writes every field, `code` first. A file
/// to import may hold any of the columns, in any order, and must have `deepLink`. An empty cell
/// is a field set to nothing (the config's App Store ID or Android package is not filled in for
/// it), a missing column a field left to its default; a missing or empty `code` gets a random
/// one. Cells a spreadsheet would run as formulas are written with a `'` before them and read
/// back without it (``CSVText``).
package enum LinkCSV {
    /// The columns, in the export's order: `code`, then every other field as the API lists them.
    package static let fields: [LinkField] = LinkField.all.filter { $0.kind == .code } + LinkField.all.filter { $0.kind != .code }

    /// The header row.
    package static var header: String { CSVText.row(fields.map(\.path)) }

    /// A link's row.
    package static func row(for link: Link) -> String {
        CSVText.row(fields.map { $0.text(of: link) ?? "" })
    }

    /// Every link of a store as CSV, by code, handed to `write` the header first and then a page
    /// of 1,000 rows at a time, so a large table is never held whole: `links export` and the
    /// dashboard's download.
    /// - Returns: How many links were written.
    package static func export(from store: any LinkStorage, write: (String) async throws -> Void) async throws -> Int {
        try await write(header)
        var cursor: String?
        var count = 0
        while true {
            let page = try await store.links(after: cursor, limit: 1000)
            guard let last = page.last else { return count }
            try await write(page.map(row(for:)).joined())
            count += page.count
            cursor = last.code
        }
    }
}

/// Why a CSV file of links cannot be read at all. A `Sendable` error.
package struct LinkCSVError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A short name for scripts: `empty-file`, `malformed-csv`, `unknown-column`,
    /// `repeated-column` or `missing-column`.
    package let code: String
    /// What is wrong.
    package let message: String
    /// The 1-based line it is on.
    package let line: Int

    package var description: String { "line \(line): \(message)" }
}

/// What importing a CSV file of links did with each row. A `Sendable` value.
package struct LinkImportReport: Sendable, Hashable {
    /// One row and its outcome.
    package struct Entry: Sendable, Hashable {
        /// The 1-based line of the file the row starts on.
        package let line: Int
        /// The row's code, or `nil` when it gave none (a random one is made) or it was skipped before one was known.
        package let code: String?
        /// What happened.
        package internal(set) var outcome: LinkImportOutcome
    }

    /// Every row, in file order.
    package let entries: [Entry]
    /// Whether the import only reported and wrote nothing.
    package let dryRun: Bool

    /// How many rows were imported (in a dry run: would be).
    package var importedCount: Int { entries.count { $0.outcome == .imported } }
    /// How many rows were already stored with the same content.
    package var alreadyImportedCount: Int { entries.count { $0.outcome == .alreadyImported } }
    /// How many rows were left out.
    package var skippedCount: Int { entries.count - importedCount - alreadyImportedCount }

    /// The counts and every row with its status (`imported`, `already-imported` or `skipped` with the error).
    package var jsonValue: JSONValue {
        let rows = entries.map { entry -> JSONValue in
            var row: [String: JSONValue] = ["line": .number(Double(entry.line)), "code": entry.code.map(JSONValue.string) ?? .null]
            row.merge(entry.outcome.jsonFields) { _, outcome in outcome }
            return .object(row)
        }
        return [
            "dryRun": .bool(dryRun), "imported": .number(Double(importedCount)), "alreadyImported": .number(Double(alreadyImportedCount)),
            "skipped": .number(Double(skippedCount)), "rows": .array(rows),
        ]
    }
}

/// Imports a CSV file of links (``LinkCSV``), each row checked as the admin API checks a new link,
/// never changing a stored one, so it can run again. `Sendable`.
///
/// Codes follow the rules of imported codes (``ShortCode/validateImported(_:)``), so that links
/// imported from Firebase with short codes survive an export and an import, and an `expiresAt` in
/// the past is kept: the link arrives expired, as it left.
package struct LinkCSVImporter: Sendable {
    /// How many rows are looked up and written together.
    package static let batchSize = 500

    private let editor: LinkEditor

    /// An importer that checks links against a config.
    package init(editor: LinkEditor) {
        self.editor = editor
    }

    /// The columns of a header row, checked.
    /// - Throws: ``LinkCSVError`` for an unknown, repeated or missing column.
    package static func columns(of header: CSVReader.Record) throws(LinkCSVError) -> [LinkField] {
        var columns: [LinkField] = []
        for name in header.fields {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            // Spreadsheets and people change letter case; `deeplink` is still deepLink.
            guard let field = LinkField.named(trimmed) ?? LinkCSV.fields.first(where: { $0.path.lowercased() == trimmed.lowercased() }) else {
                throw LinkCSVError(
                    code: "unknown-column",
                    message: "unknown column \"\(trimmed)\"; the columns are \(LinkCSV.fields.map(\.path).joined(separator: ", "))",
                    line: header.line)
            }
            guard !columns.contains(field) else {
                throw LinkCSVError(code: "repeated-column", message: "the column \(trimmed) appears twice", line: header.line)
            }
            columns.append(field)
        }
        guard columns.contains(where: { $0.kind == .deepLink }) else {
            throw LinkCSVError(code: "missing-column", message: "the header has no deepLink column, which every link needs", line: header.line)
        }
        return columns
    }

    /// Checks a whole file without touching any store: its header and every record's quoting.
    /// - Throws: ``LinkCSVError``.
    package static func check(_ text: String) throws(LinkCSVError) {
        var reader = CSVReader(text)
        let header = try Self.header(&reader)
        _ = try columns(of: header)
        do throws(FirebaseLinkError) {
            while try reader.next() != nil {}
        } catch {
            throw LinkCSVError(code: "malformed-csv", message: error.message, line: error.line ?? 0)
        }
    }

    private static func header(_ reader: inout CSVReader) throws(LinkCSVError) -> CSVReader.Record {
        let header: CSVReader.Record?
        do throws(FirebaseLinkError) {
            header = try reader.next()
        } catch {
            throw LinkCSVError(code: "malformed-csv", message: error.message, line: error.line ?? 1)
        }
        guard let header else {
            throw LinkCSVError(code: "empty-file", message: "the file is empty; its first line names the columns, such as code,deepLink", line: 1)
        }
        return header
    }

    /// The link a row describes, checked as the admin API checks a new link.
    private func link(_ record: CSVReader.Record, columns: [LinkField], now: Date) throws(LinkServerError) -> Link {
        guard record.fields.count == columns.count else {
            throw LinkServerError(
                code: .invalidBody, message: "the row has \(record.fields.count) cells and the header \(columns.count) columns")
        }
        var body: [String: JSONValue] = [:]
        for (field, cell) in zip(columns, record.fields) {
            let value = CSVText.undefused(cell)
            let json: JSONValue = value.isEmpty ? .null : .string(value)
            if field.group == .link {
                body[field.name] = json
            } else {
                var group = body[field.group.rawValue]?.objectValue ?? [:]
                group[field.name] = json
                body[field.group.rawValue] = .object(group)
            }
        }
        return try editor.create(from: .object(body), now: now, codeRules: .imported, allowsPastExpiry: true)
    }

    /// Imports a file's rows into a store, never changing a stored link.
    /// - Parameters:
    ///   - text: The file's text; ``check(_:)`` it first to report a broken file before anything is written.
    ///   - store: The link store.
    ///   - dryRun: Whether to only report, reading the store but writing nothing.
    ///   - now: The creation time of new links.
    /// - Returns: Every row's outcome.
    /// - Throws: ``LinkCSVError`` for a broken file, ``StoreError`` when the store fails (the links
    ///   stored before stay, whole batches of ``batchSize``, and running the import again is safe).
    package func importLinks(_ text: String, into store: any LinkStorage, dryRun: Bool = false, now: Date = Date()) async throws -> LinkImportReport {
        var reader = CSVReader(text)
        let columns = try Self.columns(of: try Self.header(&reader))
        var entries: [LinkImportReport.Entry] = []
        var firstLines: [String: Int] = [:]
        var batch: [(entry: Int, link: Link)] = []
        func flush() async throws(StoreError) {
            let outcomes = try await LinkPlacement.place(batch.map(\.link), in: store, dryRun: dryRun) { link, stored in
                LinkCSV.fields.filter { $0.text(of: link) != $0.text(of: stored) }.map(\.path)
            }
            for ((entry, _), outcome) in zip(batch, outcomes) { entries[entry].outcome = outcome }
            batch.removeAll(keepingCapacity: true)
        }
        while true {
            let next: CSVReader.Record?
            do throws(FirebaseLinkError) {
                next = try reader.next()
            } catch {
                throw LinkCSVError(code: "malformed-csv", message: error.message, line: error.line ?? 0)
            }
            guard let record = next else { break }
            let link: Link
            do throws(LinkServerError) {
                link = try self.link(record, columns: columns, now: now)
                if let first = firstLines[link.code] {
                    throw LinkServerError(code: .codeTaken, message: "line \(first) has the same code; the first usable row with a code is imported")
                }
                firstLines[link.code] = record.line
            } catch {
                let code = zip(columns, record.fields).first { $0.0.kind == .code }.map { CSVText.undefused($0.1) }
                entries.append(.init(line: record.line, code: code.flatMap { $0.isEmpty ? nil : $0 }, outcome: .skipped(error)))
                continue
            }
            batch.append((entries.count, link))
            entries.append(.init(line: record.line, code: link.code, outcome: .imported))
            if batch.count == Self.batchSize { try await flush() }
        }
        try await flush()
        return LinkImportReport(entries: entries, dryRun: dryRun)
    }
}
