import DeepLinkCore
import DeepLinkFirebase
import Foundation

/// Turns the rows of a Firebase Dynamic Links export into links, so that each short path keeps
/// resolving to the same destination on this server. `Sendable`.
///
/// A row's code is its short link's path without the leading `/` (and without the path prefix,
/// for custom domains that put links under one): `https://shop.page.link/summer` gives `summer`.
/// It follows what Firebase accepted (``ShortCode/validateImported(_:)``), not the rules of codes
/// created here, so `/p7` imports as `p7`.
/// Its fields come from the long link or the parameter columns, read by ``FirebaseLongLink``, and
/// pass exactly the checks of the admin API: the deep link must route through the config and
/// fallbacks must be on hosts the server redirects to; `apn`, `ibi` and `isi` must name the
/// config's apps, as Firebase only accepted apps registered in the project.
///
/// Importing never changes a stored link, so it can run again: a row whose code is stored with
/// the same content is reported as already imported, one whose code is stored with other content
/// is skipped, and of several rows with one code the first that passes its checks is taken.
package struct FirebaseLinkImporter: Sendable {
    /// Fields compared to tell an imported link from another one, by the Firebase parameter that
    /// sets them.
    private static let comparedFields: [(parameter: String, value: @Sendable (Link) -> String?)] =
        FirebaseLongLink.fieldParameters.map { parameter, field in (parameter, { @Sendable (link: Link) in LinkField.named(field)?.text(of: link) }) } + [
            ("expiresAt", { @Sendable in $0.expiresAt.map { "\($0.timeIntervalSince1970)" } }),
        ]

    private let editor: LinkEditor
    /// The path before the code, from `/` to `/`: `/` or `/links/`.
    private let pathPrefix: String

    /// An importer for a server's configuration: its config's routes and hosts and its redirect allowlist.
    /// - Parameters:
    ///   - configuration: The server's configuration; only the config and the allowlist are used.
    ///   - pathPrefix: The path custom-domain short links put before the code, such as `/links`;
    ///     `/` for none.
    /// - Throws: `ConfigError` for a bad `deferred` section or when the config's router cannot be built.
    package init(configuration: ServerConfiguration, pathPrefix: String = "/") throws {
        editor = LinkEditor(setup: try DeepLinkSetup(configuration: configuration))
        let trimmed = pathPrefix.split(separator: "/").joined(separator: "/")
        self.pathPrefix = trimmed.isEmpty ? "/" : "/\(trimmed)/"
    }

    /// The code a short link gives: its path after the prefix.
    /// - Parameter shortLink: The short link, with or without `https://`.
    /// - Throws: ``LinkServerError`` without a field when the row has no short link, the path does
    ///   not start with the prefix, or what follows is not a valid code.
    package func code(for shortLink: String) throws(LinkServerError) -> String {
        guard !shortLink.isEmpty else {
            throw LinkServerError(code: .invalidField, message: "the row has no short link")
        }
        let url = shortLink.contains("://") ? shortLink : "https://" + shortLink
        guard let components = URLComponents(string: url), components.host?.isEmpty == false else {
            throw LinkServerError(code: .invalidField, message: "the short link \(shortLink) is not a URL")
        }
        let path = components.path
        guard path.hasPrefix(pathPrefix) else {
            throw LinkServerError(code: .invalidField, message: "the path \(path) does not start with the path prefix \(pathPrefix)")
        }
        let code = String(path.dropFirst(pathPrefix.count))
        do {
            try ShortCode.validateImported(code)
        } catch {
            let hint = code.contains("/") ? "; if the domain put its links under a path, give that path as the prefix" : ""
            throw LinkServerError(code: error.code, message: "the path \(path) is not a usable code: \(error.message)\(hint)")
        }
        return code
    }

    /// A row's Firebase parameters: the long link's, with the parameter columns added.
    /// - Parameter row: The row.
    /// - Throws: ``LinkServerError`` naming the parameter: the long link cannot be read, a column
    ///   disagrees with the long link about a parameter that sets a link field,
    ///   ``FirebaseLongLink/init(query:)`` refuses the parameters, or `apn`, `ibi` or `isi` names an
    ///   app that is not in the config's `apps` section.
    package func longLink(for row: FirebaseExportRow) throws(LinkServerError) -> FirebaseLongLink {
        var query: [URLQueryItem] = []
        if let url = row.longLink {
            do throws(FirebaseLinkError) { query = try FirebaseLongLink.queryItems(in: url) } catch { throw LinkServerError(error) }
        }
        for (parameter, value) in row.parameters.sorted(by: { $0.key < $1.key }) {
            guard let given = query.first(where: { $0.name == parameter }) else {
                query.append(URLQueryItem(name: parameter, value: value))
                continue
            }
            let setsField = FirebaseLongLink.fieldParameters.contains { $0.parameter == parameter }
            guard !setsField || given.value ?? "" == value else {
                throw LinkServerError(
                    code: .invalidField, message: "the \(parameter) column says \(value) but the long link says \(given.value ?? "")",
                    field: parameter)
            }
        }
        let longLink: FirebaseLongLink
        do throws(FirebaseLinkError) { longLink = try FirebaseLongLink(query: query) } catch { throw LinkServerError(error) }
        try editor.setup.checkApps(in: query)
        return longLink
    }

    /// The link a row describes, checked as the admin API checks a new link.
    /// - Parameters:
    ///   - row: The row.
    ///   - now: The creation time.
    /// - Throws: ``LinkServerError``; its `field` is the Firebase parameter at fault (`afl`, `link`),
    ///   or `nil` when the short link is.
    package func link(for row: FirebaseExportRow, now: Date) throws(LinkServerError) -> Link {
        Self.keepingNameAndDate(of: row, created: row.creationDate, in: try link(code: code(for: row.shortLink), longLink: longLink(for: row), now: now))
    }

    /// The longest note a link name becomes; a longer name is cut, ending in `…`.
    private static let maximumNoteLength = 300

    /// The link with the row's `Link name` as its note (runs of spaces, tabs and line breaks
    /// made one space; cut to 300 characters) unless the link has a note, and the row's
    /// creation date (``FirebaseExportRow/creationDate``, read once by the caller) as
    /// `createdAt` when it is not after the import.
    private static func keepingNameAndDate(of row: FirebaseExportRow, created: Date?, in link: Link) -> Link {
        var link = link
        if link.note == nil, let name = row.name {
            let words = name.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
            let kept = words.unicodeScalars.filter { $0.properties.generalCategory != .control && !OffendingCharacter.isBidiOverride($0) }
            var note = String(String.UnicodeScalarView(kept))
            if note.count > maximumNoteLength { note = String(note.prefix(maximumNoteLength - 1)) + "…" }
            if !note.isEmpty { link.note = note }
        }
        if let created, created <= link.createdAt { link.createdAt = created }
        return link
    }

    private func link(code: String, longLink: FirebaseLongLink, now: Date) throws(LinkServerError) -> Link {
        do {
            return try editor.create(from: longLink.body(code: code), now: now, codeRules: .imported)
        } catch {
            throw LinkServerError(code: error.code, message: error.message, field: error.field.map(FirebaseLongLink.parameter(for:)))
        }
    }

    /// How many rows are looked up and written together: one `SELECT` for their codes and one
    /// `INSERT` for the new ones.
    package static let batchSize = 500

    /// Imports rows into a store, never changing a stored link.
    /// - Parameters:
    ///   - rows: The rows, in file order; read one at a time, so a sequence that reads them from
    ///     the file as it goes (``FirebaseLinkExport/RowReader``) keeps only a batch in memory.
    ///   - store: The link store.
    ///   - dryRun: Whether to only report, reading the store but writing nothing.
    ///   - now: The creation time of new links.
    /// - Returns: Every row's outcome.
    /// - Throws: ``StoreError`` when the store fails; the links stored before stay (whole batches
    ///   of ``batchSize``), and running the import again is safe.
    package func importLinks(
        _ rows: some Sequence<FirebaseExportRow>, into store: any LinkStorage, dryRun: Bool = false, now: Date = Date()
    ) async throws(StoreError) -> FirebaseImportReport {
        var entries: [FirebaseImportReport.Entry] = []
        var ignoredParameters: Set<String> = []
        var firstLines: [String: Int] = [:]
        var unreadTimestamps: [UnreadTimestamp] = []
        // Rows that passed their checks, by their place in `entries`, waiting to be written.
        var batch: [(entry: Int, link: Link)] = []
        for row in rows {
            var code: String?
            let link: Link
            do throws(LinkServerError) {
                let rowCode = try self.code(for: row.shortLink)
                code = rowCode
                if let first = firstLines[rowCode] {
                    throw LinkServerError(
                        code: .codeTaken, message: "line \(first) has the same code; the first usable row with a code is imported")
                }
                let longLink = try longLink(for: row)
                ignoredParameters.formUnion(longLink.ignoredParameters)
                let created = row.creationDate
                link = Self.keepingNameAndDate(of: row, created: created, in: try self.link(code: rowCode, longLink: longLink, now: now))
                if let timestamp = row.creationTimestamp, created == nil { unreadTimestamps.append(UnreadTimestamp(line: row.line, text: timestamp)) }
                // Only a row that passed its checks takes the code, so a later good row is not lost to a bad one.
                firstLines[rowCode] = row.line
            } catch {
                entries.append(.init(line: row.line, shortLink: row.shortLink, code: code, outcome: .skipped(error)))
                continue
            }
            batch.append((entries.count, link))
            entries.append(.init(line: row.line, shortLink: row.shortLink, code: link.code, outcome: .imported))
            if batch.count == Self.batchSize {
                try await place(batch, in: store, dryRun: dryRun, entries: &entries)
                batch.removeAll(keepingCapacity: true)
            }
        }
        try await place(batch, in: store, dryRun: dryRun, entries: &entries)
        return FirebaseImportReport(
            entries: entries, ignoredParameters: ignoredParameters.sorted(), dryRun: dryRun, unreadTimestamps: unreadTimestamps)
    }

    /// Stores a batch of links whose codes are free, and records what happened to each.
    private func place(
        _ batch: [(entry: Int, link: Link)], in store: any LinkStorage, dryRun: Bool, entries: inout [FirebaseImportReport.Entry]
    ) async throws(StoreError) {
        let outcomes = try await LinkPlacement.place(batch.map(\.link), in: store, dryRun: dryRun) { link, stored in
            Self.comparedFields.filter { $0.value(link) != $0.value(stored) }.map(\.parameter)
        }
        for ((entry, _), outcome) in zip(batch, outcomes) { entries[entry].outcome = outcome }
    }
}
